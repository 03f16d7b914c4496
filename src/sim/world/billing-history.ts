/**
 * Billing history per resource kind over a period (the /billing/billing/history/{kind} family): what each VM,
 * volume, snapshot, cluster or bucket billed, for how long and at what rate, from the same meters the credit is
 * drawn from; a VM's billing events (its spans at one rate, named by the state that began them) and its cost by
 * sub-resource (GPU, CPU, RAM, disk, public IP, in the shares of its price).
 */
import type { HistoryKind } from '../../api/billing-history-operations.js';
import type { World } from '../world.js';
import type { BucketRecord } from './account-types.js';
import { hourlyGraph, meterBilled, meterSegments, snapshotBilled, volumeBilled } from './credit.js';
import { notFound } from './errors.js';
import { bucketBilled, bucketRate } from './object-storage.js';
import { snapshotRate, usageAt, vmComponents, volumeRate } from './pricing.js';
import type { Meter, VmRecord } from './types.js';

const HOUR = 3_600_000;

/** One resource as the history sees it. */
export interface Billed {
  id: number;
  name: string;
  status: string;
  contractId: number | null;
  /** Dollars billed over [from, to). */
  billed(from: number, to: number): number;
  /** Hours billed (at a rate above 0) over [from, to). */
  hours(from: number, to: number): number;
  /** Its rate now, and its rate before contract discounts. */
  rate: number;
  listRate: number;
}

function meterHours(meter: Meter, since: number, from: number, to: number, now: number): number {
  let ms = 0;
  for (const s of meterSegments(meter, since, from, to, now)) if (s.rate > 0) ms += s.to - s.from;
  return ms / HOUR;
}

/** Hours of [from, to) within a life that began at `since` (up to now). */
function lifeHours(since: number, from: number, to: number, now: number): number {
  return Math.max(0, Math.min(to, now) - Math.max(from, since)) / HOUR;
}

function vmBilledView(world: World, vm: VmRecord, now: number): Billed {
  const components = vmComponents(world, vm, now);
  const listRate = components.reduce((s, c) => s + c.amount * c.rate, 0);
  return {
    id: vm.id,
    name: vm.name,
    status: vm.status,
    contractId: vm.contractId,
    billed: (a, b) => meterBilled(vm.meter, vm.createdAt, a, b, now),
    hours: (a, b) => meterHours(vm.meter, vm.createdAt, a, b, now),
    rate: usageAt(vm.meter, now).ratePerHour,
    listRate: usageAt(vm.meter, now).ratePerHour > 0 ? listRate : 0,
  };
}

function bucketView(b: BucketRecord, now: number): Billed {
  const rate = bucketRate(b, now);
  return {
    id: b.id,
    name: b.name,
    status: 'active',
    contractId: null,
    billed: (a, z) => bucketBilled(b, a, z, now),
    hours: (a, z) => lifeHours(b.createdAt, a, z, now),
    rate,
    listRate: rate,
  };
}

/** The live resources of a kind (a cluster's nodes are billed with it, not as VMs). */
export function billedOfKind(world: World, kind: HistoryKind): Billed[] {
  const now = world.now();
  switch (kind) {
    case 'virtual-machine':
      return [...world.vms.values()]
        .filter((vm) => vm.clusterId === null)
        .map((vm) => vmBilledView(world, vm, now));
    case 'volume':
      return [...world.volumes.values()].map((v) => ({
        id: v.id,
        name: v.name,
        status: v.status ?? (v.vmId === null ? 'available' : 'in-use'),
        contractId: null,
        billed: (a, b) => volumeBilled(v, a, b, now),
        hours: (a, b) => lifeHours(v.createdAt, a, b, now),
        rate: volumeRate(v),
        listRate: volumeRate(v),
      }));
    case 'snapshot':
      return [...world.snapshots.values()].map((s) => ({
        id: s.id,
        name: s.name,
        status: s.status,
        contractId: null,
        billed: (a, b) => snapshotBilled(s, a, b, now),
        hours: (a, b) => lifeHours(s.createdAt, a, b, now),
        rate: snapshotRate(s),
        listRate: snapshotRate(s),
      }));
    case 'cluster':
      return [...world.clusters.values()].map((c) => ({
        id: c.id,
        name: c.name,
        status: c.status,
        contractId: null,
        billed: (a, b) => meterBilled(c.meter, c.createdAt, a, b, now),
        hours: (a, b) => meterHours(c.meter, c.createdAt, a, b, now),
        rate: usageAt(c.meter, now).ratePerHour,
        listRate: usageAt(c.meter, now).ratePerHour,
      }));
    case 'bucket':
      return [...world.buckets.values()].map((b) => bucketView(b, now));
  }
}

export function requireBilled(world: World, kind: HistoryKind, id: number): Billed {
  const r = billedOfKind(world, kind).find((x) => x.id === id);
  if (!r) throw notFound(`No ${kind.replace('-', ' ')} with id ${id}.`);
  return r;
}

/** Hourly cost datapoints of one resource over [start, end). */
export function billedGraph(r: Billed, start: number, end: number) {
  return hourlyGraph(start, end, (a, b) => r.billed(a, b));
}

export interface BillingEvent {
  event: string;
  start: number;
  hours: number;
  rate: number;
  cost: number;
}

/** A VM's spans at one rate over [start, end): each named by the state that began it ("billing" when unknown). */
export function vmBillingEvents(world: World, vm: VmRecord, start: number, end: number): BillingEvent[] {
  const now = world.now();
  return meterSegments(vm.meter, vm.createdAt, start, end, now).map((s) => ({
    event: s.state ?? 'billing',
    start: s.from,
    hours: (s.to - s.from) / HOUR,
    rate: s.rate,
    cost: (s.rate * (s.to - s.from)) / HOUR,
  }));
}

/** A volume bills one rate for its whole life: one event, from its creation (or the period's start). */
export function volumeBillingEvents(
  world: World,
  volumeId: number,
  start: number,
  end: number,
): BillingEvent[] {
  const v = world.volumes.get(volumeId);
  if (!v) throw notFound(`Volume with id ${volumeId} not found.`);
  const now = world.now();
  const from = Math.max(start, v.createdAt);
  const hours = lifeHours(v.createdAt, start, end, now);
  if (hours <= 0) return [];
  return [
    { event: 'created', start: from, hours, rate: volumeRate(v), cost: volumeBilled(v, start, end, now) },
  ];
}

export type SubResource = 'gpu' | 'cpu' | 'ram' | 'disk' | 'ephemeral' | 'publicip';

/**
 * The VM's cost over a span split by sub-resource, in the shares of its price's parts (a GPU flavor's CPU, RAM
 * and disk are in its GPU price). Ephemeral disk has no price of its own here: 0.
 */
export function subResourceShares(world: World, vm: VmRecord): Record<SubResource, number> {
  const parts = vmComponents(world, vm, world.now());
  const total = parts.reduce((s, c) => s + c.amount * c.discountedRate, 0);
  const share = (type: SubResource) =>
    total === 0
      ? 0
      : parts.filter((c) => c.type === type).reduce((s, c) => s + c.amount * c.discountedRate, 0) / total;
  return {
    gpu: share('gpu'),
    cpu: share('cpu'),
    ram: share('ram'),
    disk: share('disk'),
    ephemeral: 0,
    publicip: share('publicip'),
  };
}

/** GPUs allocated to the contract's VMs at `t`: those of its VMs billed at that time (holding their GPUs). */
export function contractGpusAt(world: World, contractId: number, t: number): number {
  let n = 0;
  for (const vm of world.vms.values()) {
    if (vm.contractId !== contractId || vm.createdAt > t) continue;
    if (meterBilled(vm.meter, vm.createdAt, t, t + 1, Math.max(t + 1, world.now())) > 0)
      n += vm.flavor.gpuCount;
  }
  return n;
}
