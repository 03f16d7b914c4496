import { turnOfTheLoop } from '../domain/event-loop.js';
import { lazyOperations } from './lazy.js';
import type { Transport } from './request.js';

/** Each resource's operations, by namespace: its module loads when one of them is first called (lazy.ts). */
const NAMESPACES = {
  auth: () => import('./endpoints/auth.js').then((m) => m.authEndpoints),
  regions: () => import('./endpoints/regions.js').then((m) => m.regionEndpoints),
  environments: () => import('./endpoints/environments.js').then((m) => m.environmentEndpoints),
  keypairs: () => import('./endpoints/keypairs.js').then((m) => m.keypairEndpoints),
  catalog: () => import('./endpoints/catalog.js').then((m) => m.catalogEndpoints),
  vms: () => import('./endpoints/vms.js').then((m) => m.vmEndpoints),
  firewalls: () => import('./endpoints/firewalls.js').then((m) => m.firewallEndpoints),
  snapshots: () => import('./endpoints/snapshots.js').then((m) => m.snapshotEndpoints),
  profiles: () => import('./endpoints/profiles.js').then((m) => m.profileEndpoints),
  volumes: () => import('./endpoints/volumes.js').then((m) => m.volumeEndpoints),
  clusters: () => import('./endpoints/clusters.js').then((m) => m.clusterEndpoints),
  billing: () => import('./endpoints/billing.js').then((m) => m.billingEndpoints),
  credit: () => import('./endpoints/credit.js').then((m) => m.creditEndpoints),
  images: () => import('./endpoints/images.js').then((m) => m.imageEndpoints),
  apiKeys: () => import('./endpoints/api-keys.js').then((m) => m.apiKeyEndpoints),
  rbac: () => import('./endpoints/rbac.js').then((m) => m.rbacEndpoints),
  objectStorage: () => import('./endpoints/object-storage.js').then((m) => m.objectStorageEndpoints),
  topUp: () => import('./endpoints/top-up.js').then((m) => m.topUpEndpoints),
  billingHistory: () => import('./endpoints/billing-history.js').then((m) => m.billingHistoryEndpoints),
  contracts: () => import('./endpoints/contracts.js').then((m) => m.contractEndpoints),
};

type Namespaces = typeof NAMESPACES;

/** Every operation of the service, typed, over one transport (the real service or the simulator). */
export type Api = { [K in keyof Namespaces]: ReturnType<Awaited<ReturnType<Namespaces[K]>>> };

/** The api over `t`; a resource's code loads when one of its operations is first called. */
export function createApi(t: Transport): Api {
  const api = {} as Record<keyof Namespaces, unknown>;
  for (const [name, load] of Object.entries(NAMESPACES) as Array<
    [keyof Namespaces, () => Promise<(t: Transport) => object>]
  >) {
    api[name] = lazyOperations(() => load().then((make) => make(t)));
  }
  return api as Api;
}

/** Loads every resource's code not loaded yet, one after another (the app, once its first frame is out). */
export async function preloadApi(): Promise<void> {
  for (const load of Object.values(NAMESPACES)) {
    await load();
    await turnOfTheLoop();
  }
}

/** The api with every resource's code loaded, its operations as plain functions (to list them: tests). */
export async function loadedApi(t: Transport): Promise<Api> {
  const entries = await Promise.all(
    Object.entries(NAMESPACES).map(async ([name, load]) => [name, (await load())(t as never)] as const),
  );
  return Object.fromEntries(entries) as Api;
}

export type { CollectOptions } from './endpoints/paginate.js';
export type { CallOptions, ListOptions, Page } from './endpoints/shared.js';
export type { VmListOptions } from './endpoints/vms.js';
