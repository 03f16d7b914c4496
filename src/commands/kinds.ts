/** What `get` lists, in the order its help names them; singular forms are accepted too. */
export const GET_KINDS = [
  'vms',
  'stock',
  'flavors',
  'clusters',
  'firewalls',
  'volumes',
  'snapshots',
  'usage',
  'images',
  'api-keys',
] as const;
export type GetKind = (typeof GET_KINDS)[number];

const ALIASES: Readonly<Record<string, GetKind>> = {
  vm: 'vms',
  stocks: 'stock',
  flavor: 'flavors',
  cluster: 'clusters',
  firewall: 'firewalls',
  volume: 'volumes',
  snapshot: 'snapshots',
  image: 'images',
  'api-key': 'api-keys',
};

export function findKind(name: string): GetKind | undefined {
  const n = name.toLowerCase();
  return (GET_KINDS as readonly string[]).includes(n) ? (n as GetKind) : ALIASES[n];
}

/** Output formats of `get`. */
export const OUTPUTS = ['table', 'wide', 'json', 'name'] as const;
export type Output = (typeof OUTPUTS)[number];

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
