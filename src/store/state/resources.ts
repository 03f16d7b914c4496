import type { StoreApi } from 'zustand/vanilla';
import type { Api } from '../../api/client.js';
import type { Overview } from '../../api/schemas/dashboard.js';
import type { MetricDuration } from '../../api/schemas/metrics.js';
import type { Vm } from '../../api/schemas/vm.js';
import { clusterMoving } from '../../domain/cluster.js';
import { isTransitioning } from '../../domain/vm-state.js';
import { volumeMoving } from '../../domain/volumes.js';
import { listRefresh } from '../engine/list-refresh.js';
import {
  type PartialRefresh,
  Poller,
  type PollerOptions,
  type PollTarget,
  type SliceState,
} from '../engine/poller.js';
import type { BillQuery, BillsQuery } from './bill-detail.js';
import { PENDING_MS, type PendingMark } from './pending.js';
import { decodeKey, encodeKey, type StoreKey } from './resource-key.js';

/** What a loader may read of the app's state: the slices, the pending marks, the rows on screen. */
type StateSource = {
  getState(): SliceState & {
    pending?: Readonly<Record<string, PendingMark>>;
    visibleIds?: Readonly<Record<string, readonly number[]>>;
  };
};

type Loader<A, T> = (api: Api, arg: A, signal: AbortSignal, store?: StateSource) => Promise<T>;
/** A resource loaded whole, with no argument ("vms"). */
const whole =
  <T>(load: (api: Api, signal: AbortSignal, store?: StateSource) => Promise<T>): Loader<undefined, T> =>
  (api, _, signal, store) =>
    load(api, signal, store);
/** A resource of an argument (a VM's events: the VM's id): its loader takes the argument typed. */
const keyed = <A, T>(load: Loader<A, T>): Loader<A, T> => load;

/** The query of a usage list (the billing screen's deleted toggle and environment filter). */
export interface UsageQuery {
  deleted: boolean;
  environment?: string | undefined;
}

/** A bucket: the service names it by its name and region. */
export interface BucketRef {
  name: string;
  region: string;
}

/** One VM's or volume's hourly cost over a period (epoch ms), or the whole account's by day ('account', id 0). */
export interface GraphQuery {
  kind: 'vm' | 'volume' | 'account';
  id: number;
  start: number;
  end: number;
}

export type { BillQuery, BillsQuery } from './bill-detail.js';

/** A contract's GPUs allocated over a period (epoch ms). */
export interface ContractGpusQuery {
  id: number;
  start: number;
  end: number;
}

/**
 * Every resource the app can load, by its kind. A list has a plain key ("vms"); a detail or a query has an
 * argument, typed here, and a key built from it by `storeKey('vm-events', 12)`. The data types follow from the api
 * functions, so `ResourceData` can never disagree with what is loaded.
 */
const LOADERS = {
  vms: whole((api, signal) => api.vms.listAll({ signal })),
  stocks: whole((api, signal) => api.catalog.stocks({ signal })),
  flavors: whole((api, signal) => api.catalog.flavors({ signal })),
  dashboard: whole((api, signal) => api.catalog.dashboard({ signal })),
  clusters: whole((api, signal) => api.clusters.list({ signal })),
  firewalls: whole((api, signal) => api.firewalls.list({ signal }).then((p) => p.items)),
  environments: whole((api, signal) => api.environments.list({ signal }).then((p) => p.items)),
  keypairs: whole((api, signal) => api.keypairs.list({ signal }).then((p) => p.items)),
  images: whole((api, signal) => api.catalog.images({ signal })),
  pricebook: whole((api, signal) => api.billing.pricebook({ signal })),
  regions: whole((api, signal) => api.regions.list({ signal })),
  profiles: whole((api, signal) => api.profiles.list({ signal })),
  // the user's API keys, without their secrets (the service's list masks them; the client keeps none)
  'api-keys': whole((api, signal) => api.apiKeys.list({ signal })),
  // every version with its region: a cluster is created with a version of its environment's region
  'cluster-versions': whole((api, signal) => api.clusters.versionList({ signal })),
  // the flavors a master node may use (the create-cluster form offers only these when the service lists them)
  'cluster-master-flavors': whole((api, signal) => api.clusters.masterFlavors({ signal })),
  contracts: whole((api, signal) => api.billing.contracts({ signal }).then((p) => p.items)),
  payments: whole((api, signal) => api.billing.payments({ signal })),
  // plain "usage": the active resources of every environment
  usage: keyed((api, q: UsageQuery | undefined, signal) =>
    api.billing.usage({
      signal,
      deleted: q?.deleted ?? false,
      ...(q?.environment !== undefined ? { environment: q.environment } : {}),
    }),
  ),
  // One object, read while its detail is open: the service's single reads carry it whole (nodes, attachments).
  firewall: keyed((api, id: number, signal) => api.firewalls.get(id, { signal })),
  environment: keyed((api, id: number, signal) => api.environments.get(id, { signal })),
  // the protocols a firewall rule may name (the add-rule form offers them; the built-in list until they arrive)
  'rule-protocols': whole((api, signal) => api.firewalls.protocols({ signal })),
  // how many more VMs an environment's subnet holds (the create forms say it and refuse a count over it)
  'vm-quota': keyed((api, id: number, signal) => api.environments.vmQuota(id, { signal })),
  vm: keyed((api, id: number, signal) => api.vms.get(id, { signal })),
  profile: keyed((api, id: number, signal) => api.profiles.get(id, { signal })),
  // one image, read while its detail is open (Get_Image)
  image: keyed((api, id: number, signal) => api.images.get(id, { signal })),
  // The contract a VM is billed under (its terms and discounts, in the VM's detail).
  contract: keyed((api, id: number, signal) => api.billing.contract(id, { signal })),
  cluster: keyed((api, id: number, signal) => api.clusters.get(id, { signal })),
  organization: whole((api, signal) => api.auth.organization({ signal })),
  invites: whole((api, signal) => api.auth.invites.list({ signal })),
  policies: whole((api, signal) => api.auth.policies({ signal })),
  // RBAC: the organisation's roles, one role, every permission a role can grant, the key's user's own, a member's
  roles: whole((api, signal) => api.rbac.roles({ signal })),
  role: keyed((api, id: number, signal) => api.rbac.role(id, { signal })),
  permissions: whole((api, signal) => api.rbac.permissions({ signal })),
  'my-permissions': whole((api, signal) => api.rbac.myPermissions({ signal })),
  'user-permissions': keyed((api, id: number, signal) => api.rbac.userPermissions(id, { signal })),
  // object storage: the buckets (and the regions that did not answer), one bucket, access keys, regions, health
  buckets: whole((api, signal) => api.objectStorage.buckets({ signal })),
  bucket: keyed((api, b: BucketRef, signal) => api.objectStorage.bucket(b.name, b.region, { signal })),
  'access-keys': whole((api, signal) => api.objectStorage.accessKeys({ signal })),
  'storage-regions': whole((api, signal) => api.objectStorage.regions({ signal })),
  'storage-health': whole((api, signal) => api.objectStorage.health({ signal })),
  'vm-events': keyed((api, id: number, signal) => api.vms.events(id, { signal })),
  // the series of a VM over a duration (the service's default without one)
  'vm-metrics': keyed((api, m: { id: number; duration?: MetricDuration }, signal) =>
    api.vms.metrics(m.id, { signal, duration: m.duration }),
  ),
  'vm-rate': keyed((api, id: number, signal) => api.billing.resourceRate('instance', id, { signal })),
  'cluster-events': keyed((api, id: number, signal) => api.clusters.events(id, { signal })),
  snapshots: whole((api, signal) => api.snapshots.listAll({ signal })),
  snapshot: keyed((api, id: number, signal) => api.snapshots.get(id, { signal })),
  'snapshot-events': keyed((api, id: number, signal) => api.snapshots.events(id, { signal })),
  'cluster-rate': keyed((api, id: number, signal) => api.billing.resourceRate('cluster', id, { signal })),
  'volume-rate': keyed((api, id: number, signal) => api.billing.resourceRate('volume', id, { signal })),
  volumes: whole((api, signal) => api.volumes.listAll({ signal })),
  volume: keyed((api, id: number, signal) => api.volumes.get(id, { signal })),
  'volume-types': whole((api, signal) => api.volumes.types({ signal })),
  // credit and alerts (the header's warning reads credit and dashboard on every screen)
  credit: whole((api, signal) => api.credit.credit({ signal })),
  // the dashboard again, polled slowly: the burn rate the header's credit warning divides by, on every screen;
  // where the screen polls the dashboard itself (stock, billing), its fresh answer serves, with no request of its own
  burn: whole(
    (api, signal, store) =>
      confirmedWithin<Overview>(store, 'dashboard', BURN_MS) ?? api.catalog.dashboard({ signal }),
  ),
  'last-day-cost': whole((api, signal) => api.credit.lastDayCost({ signal })),
  thresholds: whole((api, signal) => api.credit.thresholds({ signal })),
  'billing-graph': keyed((api, g: GraphQuery, signal) => {
    const period = { start: g.start, end: g.end };
    // the credit endpoints' code loads with the first call to them (src/api/lazy.ts), not with the store
    if (g.kind === 'account') {
      return import('../../api/endpoints/credit.js').then((m) =>
        m.accountHistory(api.credit, period, { signal }),
      );
    }
    return g.kind === 'volume'
      ? api.credit.volumeGraph(g.id, period, { signal })
      : api.credit.vmGraph(g.id, period, { signal });
  }),
  // billing history per resource kind, and one resource's (the loader's code loads with its first call)
  bills: keyed((api, q: BillsQuery, signal) => api.billingHistory.kinds[q.kind].list(q, { signal })),
  bill: keyed((api, q: BillQuery, signal) =>
    import('./bill-detail.js').then((m) => m.loadBill(api, q, signal)),
  ),
  // auto top-up: its status (null: never set up) and the setting itself (its id and when it changed)
  'auto-topup': whole((api, signal) =>
    Promise.all([api.topUp.status({ signal }), api.topUp.autoTopup({ signal })]).then(
      ([status, setting]) => ({
        status,
        setting,
      }),
    ),
  ),
  // what runs under a contract, and its GPUs allocated over time against what it reserves
  'contract-vms': keyed((api, id: number, signal) => api.contracts.vms(id, { signal })),
  'contract-gpus': keyed((api, q: ContractGpusQuery, signal) =>
    api.contracts.gpuAllocation(q.id, q, { signal }),
  ),
};

export type ResourceKind = keyof typeof LOADERS;
/** What each kind of resource holds once loaded. */
export type ResourceData = { [K in ResourceKind]: Awaited<ReturnType<(typeof LOADERS)[K]>> };
/** The argument a kind is loaded with (undefined: none). */
export type ArgOf<K extends ResourceKind> = Parameters<(typeof LOADERS)[K]>[1];
/** Kinds with a plain key ("vms"). */
export type PlainKind = { [K in ResourceKind]: undefined extends ArgOf<K> ? K : never }[ResourceKind];
/** Kinds with an argument in their key ("vm-events" of a VM). */
export type KeyedKind = {
  [K in ResourceKind]: [Exclude<ArgOf<K>, undefined>] extends [never] ? never : K;
}[ResourceKind];
/** A store key: a plain kind, or a kind with its argument built by `storeKey`. A typo does not compile. */
export type ResourceKey = PlainKind | { [K in KeyedKind]: StoreKey<K> }[KeyedKind];
/** The data type of a store key. */
export type DataOf<X extends ResourceKey> = X extends ResourceKind
  ? ResourceData[X]
  : X extends StoreKey<infer K extends ResourceKind>
    ? ResourceData[K]
    : never;

/** The store key of a kind with its argument: `storeKey('vm-events', 12)`, `storeKey('vm-metrics', {id, duration})`. */
export function storeKey<K extends KeyedKind>(kind: K, arg: Exclude<ArgOf<K>, undefined>): StoreKey<K> {
  return encodeKey(kind, arg) as StoreKey<K>;
}

/** An action on one of these (`pending` key `prefix` + id) was sent, and the data may not show it yet. */
const pendingUnder = (store: StateSource | undefined, prefix: string) =>
  Object.entries(store?.getState().pending ?? {}).some(
    ([k, m]) => k.startsWith(prefix) && Date.now() - m.at < PENDING_MS,
  );

/** While these hold, the key is polled fast (something in it is changing state). */
const TRANSITIONING: {
  [K in ResourceKind]?: (data: ResourceData[K], arg: ArgOf<K>, store?: StateSource) => boolean;
} = {
  // Fast while a VM moves, or while an action was sent but the data does not show it yet.
  vms: (vms, _, store) => vms.some((v) => isTransitioning(v.status)) || pendingUnder(store, 'vm:'),
  clusters: (cs) => cs.some(clusterMoving),
  // Fast while a snapshot is being taken (CREATING → SUCCESS), or one was just asked to change.
  snapshots: (ss, _, store) =>
    ss.some((x) => x.status === 'CREATING' || x.status === 'DELETING') || pendingUnder(store, 'snapshot:'),
  'snapshot-events': (_, arg, store) =>
    readData(store, 'snapshots')?.some((x) => x.id === arg && x.status === 'CREATING') ?? false,
  cluster: clusterMoving,
  // Fast while a volume is created, attached or detached, or one was just asked to change.
  volumes: (vs, _, store) => vs.some((v) => volumeMoving(v.status)) || pendingUnder(store, 'volume:'),
  volume: (v) => volumeMoving(v.status),
  vm: (v) => isTransitioning(v.status),
  // New events arrive while the cluster is being created: fast then, like the list.
  // a new setting waits for its card to be confirmed in the console: followed until it is (or not)
  'auto-topup': (a) => a.status.status === 'pending_setup',
  'cluster-events': (_, arg, store) =>
    readData(store, 'clusters')?.some((c) => c.id === arg && clusterMoving(c)) ?? false,
};

/** How the poller loads a store key (undefined for a key no resource answers to). */
export function targetFor(api: Api, key: string, store?: StateSource): PollTarget | undefined {
  let decoded: { kind: string; arg: unknown };
  try {
    decoded = decodeKey(key);
  } catch {
    return undefined; // not a key storeKey built
  }
  const { kind, arg } = decoded;
  if (!(kind in LOADERS)) return undefined;
  const k = kind as ResourceKind;
  const load = LOADERS[k] as Loader<unknown, unknown>;
  const moving = TRANSITIONING[k] as
    | ((data: unknown, arg: unknown, store?: StateSource) => boolean)
    | undefined;
  const slowMs = SLOW[k];
  const partial = arg === undefined ? PARTIAL[k]?.(api, store) : undefined;
  return {
    load: (signal) => load(api, arg, signal, store),
    ...(partial ? { partial: partial as PartialRefresh } : {}),
    ...(moving ? { transitioning: (data: unknown) => moving(data, arg, store) } : {}),
    ...(slowMs ? { minIntervalMs: slowMs } : {}),
  };
}

/** The app's poller: each key loaded as its resource says, over `api`, reading the state `store` holds. */
export function resourcePoller(
  api: Api,
  store: StoreApi<SliceState> & StateSource,
  opts?: PollerOptions,
): Poller<ResourceKey> {
  return new Poller<ResourceKey>(store, (key) => targetFor(api, key, store), opts);
}

/**
 * Lists that may be big: between full loads (as often as their cost allows, see refresh-policy.ts) the poller
 * reads the VMs changing state or with an action under way alone, and the ones on screen as pages of the list
 * when they are a run of it (the list is held in the service's order: oldest first), else alone.
 */
const PARTIAL: { [K in ResourceKind]?: (api: Api, store?: StateSource) => PartialRefresh<ResourceData[K]> } =
  {
    vms: (api, store) =>
      listRefresh<Vm>({
        urgent: (vms) => [
          ...pendingIds(store, 'vm:'),
          ...vms.filter((v) => isTransitioning(v.status)).map((v) => v.id),
        ],
        visible: () => store?.getState().visibleIds?.vms ?? [],
        readOne: (id, signal) => api.vms.get(id, { signal }),
        readPage: (page, pageSize, signal) => api.vms.list({ page, pageSize, signal }),
      }),
  };

/** The ids of the pending marks under `prefix` ("vm:12" → 12). */
function pendingIds(store: StateSource | undefined, prefix: string): number[] {
  return Object.keys(store?.getState().pending ?? {})
    .filter((k) => k.startsWith(prefix))
    .map((k) => Number(k.slice(prefix.length)))
    .filter(Number.isInteger);
}

/** A slice's data when the service confirmed it less than `maxAgeMs` ago (else undefined: load it). */
function confirmedWithin<T>(
  store: StateSource | undefined,
  key: string,
  maxAgeMs: number,
): Promise<T> | undefined {
  const slice = store?.getState().slices[key];
  if (slice?.data === undefined || slice.updatedAt === undefined) return undefined;
  return Date.now() - slice.updatedAt < maxAgeMs ? Promise.resolve(slice.data as T) : undefined;
}

// read on every screen by the header: once a minute is enough to say hours left
const BURN_MS = 60_000;

/** Data that hardly ever changes (the service's regions): loaded at most this often. */
const SLOW: { [K in ResourceKind]?: number } = {
  regions: 10 * 60_000,
  'storage-regions': 10 * 60_000,
  credit: BURN_MS,
  burn: BURN_MS,
  'last-day-cost': 10 * 60_000,
  // prices and contracts change by the day: the VM list's $/h and the waste view read them
  pricebook: 10 * 60_000,
  contracts: 10 * 60_000,
  // hourly points over a fixed period (the account's history costs a request a day of it): a minute is fresh
  'billing-graph': BURN_MS,
  bills: BURN_MS,
  bill: BURN_MS,
  'contract-gpus': BURN_MS,
  'contract-vms': BURN_MS,
};

/** The data of a store key as the store holds it now (undefined until loaded). */
export function readData<K extends ResourceKey>(
  store: StateSource | undefined,
  key: K,
): DataOf<K> | undefined {
  return store ? readSlices(store.getState())(key) : undefined;
}

/** A typed reader over a state's slices (in selectors, where there is a state and no store). */
export function readSlices(s: SliceState): <K extends ResourceKey>(key: K) => DataOf<K> | undefined {
  return (key) => s.slices[key]?.data as DataOf<typeof key> | undefined;
}

/** The store key of a usage query: plain "usage" for the active resources of every environment. */
export function usageKey(deleted: boolean, environment?: string): UsageKey {
  return deleted || environment
    ? storeKey('usage', { deleted, environment: environment || undefined })
    : 'usage';
}
export type UsageKey = 'usage' | StoreKey<'usage'>;
