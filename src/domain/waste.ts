/**
 * What costs money while doing nothing, by the provider's billing rules (cost.ts): stopped VMs (billed in full),
 * running VMs idle by their metrics (idle.ts), volumes attached to nothing, public IPs kept by hibernated VMs,
 * clusters that failed but whose nodes still bill, and snapshots older than a threshold. Each with why it is waste,
 * since when (when known), what it costs an hour and the one fix. Pure: the waste view, the header's idle share
 * and `guard` all read these rows.
 */
import {
  type Book,
  type ContractLike,
  type CostCluster,
  type CostVm,
  clusterRateNow,
  discountOn,
  publicIpRate,
  snapshotRate,
  vmRateNow,
  volumeRate,
} from './cost.js';
import { duration } from './format.js';
import type { Idleness } from './idle.js';
import { DEFAULT_WASTE, type WasteSettings } from './waste-settings.js';

export type WasteKind =
  | 'stopped-vm'
  | 'idle-vm'
  | 'loose-volume'
  | 'held-ip'
  | 'failed-cluster'
  | 'old-snapshot';

/** What fixes it: hibernate (a stopped VM is started first), delete (its name typed), or nothing at one key. */
export type WasteFix = 'hibernate' | 'delete' | 'none';

export interface WasteRow {
  kind: WasteKind;
  /** The resource's id (a VM's for a held IP). */
  id: number;
  name: string;
  /** What it is: "n3-H100x1 · 1× H100-80G-PCIe", "1000 GB Cloud-SSD". */
  what: string;
  /** Why it is waste: "stopped: billed in full". */
  why: string;
  /** Since when (ms), when known. */
  since: number | undefined;
  /** What it costs an hour now (undefined: the pricebook has no price for it). */
  perHour: number | undefined;
  fix: WasteFix;
  /** The resource's own status (a VM's, a volume's …): its pending mark ends when it changes. */
  status: string | undefined;
  region: string | undefined;
  environment: string | undefined;
}

/** What the scans learnt of a VM (its events, its metrics), and when: a fact about a VM in the status it had then. */
export interface VmFact {
  /** When it was read (ms). */
  at: number;
  /** The VM's status when it was read: a fact about another status is stale. */
  status: string;
  /** Since when it has been in that status (its events), null when they do not say. */
  since?: number | null;
  idle?: Idleness;
}

export interface WasteVm extends CostVm {
  id: number;
  name: string;
  contract_id?: number | null;
  cluster_id?: number | null;
  environment?: { name?: string | null; region?: string | null } | null;
  flavor?:
    | (CostVm['flavor'] & { cpu?: number | null; features?: { no_hibernation?: boolean | null } | null })
    | null;
}

export interface WasteVolume {
  id: number;
  name?: string | null;
  status?: string | null;
  size?: number | null;
  volume_type?: string | null;
  environment?: { name?: string | null; region?: string | null } | null;
  attachments?: readonly unknown[] | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export interface WasteCluster extends CostCluster {
  id: number;
  name: string;
  environment_name?: string | null;
  environment_region?: string | null;
  created_at?: string | null;
}

export interface WasteSnapshot {
  id: number;
  name: string;
  status?: string | null;
  size?: number | null;
  vm_name?: string | null;
  region?: string | null;
  created_at?: string | null;
}

export interface WasteInput {
  vms?: readonly WasteVm[] | undefined;
  volumes?: readonly WasteVolume[] | undefined;
  clusters?: readonly WasteCluster[] | undefined;
  snapshots?: readonly WasteSnapshot[] | undefined;
  contracts?: readonly (ContractLike & { id: number })[] | undefined;
  book: Book;
  facts: Readonly<Record<number, VmFact>>;
  settings?: WasteSettings;
  now: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const time = (iso: string | null | undefined) => {
  const t = Date.parse(iso ?? '');
  return Number.isFinite(t) ? t : undefined;
};

/** "n3-H100x1 · 1× H100-80G-PCIe". */
function vmWhat(vm: WasteVm): string {
  const f = vm.flavor;
  const gpus = f?.gpu && (f.gpu_count ?? 0) > 0 ? ` · ${f.gpu_count}× ${f.gpu}` : '';
  return `VM ${f?.name ?? '?'}${gpus}`;
}

/** Its flavor can hibernate (some cannot: `features.no_hibernation`). */
const canHibernate = (vm: WasteVm) => !vm.flavor?.features?.no_hibernation;

/** "1.2 %" and "3.4 KB/s", short. */
const pct = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} %`;
const rateText = (bps: number) =>
  bps < 1000
    ? `${Math.round(bps)} B/s`
    : bps < 1e6
      ? `${Math.round(bps / 1000)} KB/s`
      : `${(bps / 1e6).toFixed(1)} MB/s`;

function vmRows(i: WasteInput): WasteRow[] {
  const out: WasteRow[] = [];
  for (const vm of i.vms ?? []) {
    // a cluster's nodes are billed with their cluster (its own row)
    if (vm.cluster_id != null) continue;
    const fact = i.facts[vm.id];
    const current = fact?.status === vm.status ? fact : undefined;
    const base = {
      id: vm.id,
      name: vm.name,
      status: vm.status ?? undefined,
      region: vm.environment?.region ?? undefined,
      environment: vm.environment?.name ?? undefined,
    };
    const contract = i.contracts?.find((c) => c.id === vm.contract_id);
    const rate = () => vmRateNow(vm, i.book, discountOn(contract, vm.flavor?.name, i.now));
    if (vm.status === 'SHUTOFF') {
      out.push({
        ...base,
        kind: 'stopped-vm',
        what: vmWhat(vm),
        why: 'stopped: billed in full',
        since: current?.since ?? undefined,
        perHour: rate(),
        fix: canHibernate(vm) ? 'hibernate' : 'delete',
      });
    } else if (vm.status === 'ACTIVE' && current?.idle?.kind === 'idle') {
      const v = current.idle;
      out.push({
        ...base,
        kind: 'idle-vm',
        what: vmWhat(vm),
        why: `idle ${duration(i.now - v.since)}: CPU ≤ ${pct(v.cpuMax)}, network ≤ ${rateText(v.netMax)}`,
        since: v.since,
        perHour: rate(),
        // a flavor that cannot hibernate: deleting it is the only fix (its name typed)
        fix: canHibernate(vm) ? 'hibernate' : 'delete',
      });
    } else if (vm.status === 'HIBERNATED' && vm.floating_ip) {
      out.push({
        ...base,
        kind: 'held-ip',
        what: `public IP ${vm.floating_ip}`,
        why: 'kept while hibernated (detached only from a running or stopped VM)',
        since: current?.since ?? undefined,
        perHour: publicIpRate(i.book),
        fix: 'none',
      });
    }
  }
  return out;
}

function otherRows(i: WasteInput, s: WasteSettings): WasteRow[] {
  const out: WasteRow[] = [];
  for (const v of i.volumes ?? []) {
    const loose =
      (v.attachments?.length ?? 0) === 0 && (v.status ?? 'available').toLowerCase() === 'available';
    if (!loose) continue;
    out.push({
      kind: 'loose-volume',
      id: v.id,
      name: v.name || `#${v.id}`,
      what: `volume ${v.size ?? '?'} GB ${v.volume_type ?? ''}`.trim(),
      why: 'unattached: billed while it exists',
      since: time(v.updated_at) ?? time(v.created_at),
      perHour: volumeRate(v, i.book),
      fix: 'delete',
      status: v.status ?? undefined,
      region: v.environment?.region ?? undefined,
      environment: v.environment?.name ?? undefined,
    });
  }
  for (const c of i.clusters ?? []) {
    if ((c.status ?? '').toUpperCase() !== 'ERROR') continue;
    const rate = clusterRateNow(c, i.book);
    if (rate === 0) continue;
    const billed = (c.nodes ?? []).filter((n) => n.status === 'ACTIVE' || n.status === 'SHUTOFF').length;
    out.push({
      kind: 'failed-cluster',
      id: c.id,
      name: c.name,
      what: `cluster, ${c.nodes?.length ?? '?'} nodes`,
      why: `failed: ${billed} node${billed === 1 ? '' : 's'} still billed`,
      since: time(c.created_at),
      perHour: rate,
      fix: 'delete',
      status: c.status ?? undefined,
      region: c.environment_region ?? undefined,
      environment: c.environment_name ?? undefined,
    });
  }
  for (const x of i.snapshots ?? []) {
    const made = time(x.created_at);
    if (made === undefined || i.now - made < s.snapshotDays * DAY) continue;
    out.push({
      kind: 'old-snapshot',
      id: x.id,
      name: x.name,
      what: `snapshot ${x.size ?? '?'} GB${x.vm_name ? ` of ${x.vm_name}` : ''}`,
      why: `older than ${s.snapshotDays} days`,
      since: made,
      perHour: snapshotRate(x, i.book),
      fix: 'delete',
      status: x.status ?? undefined,
      region: x.region ?? undefined,
      environment: undefined,
    });
  }
  return out;
}

/** Every waste row, the dearest first (those of unknown price last). */
export function wasteRows(i: WasteInput): WasteRow[] {
  const s = i.settings ?? DEFAULT_WASTE;
  const rows = [...vmRows(i), ...otherRows(i, s)];
  return rows.sort((a, b) => (b.perHour ?? -1) - (a.perHour ?? -1) || a.name.localeCompare(b.name));
}

export interface WasteTotal {
  perHour: number;
  perMonth: number;
  count: number;
  /** Rows whose price is unknown (not in the total). */
  unpriced: number;
}

/** The rows' total an hour and a month (30 days). */
export function wasteTotal(rows: readonly WasteRow[]): WasteTotal {
  let perHour = 0;
  let unpriced = 0;
  for (const r of rows) {
    if (r.perHour === undefined) unpriced++;
    else perHour += r.perHour;
  }
  perHour = Math.round(perHour * 10_000) / 10_000;
  return { perHour, perMonth: perHour * 24 * 30, count: rows.length, unpriced };
}

/** Whether a fact about this VM is due again: none, another status, or older than `maxAgeMs`. */
export function factDue(fact: VmFact | undefined, status: string, now: number, maxAgeMs: number): boolean {
  return !fact || fact.status !== status || now - fact.at > maxAgeMs;
}

/** The event saying a VM entered its status (the latest that names a stop or a hibernation): since when. */
export function statusSince(
  events: readonly { time?: string | null; reason?: string | null; message?: string | null }[],
  status: string,
): number | null {
  const words =
    status === 'SHUTOFF' ? /stop|shut ?off|shut ?down/i : status === 'HIBERNATED' ? /hibernat/i : undefined;
  if (!words) return null;
  let best: number | null = null;
  for (const e of events) {
    const t = Date.parse(e.time ?? '');
    const text = `${e.reason ?? ''} ${e.message ?? ''}`;
    if (!Number.isFinite(t) || !words.test(text) || /restor|start/i.test(e.reason ?? '')) continue;
    if (best === null || t > best) best = t;
  }
  return best;
}

/** What to read of a VM: its events (since when it is stopped or hibernated) or its metrics (is it idle). */
export interface ScanPick {
  id: number;
  read: 'events' | 'metrics';
}

/**
 * The VMs worth reading now, the dearest first (GPU VMs before CPU ones): a stopped VM or a hibernated one keeping
 * its IP (its events say since when), a running one (its metrics say whether it idles). A VM is read again when its
 * status changed since, or its fact is older than `maxAgeMs`. A cluster's nodes are left to their cluster.
 */
export function scanOrder(
  i: Pick<WasteInput, 'vms' | 'facts' | 'book' | 'contracts' | 'now'>,
  maxAgeMs: number,
): ScanPick[] {
  const picks: Array<ScanPick & { rate: number }> = [];
  for (const vm of i.vms ?? []) {
    if (vm.cluster_id != null) continue;
    const read =
      vm.status === 'ACTIVE'
        ? 'metrics'
        : vm.status === 'SHUTOFF' || (vm.status === 'HIBERNATED' && vm.floating_ip)
          ? 'events'
          : undefined;
    if (!read || !factDue(i.facts[vm.id], vm.status ?? '', i.now, maxAgeMs)) continue;
    const contract = i.contracts?.find((c) => c.id === vm.contract_id);
    const full = { ...vm, status: 'ACTIVE' };
    picks.push({
      id: vm.id,
      read,
      rate: vmRateNow(full, i.book, discountOn(contract, vm.flavor?.name, i.now)) ?? 0,
    });
  }
  return picks.sort((a, b) => b.rate - a.rate || a.id - b.id).map(({ id, read }) => ({ id, read }));
}
