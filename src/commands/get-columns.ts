/** What `get` lists for each kind: how to fetch it, its name, region and environment, and its columns. */
import type { Api } from '../api/client.js';
import type { ApiKey } from '../api/schemas/access.js';
import type { UsageRecord } from '../api/schemas/billing.js';
import type { Cluster } from '../api/schemas/cluster.js';
import type { Firewall } from '../api/schemas/firewall.js';
import type { Flavor } from '../api/schemas/flavor.js';
import type { Image } from '../api/schemas/image.js';
import type { Snapshot } from '../api/schemas/snapshot.js';
import type { Stock, StockModel } from '../api/schemas/stock.js';
import type { Vm } from '../api/schemas/vm.js';
import type { Volume } from '../api/schemas/volume.js';
import { ipAddress } from '../domain/address.js';
import { hourlyOf } from '../domain/billing.js';
import { age, bytes, cell, dateTime, gb, minutesHuman, money, NONE, perHour } from '../domain/format.js';
import { flavorHourly, priceMap } from '../domain/pricing.js';
import { snapshotSource } from '../domain/snapshot-source.js';
import { availableText, flavorsWithRegion, plannedText } from '../domain/stock.js';
import { volumeLabel } from '../domain/volumes.js';
import type { GetKind } from './kinds.js';

export interface Column<T> {
  title: string;
  value: (row: T, now: number) => string;
  align?: 'left' | 'right';
  /** Only in `-o wide`. */
  wide?: true;
}

export interface Fetch {
  /** Asked of the service where it filters; `get` filters the rest itself. */
  environment?: string;
}

export interface KindSpec<T> {
  fetch(api: Api, f: Fetch): Promise<T[]>;
  name(row: T): string;
  /** Absent: the kind has no region, and --region is refused. */
  region?: (row: T) => string | null | undefined;
  /** Absent: the kind has no environment, and --environment is refused. `'service'`: the service filters. */
  environment?: 'service' | ((row: T) => string | null | undefined);
  columns: readonly Column<T>[];
  /** What `-o json` prints for a row (default: the row, which is the service's object). */
  raw?: (row: T) => unknown;
}

/** A stock line: one GPU model in one region (the service groups them by region). */
export type StockRow = StockModel & { region: string; 'stock-type'?: string | null | undefined };

const right = <T>(c: Column<T>): Column<T> => ({ ...c, align: 'right' });
const num = (n: number | null | undefined) => cell(n);
const yesNo = (b: boolean | null | undefined) => (b === true ? 'yes' : b === false ? 'no' : NONE);

const VMS: KindSpec<Vm> = {
  fetch: (api, f) => api.vms.listAll({ environment: f.environment }),
  name: (v) => v.name,
  region: (v) => v.environment?.region,
  environment: 'service',
  columns: [
    { title: 'ID', value: (v) => String(v.id), wide: true },
    { title: 'NAME', value: (v) => v.name },
    { title: 'STATUS', value: (v) => v.status },
    { title: 'ENVIRONMENT', value: (v) => v.environment?.name ?? NONE },
    { title: 'REGION', value: (v) => v.environment?.region ?? NONE, wide: true },
    { title: 'FLAVOR', value: (v) => v.flavor?.name ?? NONE },
    {
      title: 'GPU',
      value: (v) => (v.flavor?.gpu ? `${v.flavor.gpu_count ?? 1}x ${v.flavor.gpu}` : NONE),
      wide: true,
    },
    { title: 'PUBLIC IP', value: (v) => ipAddress(v.floating_ip) ?? NONE },
    { title: 'PRIVATE IP', value: (v) => ipAddress(v.fixed_ip) ?? NONE, wide: true },
    { title: 'IMAGE', value: (v) => v.image?.name ?? NONE, wide: true },
    { title: 'KEYPAIR', value: (v) => v.keypair?.name ?? NONE, wide: true },
    right({ title: 'AGE', value: (v, now) => age(v.created_at, now) }),
  ],
};

const STOCK: KindSpec<StockRow> = {
  fetch: async (api) =>
    flatten(await api.catalog.stocks(), (s: Stock) =>
      s.models.map((m) => ({ ...m, region: s.region, 'stock-type': s['stock-type'] })),
    ),
  name: (s) => s.model,
  region: (s) => s.region,
  columns: [
    { title: 'REGION', value: (s) => s.region },
    { title: 'TYPE', value: (s) => s['stock-type'] ?? NONE, wide: true },
    { title: 'MODEL', value: (s) => s.model },
    right({ title: 'AVAILABLE', value: (s) => availableText(s.available) }),
    right({ title: '7 DAYS', value: (s) => plannedText(s.planned_7_days) }),
    right({ title: '30 DAYS', value: (s) => plannedText(s.planned_30_days) }),
    right({ title: '100 DAYS', value: (s) => plannedText(s.planned_100_days), wide: true }),
    {
      title: 'CONFIGURATIONS',
      value: (s) =>
        Object.entries(s.configurations ?? {})
          .map(([k, n]) => `${k}:${cell(n)}`)
          .join(' ') || NONE,
      wide: true,
    },
  ],
};

/** A flavor with its price an hour from the pricebook (undefined where the pricebook does not say). */
type PricedFlavor = Flavor & { hourly?: number | undefined };

const FLAVORS: KindSpec<PricedFlavor> = {
  // a flavor without a region of its own is in its group's (as the Stock screen shows it)
  fetch: async (api) => {
    // asked together; a price is extra: without the pricebook the flavors are listed, their price —
    const book = api.billing.pricebook().catch(() => undefined);
    const groups = await api.catalog.flavors();
    const prices = priceMap(await book);
    return flavorsWithRegion(groups).map((f) => ({ ...f, hourly: flavorHourly(f, prices) }));
  },
  name: (f) => f.name,
  region: (f) => f.region_name,
  columns: [
    { title: 'ID', value: (f) => String(f.id), wide: true },
    { title: 'NAME', value: (f) => f.name },
    { title: 'REGION', value: (f) => f.region_name ?? NONE },
    { title: 'GPU', value: (f) => f.gpu || NONE },
    right({ title: 'GPUS', value: (f) => num(f.gpu_count) }),
    right({ title: 'CPU', value: (f) => num(f.cpu) }),
    right({ title: 'RAM', value: (f) => gb(f.ram) }),
    right({ title: 'DISK', value: (f) => gb(f.disk) }),
    right({ title: 'EPHEMERAL', value: (f) => gb(f.ephemeral), wide: true }),
    right({ title: 'HOURLY', value: (f) => (f.hourly === undefined ? NONE : money(f.hourly)) }),
    { title: 'IN STOCK', value: (f) => yesNo(f.stock_available) },
  ],
  // the service's object, and its price an hour beside it
  raw: ({ hourly, ...f }) => ({ ...f, price_per_hour: hourly ?? null }),
};

const CLUSTERS: KindSpec<Cluster> = {
  fetch: (api) => api.clusters.list(),
  name: (c) => c.name,
  region: (c) => c.environment_region,
  environment: (c) => c.environment_name,
  columns: [
    { title: 'ID', value: (c) => String(c.id), wide: true },
    { title: 'NAME', value: (c) => c.name },
    { title: 'STATUS', value: (c) => c.status },
    { title: 'ENVIRONMENT', value: (c) => c.environment_name ?? NONE },
    { title: 'REGION', value: (c) => c.environment_region ?? NONE, wide: true },
    { title: 'KUBERNETES', value: (c) => c.kubernetes_version ?? NONE },
    { title: 'API ADDRESS', value: (c) => c.api_address ?? NONE, wide: true },
    { title: 'KEYPAIR', value: (c) => c.keypair_name ?? NONE, wide: true },
    right({ title: 'AGE', value: (c, now) => age(c.created_at, now) }),
  ],
};

const FIREWALLS: KindSpec<Firewall> = {
  fetch: async (api, f) => (await api.firewalls.list({ environment: f.environment })).items,
  name: (f) => f.name,
  region: (f) => f.environment?.region,
  environment: 'service',
  columns: [
    { title: 'ID', value: (f) => String(f.id), wide: true },
    { title: 'NAME', value: (f) => f.name },
    { title: 'ENVIRONMENT', value: (f) => f.environment?.name ?? NONE },
    { title: 'REGION', value: (f) => f.environment?.region ?? NONE, wide: true },
    { title: 'STATUS', value: (f) => f.status ?? NONE, wide: true },
    right({ title: 'RULES', value: (f) => String(f.rules?.length ?? 0) }),
    right({ title: 'VMS', value: (f) => String(f.attachments?.length ?? 0) }),
    { title: 'DESCRIPTION', value: (f) => f.description || NONE, wide: true },
  ],
};

const VOLUMES: KindSpec<Volume> = {
  fetch: (api, f) => api.volumes.listAll({ environment: f.environment }),
  name: (v) => volumeLabel(v),
  region: (v) => v.environment?.region,
  environment: 'service',
  columns: [
    { title: 'ID', value: (v) => String(v.id), wide: true },
    { title: 'NAME', value: (v) => volumeLabel(v) },
    { title: 'STATUS', value: (v) => v.status ?? NONE },
    right({ title: 'SIZE', value: (v) => gb(v.size) }),
    { title: 'TYPE', value: (v) => v.volume_type ?? NONE },
    { title: 'ENVIRONMENT', value: (v) => v.environment?.name ?? NONE },
    { title: 'REGION', value: (v) => v.environment?.region ?? NONE, wide: true },
    { title: 'BOOTABLE', value: (v) => yesNo(v.bootable), wide: true },
    right({ title: 'AGE', value: (v, now) => age(v.created_at, now) }),
  ],
};

/** A snapshot with what its list leaves out, as the Snapshots screen shows it: its VM's name and its region. */
export interface SnapshotRow {
  snap: Snapshot;
  vmName: string | undefined;
  region: string | undefined;
}

async function snapshotRows(api: Api): Promise<SnapshotRow[]> {
  const [snaps, vms, regions] = await Promise.all([
    api.snapshots.listAll(),
    api.vms.listAll(),
    api.regions.list(),
  ]);
  const vmById = new Map(vms.map((v) => [v.id, v]));
  const regionById = new Map(regions.map((r) => [r.id, r.name]));
  return snaps.map((snap) => ({ snap, ...snapshotSource(snap, vmById, regionById) }));
}

const SNAPSHOTS: KindSpec<SnapshotRow> = {
  fetch: (api) => snapshotRows(api),
  name: (r) => r.snap.name,
  region: (r) => r.region,
  raw: (r) => r.snap,
  columns: [
    { title: 'ID', value: (r) => String(r.snap.id), wide: true },
    { title: 'NAME', value: (r) => r.snap.name },
    { title: 'STATUS', value: (r) => r.snap.status },
    { title: 'VM', value: (r) => r.vmName ?? (r.snap.vm_id ? `#${r.snap.vm_id}` : NONE) },
    { title: 'REGION', value: (r) => r.region ?? NONE },
    right({ title: 'SIZE', value: (r) => gb(r.snap.size) }),
    { title: 'IMAGE', value: (r) => yesNo(r.snap.is_image), wide: true },
    { title: 'CREATED', value: (r) => dateTime(r.snap.created_at), wide: true },
  ],
};

const USAGE: KindSpec<UsageRecord> = {
  fetch: (api, f) => api.billing.usage({ environment: f.environment }),
  name: (u) => u.name ?? '',
  environment: 'service',
  columns: [
    { title: 'RESOURCE ID', value: (u) => String(u.resource_id), wide: true },
    { title: 'NAME', value: (u) => u.name || NONE },
    { title: 'TYPE', value: (u) => u.resource_type },
    { title: 'ACTIVE', value: (u) => yesNo(u.active) },
    right({
      title: 'PER HOUR',
      value: (u) => perHour(hourlyOf(u.bill_per_minute)),
    }),
    right({ title: 'UP TIME', value: (u) => minutesHuman(u.total_up_time), wide: true }),
    right({ title: 'TOTAL', value: (u) => money(u.total_bill) }),
    { title: 'CREATED', value: (u) => dateTime(u.create_time), wide: true },
    { title: 'TERMINATED', value: (u) => dateTime(u.terminate_time), wide: true },
  ],
};

function flatten<G, T>(groups: readonly G[], items: (g: G) => readonly T[]): T[] {
  return groups.flatMap((g) => [...items(g)]);
}

/** Every image, the organisation's own (made of snapshots) first, as the :images screen lists them. */
const IMAGES: KindSpec<Image> = {
  fetch: async (api) => {
    const all = flatten(await api.catalog.images(), (g) => g.images);
    return [...all.filter((i) => i.is_public === false), ...all.filter((i) => i.is_public !== false)];
  },
  name: (i) => i.name,
  region: (i) => i.region_name,
  columns: [
    { title: 'ID', value: (i) => String(i.id), wide: true },
    { title: 'NAME', value: (i) => i.name },
    { title: 'OWNER', value: (i) => (i.is_public === false ? 'organisation' : 'public') },
    { title: 'REGION', value: (i) => i.region_name ?? NONE },
    { title: 'OS', value: (i) => [i.type, i.version].filter(Boolean).join(' ') || NONE },
    right({ title: 'SIZE', value: (i) => (i.size == null ? NONE : bytes(Number(i.size))), wide: true }),
  ],
};

/** The user's API keys by name: the client keeps no key itself, so no output holds one. */
const API_KEYS: KindSpec<ApiKey> = {
  fetch: (api) => api.apiKeys.list(),
  name: (k) => k.name,
  columns: [
    { title: 'ID', value: (k) => String(k.id), wide: true },
    { title: 'NAME', value: (k) => k.name },
    { title: 'DESCRIPTION', value: (k) => k.description || NONE },
    right({ title: 'AGE', value: (k, now) => age(k.created_at, now) }),
  ],
};

/** Erases each kind's row type: `get` only passes rows back to the functions of the same spec. */
const erase = <T>(s: KindSpec<T>) => s as unknown as KindSpec<object>;

export const KIND_SPECS: Readonly<Record<GetKind, KindSpec<object>>> = {
  vms: erase(VMS),
  stock: erase(STOCK),
  flavors: erase(FLAVORS),
  clusters: erase(CLUSTERS),
  firewalls: erase(FIREWALLS),
  volumes: erase(VOLUMES),
  snapshots: erase(SNAPSHOTS),
  usage: erase(USAGE),
  images: erase(IMAGES),
  'api-keys': erase(API_KEYS),
};
