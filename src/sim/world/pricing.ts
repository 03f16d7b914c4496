/**
 * What things cost: the hourly rate of a VM broken into components (GPU, CPU, RAM, disk, public IP) with the
 * discount of its contract, the rate actually billed in each VM state, and the meters that accumulate usage.
 */
import {
  CPU_RATES,
  flavorPrice,
  gpuRate,
  PUBLIC_IP_RATE,
  round4,
  SNAPSHOT_GB_RATE,
  VOLUME_GB_RATE,
  VOLUME_TYPES,
} from '../catalog.js';
import type { World } from '../world.js';
import type {
  ClusterNodeRecord,
  ClusterRecord,
  DiscountRecord,
  FlavorDef,
  Meter,
  SnapshotRecord,
  VmRecord,
  VmStatus,
  VolumeRecord,
} from './types.js';
import { noteRun } from './vm-runs.js';

export interface PriceComponent {
  type: 'gpu' | 'cpu' | 'ram' | 'disk' | 'publicip';
  name: string;
  amount: number;
  rate: number;
  discountedRate: number;
}

/** The discount of the VM's contract on its flavor, when the contract is in force at `at`. */
export function discountFor(world: World, vm: VmRecord, at: number): DiscountRecord | undefined {
  if (vm.contractId === null) return undefined;
  const c = world.contracts.get(vm.contractId);
  if (c?.status !== 'Active' || at < c.startDate || at > c.endDate) return undefined;
  return c.discounts.find((d) => d.resourceName === vm.flavor.name && d.status === 'active');
}

function discounted(rate: number, d: DiscountRecord | undefined, perGpu: boolean): number {
  if (!d) return rate;
  if (d.type === 'flat' && d.amount !== null && perGpu) return Math.min(rate, d.amount);
  if (d.type === 'percent' && d.percent !== null) return round4(rate * (1 - d.percent / 100));
  return rate;
}

export function vmComponents(world: World, vm: VmRecord, at: number): PriceComponent[] {
  const f = vm.flavor;
  const d = discountFor(world, vm, at);
  const out: PriceComponent[] = [];
  if (f.gpuCount > 0) {
    const rate = gpuRate(f.gpu);
    out.push({
      type: 'gpu',
      name: f.gpu,
      amount: f.gpuCount,
      rate,
      discountedRate: discounted(rate, d, true),
    });
    // bundled in the GPU price
    out.push({ type: 'cpu', name: 'vCPU', amount: f.cpu, rate: 0, discountedRate: 0 });
    out.push({ type: 'ram', name: 'RAM (GB)', amount: f.ram, rate: 0, discountedRate: 0 });
    out.push({ type: 'disk', name: 'Disk (GB)', amount: f.disk + f.ephemeral, rate: 0, discountedRate: 0 });
  } else {
    const part = (type: 'cpu' | 'ram' | 'disk', name: string, amount: number, rate: number) =>
      out.push({ type, name, amount, rate, discountedRate: discounted(rate, d, false) });
    part('cpu', 'vCPU', f.cpu, CPU_RATES.cpu);
    part('ram', 'RAM (GB)', f.ram, CPU_RATES.ram);
    part('disk', 'Disk (GB)', f.disk, CPU_RATES.disk);
  }
  const ip = vm.floatingIp !== null ? 1 : 0;
  out.push({
    type: 'publicip',
    name: 'Public IP',
    amount: ip,
    rate: PUBLIC_IP_RATE,
    discountedRate: PUBLIC_IP_RATE,
  });
  return out;
}

export function listPrice(components: PriceComponent[]): number {
  return round4(components.reduce((s, c) => s + c.amount * c.rate, 0));
}

export function actualPrice(components: PriceComponent[]): number {
  return round4(components.reduce((s, c) => s + c.amount * c.discountedRate, 0));
}

/**
 * The provider's billing by VM state ("Virtual Machine States and Billing Status",
 * https://infrahub-doc.nexgencloud.com/docs/billing/states-and-billing, and
 * https://portal.hyperstack.cloud/knowledge/which-virtual-machine-states-incur-billing-costs): ACTIVE and SHUTOFF
 * are billed in full (a stopped VM keeps its resources reserved); HIBERNATED only for the root disk's data saved to
 * persistent storage and an attached public IP; the transitions (STARTING, STOPPING, HIBERNATING, RESTORING,
 * REBOOTING …) and ERROR are not billed. The pages name no rate for the saved root disk: it is billed here as a
 * shared storage volume (Cloud-SSD) of the flavor's root disk size, and a VM in RESIZING (not named) as a transition.
 */
const BILLED: ReadonlySet<VmStatus> = new Set<VmStatus>(['ACTIVE', 'SHUTOFF']);

/** What a HIBERNATED VM costs an hour: its saved root disk and, when kept, its public IP. */
export function hibernatedRate(vm: Pick<VmRecord, 'flavor' | 'floatingIp'>): number {
  return round4(vm.flavor.disk * VOLUME_GB_RATE + (vm.floatingIp !== null ? PUBLIC_IP_RATE : 0));
}

/** The hourly rate billed for the VM in its current state. */
export function billedRate(world: World, vm: VmRecord, at: number): number {
  // a cluster's nodes are billed with their cluster (clusterBilledRate), not as VMs
  if (vm.clusterId !== null) return 0;
  if (BILLED.has(vm.status)) return actualPrice(vmComponents(world, vm, at));
  if (vm.status === 'HIBERNATED') return hibernatedRate(vm);
  return 0;
}

/** Whether a VM (or a cluster's node) in this state is billed in full. */
export const billedInFull = (status: string): boolean => BILLED.has(status as VmStatus);

/** Closes the meter's current period at `at`. */
export function settle(meter: Meter, at: number): void {
  if (at <= meter.since) return;
  const ms = at - meter.since;
  if (meter.ratePerHour > 0) meter.upMs += ms;
  meter.bill += (meter.ratePerHour * ms) / 3_600_000;
  meter.since = at;
}

/** From `at` on the meter bills `rate` an hour (usage up to `at` at the old rate); a change is kept for the graphs. */
export function setRate(meter: Meter, at: number, rate: number, state?: string): void {
  settle(meter, at);
  const before = meter.ratePerHour;
  meter.ratePerHour = rate;
  if (rate !== before) {
    meter.changes ??= [];
    meter.changes.push(
      state === undefined ? { at, before, after: rate } : { at, before, after: rate, state },
    );
  }
}

/**
 * Changes a VM at simulated time `at`: usage up to `at` is billed at the old rate, from then on at the new; a VM
 * that starts or stops running begins or ends a run (its metrics' counters).
 */
export function changeVm(world: World, vm: VmRecord, at: number, change: () => void): void {
  settle(vm.meter, at);
  change();
  noteRun(vm, at);
  setRate(vm.meter, at, billedRate(world, vm, at), vm.status);
}

/** A resource without a usage record is gone at `at`: what it billed stays billed (the credit counts it). */
export function closeBill(world: World, meter: Meter, at: number): void {
  settle(meter, at);
  world.closedBill += meter.bill;
}

export interface Usage {
  upMinutes: number;
  bill: number;
  ratePerHour: number;
}

/** The meter's totals as of `now` (without settling it). */
export function usageAt(meter: Meter, now: number): Usage {
  const ms = Math.max(0, now - meter.since);
  const upMs = meter.upMs + (meter.ratePerHour > 0 ? ms : 0);
  const bill = meter.bill + (meter.ratePerHour * ms) / 3_600_000;
  return { upMinutes: upMs / 60_000, bill, ratePerHour: meter.ratePerHour };
}

/** Hourly price of one GB of the volume's type. */
export function volumeGbRate(v: Pick<VolumeRecord, 'volumeType'>): number {
  return (VOLUME_TYPES as Record<string, number>)[v.volumeType] ?? VOLUME_GB_RATE;
}

export function volumeRate(v: VolumeRecord): number {
  return round4(v.size * volumeGbRate(v));
}

export function clusterPrice(c: ClusterRecord): number {
  return round4(listPrice(clusterComponents(c)));
}

/** The flavor a node runs on: the masters', or its worker group's. */
function nodeFlavorOf(c: ClusterRecord, n: ClusterNodeRecord): FlavorDef {
  if (n.role === 'master') return c.masterFlavor;
  return c.groups.find((g) => g.id === n.groupId)?.flavor ?? c.nodeFlavor;
}

/**
 * What a cluster is billed an hour now: each node billed as the VM it is (in full while ACTIVE or SHUTOFF, nothing
 * in ERROR or a transition), at its flavor's price. The provider's pages say nothing of a cluster's billing by
 * state: its nodes are VMs, so they are billed as VMs are; a cluster being deleted bills nothing.
 */
export function clusterBilledRate(c: ClusterRecord): number {
  if (c.status === 'DELETING') return 0;
  let rate = 0;
  for (const n of c.nodes) if (billedInFull(n.status)) rate += flavorPrice(nodeFlavorOf(c, n));
  return round4(rate);
}

/** A node of the cluster changed at `at`: its meter bills the new rate from then on. */
export function rebillCluster(c: ClusterRecord, at: number): void {
  setRate(c.meter, at, clusterBilledRate(c));
}

/** A snapshot's storage an hour, billed while it exists (the pricebook's `snapshot` entry, per GB). */
export function snapshotRate(s: Pick<SnapshotRecord, 'size'>): number {
  return round4(s.size * SNAPSHOT_GB_RATE);
}

/** A cluster's hourly price by part: its master nodes and its worker nodes, each at their flavor's price. */
export function clusterComponents(c: ClusterRecord): PriceComponent[] {
  const part = (name: string, amount: number, f: ClusterRecord['nodeFlavor']): PriceComponent => {
    const rate = flavorPrice(f);
    return { type: f.gpuCount > 0 ? 'gpu' : 'cpu', name, amount, rate, discountedRate: rate };
  };
  // the workers as their groups ask (a seeded cluster without groups: as created)
  const workers =
    c.groups.length > 0
      ? c.groups.map((g) => part(`worker ${g.flavor.name}`, g.count, g.flavor))
      : [part(`worker ${c.nodeFlavor.name}`, c.nodeCount, c.nodeFlavor)];
  return [part(`master ${c.masterFlavor.name}`, c.masterCount, c.masterFlavor), ...workers];
}
