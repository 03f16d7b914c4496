import type { Api } from '../../api/client.js';
import type { Overview } from '../../api/schemas/dashboard.js';
import { METRIC_DURATIONS, type MetricDuration } from '../../api/schemas/metrics.js';
import type { Vm } from '../../api/schemas/vm.js';
import { isTransitioning } from '../../domain/vm-state.js';
import { volumeMoving } from '../../domain/volumes.js';
import { listRefresh } from '../engine/list-refresh.js';
import type { PartialRefresh, PollTarget, SliceState } from '../engine/poller.js';
import { PENDING_MS, type PendingMark } from './pending.js';

/** What a loader may read of the app's state: the slices, the pending marks, the rows on screen. */
type StateSource = {
  getState(): SliceState & {
    pending?: Readonly<Record<string, PendingMark>>;
    visibleIds?: Readonly<Record<string, readonly number[]>>;
  };
};

type Loader<T = unknown> = (
  api: Api,
  arg: string | undefined,
  signal: AbortSignal,
  store?: StateSource,
) => Promise<T>;
/** Types one loader from what its api call returns. */
const loader = <T>(load: Loader<T>): Loader<T> => load;

/**
 * Every resource the app can load, by the kind part of its store key. Lists have a plain key ("vms"); details and
 * queries carry an argument after a colon ("vm-events:12", "usage:deleted:env:prod"). The data types follow from
 * the api functions, so `ResourceData` can never disagree with what is loaded.
 */
const LOADERS = {
  vms: loader((api, _, signal) => api.vms.listAll({ signal })),
  stocks: loader((api, _, signal) => api.catalog.stocks({ signal })),
  flavors: loader((api, _, signal) => api.catalog.flavors({ signal })),
  dashboard: loader((api, _, signal) => api.catalog.dashboard({ signal })),
  clusters: loader((api, _, signal) => api.clusters.list({ signal })),
  firewalls: loader((api, _, signal) => api.firewalls.list({ signal }).then((p) => p.items)),
  environments: loader((api, _, signal) => api.environments.list({ signal }).then((p) => p.items)),
  keypairs: loader((api, _, signal) => api.keypairs.list({ signal }).then((p) => p.items)),
  images: loader((api, _, signal) => api.catalog.images({ signal })),
  pricebook: loader((api, _, signal) => api.billing.pricebook({ signal })),
  regions: loader((api, _, signal) => api.regions.list({ signal })),
  profiles: loader((api, _, signal) => api.profiles.list({ signal })),
  // every version with its region: a cluster is created with a version of its environment's region
  'cluster-versions': loader((api, _, signal) => api.clusters.versionList({ signal })),
  // the flavors a master node may use (the create-cluster form offers only these when the service lists them)
  'cluster-master-flavors': loader((api, _, signal) => api.clusters.masterFlavors({ signal })),
  contracts: loader((api, _, signal) => api.billing.contracts({ signal }).then((p) => p.items)),
  payments: loader((api, _, signal) => api.billing.payments({ signal })),
  usage: loader((api, arg, signal) => {
    const q = usageQuery(arg);
    return api.billing.usage({
      signal,
      deleted: q.deleted,
      ...(q.environment !== undefined ? { environment: q.environment } : {}),
    });
  }),
  // One object, read while its detail is open: the service's single reads carry it whole (nodes, attachments).
  firewall: loader((api, arg, signal) => api.firewalls.get(Number(arg), { signal })),
  environment: loader((api, arg, signal) => api.environments.get(Number(arg), { signal })),
  vm: loader((api, arg, signal) => api.vms.get(Number(arg), { signal })),
  profile: loader((api, arg, signal) => api.profiles.get(Number(arg), { signal })),
  // The contract a VM is billed under (its terms and discounts, in the VM's detail).
  contract: loader((api, arg, signal) => api.billing.contract(Number(arg), { signal })),
  cluster: loader((api, arg, signal) => api.clusters.get(Number(arg), { signal })),
  organization: loader((api, _, signal) => api.auth.organization({ signal })),
  invites: loader((api, _, signal) => api.auth.invites.list({ signal })),
  policies: loader((api, _, signal) => api.auth.policies({ signal })),
  'vm-events': loader((api, arg, signal) => api.vms.events(Number(arg), { signal })),
  // "vm-metrics:12:1d": the series of VM 12 over the last day
  'vm-metrics': loader((api, arg, signal) => {
    const [id, duration] = (arg ?? '').split(':');
    return api.vms.metrics(Number(id), { signal, duration: metricDuration(duration) });
  }),
  'vm-rate': loader((api, arg, signal) => api.billing.resourceRate('instance', Number(arg), { signal })),
  'cluster-events': loader((api, arg, signal) => api.clusters.events(Number(arg), { signal })),
  snapshots: loader((api, _, signal) => api.snapshots.listAll({ signal })),
  snapshot: loader((api, arg, signal) => api.snapshots.get(Number(arg), { signal })),
  'snapshot-events': loader((api, arg, signal) => api.snapshots.events(Number(arg), { signal })),
  'cluster-rate': loader((api, arg, signal) => api.billing.resourceRate('cluster', Number(arg), { signal })),
  'volume-rate': loader((api, arg, signal) => api.billing.resourceRate('volume', Number(arg), { signal })),
  volumes: loader((api, _, signal) => api.volumes.listAll({ signal })),
  volume: loader((api, arg, signal) => api.volumes.get(Number(arg), { signal })),
  'volume-types': loader((api, _, signal) => api.volumes.types({ signal })),
  // credit and alerts (the header's warning reads credit and dashboard on every screen)
  credit: loader((api, _, signal) => api.credit.credit({ signal })),
  // the dashboard again, polled slowly: the burn rate the header's credit warning divides by, on every screen;
  // where the screen polls the dashboard itself (stock, billing), its fresh answer serves, with no request of its own
  burn: loader(
    (api, _, signal, store) =>
      confirmedWithin<Overview>(store, 'dashboard', BURN_MS) ?? api.catalog.dashboard({ signal }),
  ),
  'last-day-cost': loader((api, _, signal) => api.credit.lastDayCost({ signal })),
  thresholds: loader((api, _, signal) => api.credit.thresholds({ signal })),
  // "billing-graph:vm:12:START:END" (epoch ms): one VM's or volume's hourly cost over a period
  'billing-graph': loader((api, arg, signal) => {
    const [kind, id, start, end] = (arg ?? '').split(':');
    const period = { start: Number(start), end: Number(end) };
    return kind === 'volume'
      ? api.credit.volumeGraph(Number(id), period, { signal })
      : api.credit.vmGraph(Number(id), period, { signal });
  }),
};

export type ResourceKind = keyof typeof LOADERS;
/** What each kind of resource holds once loaded. */
export type ResourceData = { [K in ResourceKind]: Awaited<ReturnType<(typeof LOADERS)[K]>> };
/** A store key: a kind, or a kind with its argument ("vm-events:12"). A typo does not compile. */
export type ResourceKey = ResourceKind | `${ResourceKind}:${string}`;
/** The data type of a store key. */
export type DataOf<K extends ResourceKey> = K extends `${infer P}:${string}`
  ? P extends ResourceKind
    ? ResourceData[P]
    : never
  : K extends ResourceKind
    ? ResourceData[K]
    : never;

/** An action on one of these (`pending` key `prefix` + id) was sent, and the data may not show it yet. */
const pendingUnder = (store: StateSource | undefined, prefix: string) =>
  Object.entries(store?.getState().pending ?? {}).some(
    ([k, m]) => k.startsWith(prefix) && Date.now() - m.at < PENDING_MS,
  );
/** A cluster being created or reconciling (its nodes come and go). */
const clusterMoving = (c: { status?: string | null; is_reconciling?: boolean | null }) =>
  c.status === 'CREATING' || c.is_reconciling === true;

/** While these hold, the key is polled fast (something in it is changing state). */
const TRANSITIONING: {
  [K in ResourceKind]?: (data: ResourceData[K], arg: string | undefined, store?: StateSource) => boolean;
} = {
  // Fast while a VM moves, or while an action was sent but the data does not show it yet.
  vms: (vms, _, store) => vms.some((v) => isTransitioning(v.status)) || pendingUnder(store, 'vm:'),
  clusters: (cs) => cs.some(clusterMoving),
  // Fast while a snapshot is being taken (CREATING → SUCCESS), or one was just asked to change.
  snapshots: (ss, _, store) =>
    ss.some((x) => x.status === 'CREATING' || x.status === 'DELETING') || pendingUnder(store, 'snapshot:'),
  'snapshot-events': (_, arg, store) =>
    readData(store, 'snapshots')?.some((x) => x.id === Number(arg) && x.status === 'CREATING') ?? false,
  cluster: clusterMoving,
  // Fast while a volume is created, attached or detached, or one was just asked to change.
  volumes: (vs, _, store) => vs.some((v) => volumeMoving(v.status)) || pendingUnder(store, 'volume:'),
  volume: (v) => volumeMoving(v.status),
  vm: (v) => isTransitioning(v.status),
  // New events arrive while the cluster is being created: fast then, like the list.
  'cluster-events': (_, arg, store) =>
    readData(store, 'clusters')?.some((c) => c.id === Number(arg) && clusterMoving(c)) ?? false,
};

/** How the poller loads a store key (undefined for a key no resource answers to). */
export function targetFor(api: Api, key: string, store?: StateSource): PollTarget | undefined {
  const [kind, arg] = splitKey(key);
  if (!(kind in LOADERS)) return undefined;
  const load = LOADERS[kind as ResourceKind] as Loader;
  const moving = TRANSITIONING[kind as ResourceKind] as
    | ((data: unknown, arg: string | undefined, store?: StateSource) => boolean)
    | undefined;
  const slowMs = SLOW[kind as ResourceKind];
  const partial = arg === undefined ? PARTIAL[kind as ResourceKind]?.(api, store) : undefined;
  return {
    load: (signal) => load(api, arg, signal, store),
    ...(partial ? { partial: partial as PartialRefresh } : {}),
    ...(moving ? { transitioning: (data: unknown) => moving(data, arg, store) } : {}),
    ...(slowMs ? { minIntervalMs: slowMs } : {}),
  };
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
  credit: BURN_MS,
  burn: BURN_MS,
  'last-day-cost': 10 * 60_000,
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

/** The store key of a usage query (the billing screen's deleted toggle and environment filter). */
export function usageKey(deleted: boolean, environment?: string): UsageKey {
  const rest = [...(deleted ? ['deleted'] : []), ...(environment ? [`env:${environment}`] : [])].join(':');
  return rest ? `usage:${rest}` : 'usage';
}
export type UsageKey = 'usage' | `usage:${string}`;

function usageQuery(arg: string | undefined): { deleted: boolean; environment: string | undefined } {
  const rest = arg ?? '';
  const deleted = rest === 'deleted' || rest.startsWith('deleted:');
  const envAt = rest.indexOf('env:');
  return { deleted, environment: envAt >= 0 ? rest.slice(envAt + 4) || undefined : undefined };
}

/** A duration the metrics operation takes, or undefined (the service's default). */
function metricDuration(v: string | undefined): MetricDuration | undefined {
  return (METRIC_DURATIONS as readonly string[]).includes(v ?? '') ? (v as MetricDuration) : undefined;
}

function splitKey(key: string): [string, string | undefined] {
  const i = key.indexOf(':');
  return i < 0 ? [key, undefined] : [key.slice(0, i), key.slice(i + 1)];
}
