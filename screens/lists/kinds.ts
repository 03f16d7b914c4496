/**
 * The kinds `get` lists, in the order its help names them, with their other names: one per list a screen shows
 * (screens/lists/index.ts gives each its list; the compiler holds the two to the same names). Names only, no
 * imports: the command registry reads them at start-up (the help, the completion).
 */
export const LIST_KINDS = {
  vms: ['vm'],
  stock: ['stocks'],
  flavors: ['flavor'],
  clusters: ['cluster'],
  firewalls: ['firewall'],
  volumes: ['volume'],
  snapshots: ['snapshot'],
  images: ['image'],
  'api-keys': ['api-key'],
  buckets: ['bucket'],
  'access-keys': ['access-key'],
  keypairs: ['keypair', 'keys'],
  profiles: ['profile'],
  members: ['member'],
  invites: ['invite', 'invitations'],
  policies: ['policy'],
  roles: ['role'],
  usage: [],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** A kind `get` lists. */
export type ListName = keyof typeof LIST_KINDS;
