/**
 * The organisation's credit, which what is billed uses up on the sim clock, the last day's cost, and the hourly
 * cost datapoints of one VM or volume (the billing history graphs), all from the meters and their rate changes.
 */
import { round4 } from '../catalog.js';
import type { World } from '../world.js';
import { snapshotRate, usageAt, volumeRate } from './pricing.js';
import type { Meter, SnapshotRecord, VmRecord, VolumeRecord } from './types.js';

const HOUR = 3_600_000;

/**
 * Everything billed up to `now`: live VMs' and clusters' meters, live volumes and snapshots, the terminated
 * resources' final bills and what the clusters and snapshots gone since billed.
 */
export function totalBilled(world: World, now: number): number {
  let total = world.closedBill;
  for (const vm of world.vms.values()) total += usageAt(vm.meter, now).bill;
  for (const c of world.clusters.values()) total += usageAt(c.meter, now).bill;
  for (const v of world.volumes.values()) total += volumeBilled(v, v.createdAt, now, now);
  for (const s of world.snapshots.values()) total += snapshotBilled(s, s.createdAt, now, now);
  for (const t of world.terminated) total += t.bill;
  return total;
}

/** Fixes the credit's starting point: the seeded credit is what is left at this moment. */
export function anchorCredit(world: World): void {
  world.org.billedAtAnchor = totalBilled(world, world.now());
}

/** The credit now: the anchored credit less what was billed since. Below zero a prepaid account is suspended. */
export function creditNow(world: World): number {
  const billed = totalBilled(world, world.now()) - (world.org.billedAtAnchor ?? 0);
  return round4(world.org.credit - billed);
}

/** The hourly rate of a meter at time `t` (its rate changes, else its current rate). */
function rateAt(meter: Meter, t: number): number {
  const changes = meter.changes ?? [];
  let rate = changes.length > 0 ? changes[0]!.before : meter.ratePerHour;
  for (const c of changes) {
    if (c.at > t) break;
    rate = c.after;
  }
  return rate;
}

/** One span of a meter at one rate: the state it began with when known (a VM's billing event). */
export interface MeterSegment {
  from: number;
  to: number;
  rate: number;
  state: string | undefined;
}

/** The meter's spans over [from, to) (clipped to its resource's life, from `since`, up to now), one per rate. */
export function meterSegments(
  meter: Meter,
  since: number,
  from: number,
  to: number,
  now: number,
): MeterSegment[] {
  const a = Math.max(from, since);
  const b = Math.min(to, now);
  if (b <= a) return [];
  const inside = (meter.changes ?? []).filter((c) => c.at > a && c.at < b);
  const cuts = [a, ...inside.map((c) => c.at), b];
  const opening = [...(meter.changes ?? [])].reverse().find((c) => c.at <= a);
  const out: MeterSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++)
    out.push({
      from: cuts[i]!,
      to: cuts[i + 1]!,
      rate: rateAt(meter, cuts[i]!),
      state: i === 0 ? opening?.state : inside[i - 1]?.state,
    });
  return out;
}

/** Dollars a meter billed over [from, to) (clipped to its resource's life, from `since`, up to now). */
export function meterBilled(meter: Meter, since: number, from: number, to: number, now: number): number {
  let sum = 0;
  for (const s of meterSegments(meter, since, from, to, now)) sum += (s.rate * (s.to - s.from)) / HOUR;
  return sum;
}

/** Dollars a VM's meter billed over [from, to) (clipped to its life up to now). */
export function vmBilled(vm: VmRecord, from: number, to: number, now: number): number {
  return meterBilled(vm.meter, vm.createdAt, from, to, now);
}

/** Dollars a volume billed over [from, to) (its rate does not change). */
export function volumeBilled(v: VolumeRecord, from: number, to: number, now: number): number {
  const a = Math.max(from, v.createdAt);
  const b = Math.min(to, now);
  return b > a ? ((b - a) / HOUR) * volumeRate(v) : 0;
}

/** Dollars a snapshot's storage billed over [from, to) (its rate does not change). */
export function snapshotBilled(s: SnapshotRecord, from: number, to: number, now: number): number {
  const a = Math.max(from, s.createdAt);
  const b = Math.min(to, now);
  return b > a ? ((b - a) / HOUR) * snapshotRate(s) : 0;
}

/** The previous 24 hours' cost by kind (Get_last_day_cost). */
export function lastDayCost(world: World) {
  const now = world.now();
  const from = now - 24 * HOUR;
  let instances = 0;
  for (const vm of world.vms.values()) if (vm.clusterId === null) instances += vmBilled(vm, from, now, now);
  let volumes = 0;
  for (const v of world.volumes.values()) volumes += volumeBilled(v, from, now, now);
  let clusters = 0;
  for (const c of world.clusters.values()) clusters += meterBilled(c.meter, c.createdAt, from, now, now);
  return {
    instances_cost: round4(instances),
    volumes_cost: round4(volumes),
    clusters_cost: round4(clusters),
    total_cost: round4(instances + volumes + clusters),
  };
}

/** One datapoint per hour of [start, end) (the last one partial), each the dollars billed in that hour. */
export function hourlyGraph(
  start: number,
  end: number,
  billed: (from: number, to: number) => number,
): Array<{ at: number; value: number }> {
  const out: Array<{ at: number; value: number }> = [];
  const first = Math.floor(start / HOUR) * HOUR;
  for (let t = first; t < end; t += HOUR)
    out.push({ at: t, value: round4(billed(Math.max(t, start), Math.min(t + HOUR, end))) });
  return out;
}

/** What a terminated resource billed within [from, to): its final bill spread evenly over its life. */
function terminatedWithin(
  t: { createTime: number; terminateTime: number; bill: number },
  from: number,
  to: number,
) {
  const life = t.terminateTime - t.createTime;
  const overlap = Math.min(to, t.terminateTime) - Math.max(from, t.createTime);
  return life > 0 && overlap > 0 ? (t.bill * overlap) / life : 0;
}

/**
 * The organisation's costs over [from, to) by kind (Get_User_Billing_History's metrics): VMs (clusters' nodes are
 * VMs: counted there), volumes, snapshots, and the part of the VMs' cost billed under a contract. The simulator
 * keeps no pre-discount history: non_discounted_bill is the bill itself.
 */
export function periodCosts(world: World, from: number, to: number) {
  const now = world.now();
  let vm = 0;
  let contract = 0;
  for (const v of world.vms.values()) {
    const b = vmBilled(v, from, to, now);
    vm += b;
    if (v.contractId !== null) contract += b;
  }
  for (const c of world.clusters.values()) vm += meterBilled(c.meter, c.createdAt, from, to, now);
  let volume = 0;
  for (const v of world.volumes.values()) volume += volumeBilled(v, from, to, now);
  for (const t of world.terminated) {
    const b = terminatedWithin(t, from, to);
    if (t.resourceType === 'vm') vm += b;
    else volume += b;
  }
  let snapshot = 0;
  for (const s of world.snapshots.values()) snapshot += snapshotBilled(s, from, to, now);
  const total = vm + volume + snapshot;
  return {
    incurred_bill: round4(total),
    non_discounted_bill: round4(total),
    vm_cost: round4(vm),
    volume_cost: round4(volume),
    snapshot_cost: round4(snapshot),
    contract_cost: round4(contract),
  };
}
