/**
 * THE list of screens. Everything that names screens derives from it: `--screen` and its help text, the number keys,
 * the `:` palette, the header's tabs, the data the first frame waits for, the help, and the README's list (a test
 * checks it). Adding a screen is its own file plus one entry here.
 *
 * Components are loaded with `load()`: the start-up reads this list (which screen, which data first) and sends the
 * first requests before any UI code is loaded (see src/app/run.ts).
 */
import type { ComponentType } from 'react';
import type { ScreenName } from '../src/domain/registered.js';
import type { ResourceKey } from '../src/store/state/resources.js';
import type { Binding } from '../src/ui/bindings.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import type { ListName } from './lists/kinds.js';

/** One screen (`N`: its name; the registry's own entries are checked as any string, the rest take its names). */
export interface ScreenDef<N extends string = ScreenName> {
  /** What `:` and `--screen` take (and the header's tab). */
  name: N;
  /** Other names `:` and `--screen` accept. */
  aliases: readonly string[];
  /** Its title: the top line of the screen, its section in the help, its line in the palette. */
  title: string;
  /** Its number key (main screens only; every screen is reachable by `:`). */
  key?: string;
  /** The store keys the first frame waits for when the app starts on this screen. */
  first: readonly ResourceKey[];
  /**
   * The lists of its tables `get` prints (declared in screens/lists/), or why it has none: a screen's table is a
   * list `get` prints, with the same columns (test/unit/get-lists.test.ts).
   */
  get: readonly ListName[] | { none: string };
  /** The store key whose age and errors the header shows; none for a screen of the app's own data (`:log`). */
  primary?: ResourceKey;
  load(): Promise<ComponentType<ScreenProps>>;
  /** Every key the screen can bind, for the keys config (its module's `ACTIONS`). */
  actions(): Promise<readonly Binding[]>;
}

export const SCREEN_REGISTRY = [
  {
    name: 'stock',
    aliases: ['gpus', 'flavors'],
    title: 'GPU stock',
    key: '1',
    get: ['stock', 'flavors'],
    first: ['stocks', 'flavors', 'dashboard', 'pricebook'],
    primary: 'stocks',
    load: () => import('./stock.js').then((m) => m.StockScreen),
    actions: () => import('./stock.js').then((m) => m.ACTIONS),
  },
  {
    name: 'vms',
    aliases: ['vm', 'machines'],
    title: 'Virtual machines',
    key: '2',
    get: ['vms'],
    first: ['vms', 'environments'],
    primary: 'vms',
    load: () => import('./vms.js').then((m) => m.VmsScreen),
    actions: () => import('./vms.js').then((m) => m.ACTIONS),
  },
  {
    name: 'clusters',
    aliases: ['k8s', 'kubernetes'],
    title: 'Kubernetes clusters (beta)',
    key: '3',
    get: ['clusters'],
    first: ['clusters', 'environments'],
    primary: 'clusters',
    load: () => import('./clusters.js').then((m) => m.ClustersScreen),
    actions: () => import('./clusters.js').then((m) => m.ACTIONS),
  },
  {
    name: 'firewalls',
    aliases: ['fw', 'rules'],
    title: 'Firewalls',
    key: '4',
    get: ['firewalls'],
    first: ['firewalls'],
    primary: 'firewalls',
    load: () => import('./firewalls.js').then((m) => m.FirewallsScreen),
    actions: () => import('./firewalls.js').then((m) => m.ACTIONS),
  },
  {
    name: 'billing',
    aliases: ['costs', 'usage'],
    title: 'Billing',
    key: '5',
    get: ['usage'],
    first: ['usage', 'dashboard'],
    primary: 'dashboard',
    load: () => import('./billing.js').then((m) => m.BillingScreen),
    actions: () => import('./billing.js').then((m) => m.ACTIONS),
  },
  {
    name: 'keys',
    aliases: ['keypairs', 'environments', 'envs'],
    title: 'Key pairs and environments',
    key: '6',
    get: ['keypairs'],
    first: ['keypairs', 'environments'],
    primary: 'keypairs',
    load: () => import('./keypairs.js').then((m) => m.KeypairsScreen),
    actions: () => import('./keypairs.js').then((m) => m.ACTIONS),
  },
  {
    name: 'snapshots',
    aliases: ['snap', 'snapshot'],
    title: 'Snapshots',
    get: ['snapshots'],
    first: ['snapshots', 'vms'],
    primary: 'snapshots',
    load: () => import('./snapshots.js').then((m) => m.SnapshotsScreen),
    actions: () => import('./snapshots.js').then((m) => m.ACTIONS),
  },
  {
    name: 'volumes',
    aliases: ['vol', 'volume', 'disks'],
    title: 'Volumes',
    get: ['volumes'],
    first: ['volumes', 'vms'],
    primary: 'volumes',
    load: () => import('./volumes.js').then((m) => m.VolumesScreen),
    actions: () => import('./volumes.js').then((m) => m.ACTIONS),
  },
  {
    name: 'profiles',
    aliases: ['profile', 'templates'],
    title: 'Provisioning profiles',
    get: ['profiles'],
    first: ['profiles', 'environments'],
    primary: 'profiles',
    load: () => import('./profiles.js').then((m) => m.ProfilesScreen),
    actions: () => import('./profiles.js').then((m) => m.ACTIONS),
  },
  {
    name: 'images',
    aliases: ['image', 'custom-images'],
    title: 'Images',
    get: ['images'],
    first: ['images'],
    primary: 'images',
    load: () => import('./images.js').then((m) => m.ImagesScreen),
    actions: () => import('./images.js').then((m) => m.ACTIONS),
  },
  {
    name: 'api-keys',
    aliases: ['apikeys', 'keys-api', 'tokens'],
    title: 'API keys',
    get: ['api-keys'],
    first: ['api-keys'],
    primary: 'api-keys',
    load: () => import('./api-keys.js').then((m) => m.ApiKeysScreen),
    actions: () => import('./api-keys.js').then((m) => m.ACTIONS),
  },
  {
    name: 'buckets',
    aliases: ['bucket', 'object-storage', 's3', 'access-keys'],
    title: 'Object storage',
    get: ['buckets', 'access-keys'],
    first: ['buckets', 'storage-regions', 'storage-health'],
    primary: 'buckets',
    load: () => import('./buckets.js').then((m) => m.BucketsScreen),
    actions: () => import('./buckets.js').then((m) => m.ACTIONS),
  },
  {
    name: 'org',
    aliases: ['organization', 'access', 'members', 'invites', 'policies'],
    title: 'Organization and access',
    get: ['members', 'invites', 'policies'],
    first: ['organization', 'invites'],
    primary: 'organization',
    load: () => import('./org.js').then((m) => m.OrgScreen),
    actions: () => import('./org.js').then((m) => m.ACTIONS),
  },
  {
    name: 'roles',
    aliases: ['rbac', 'role', 'permissions'],
    title: 'RBAC roles',
    get: ['roles'],
    first: ['roles', 'organization', 'my-permissions'],
    primary: 'roles',
    load: () => import('./roles.js').then((m) => m.RolesScreen),
    actions: () => import('./roles.js').then((m) => m.ACTIONS),
  },
  {
    name: 'waste',
    aliases: ['idle', 'savings'],
    title: 'Waste',
    get: {
      none: 'its rows are judged from six lists, the pricebook and each VM’s metrics, read over minutes',
    },
    first: ['vms', 'volumes', 'clusters', 'snapshots', 'pricebook', 'contracts'],
    primary: 'vms',
    load: () => import('./waste.js').then((m) => m.WasteScreen),
    actions: () => import('./waste.js').then((m) => m.ACTIONS),
  },
  {
    name: 'log',
    aliases: ['actions', 'history'],
    title: 'Action log',
    get: { none: 'the app’s own log of this session: nothing the service lists' },
    first: [],
    load: () => import('./log.js').then((m) => m.LogScreen),
    actions: () => import('./log.js').then((m) => m.ACTIONS),
  },
] as const satisfies readonly ScreenDef<string>[];

export type { ScreenName };

// the names below the screens take (the store's screen, handoffs, --screen) are the registry's
declare module '../src/domain/registered.js' {
  interface Registered {
    screen: (typeof SCREEN_REGISTRY)[number]['name'];
  }
}

/** The screen a name or alias stands for (any case), or undefined. */
export function findScreen(name: string): (typeof SCREEN_REGISTRY)[number] | undefined {
  const n = name.trim().toLowerCase();
  return SCREEN_REGISTRY.find((s) => s.name === n || (s.aliases as readonly string[]).includes(n));
}
