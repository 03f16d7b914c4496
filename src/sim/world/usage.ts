/** Derived totals: the dashboard overview and the usage-cost records, computed from the current state. */
import { round4 } from '../catalog.js';
import type { World } from '../world.js';
import { notFound } from './errors.js';
import { usageAt, volumeRate } from './pricing.js';
import { iso } from './time.js';
import type { EnvRecord, VmStatus } from './types.js';

/** States in which a VM holds its vCPUs, GPUs and RAM (a hibernated or failed one does not). */
const HOLDING: ReadonlySet<VmStatus> = new Set<VmStatus>([
  'CREATING',
  'BUILD',
  'ACTIVE',
  'STOPPING',
  'SHUTOFF',
  'STARTING',
  'REBOOTING',
  'HIBERNATING',
  'RESTORING',
  'RESIZING',
]);

export interface Overview {
  instance: { count: number; vcpus: number; gpus: number; ram: number; cost_per_hour: number };
  container: { count: number; vcpus: number; gpus: number; ram: number; cost_per_hour: number };
  volume: { count: number; using: number; cost_per_hour: number };
}

export function overview(world: World): Overview {
  let vcpus = 0;
  let gpus = 0;
  let ram = 0;
  let vmCost = 0;
  // a cluster's nodes are VMs counted here: their cost is their cluster's meter
  for (const c of world.clusters.values()) vmCost += c.meter.ratePerHour;
  for (const vm of world.vms.values()) {
    vmCost += vm.meter.ratePerHour;
    if (!HOLDING.has(vm.status)) continue;
    vcpus += vm.flavor.cpu;
    gpus += vm.flavor.gpuCount;
    ram += vm.flavor.ram;
  }
  let using = 0;
  let volCost = 0;
  for (const v of world.volumes.values()) {
    if (v.vmId !== null) using++;
    volCost += volumeRate(v);
  }
  return {
    instance: { count: world.vms.size, vcpus, gpus, ram: Math.round(ram), cost_per_hour: round4(vmCost) },
    container: { count: 0, vcpus: 0, gpus: 0, ram: 0, cost_per_hour: 0 },
    volume: { count: world.volumes.size, using, cost_per_hour: round4(volCost) },
  };
}

export interface UsageJson {
  resource_id: number;
  resource_type: 'vm' | 'volume';
  name: string;
  organization_id: number;
  bill_per_minute: number | null;
  create_time: string;
  terminate_time: string | null;
  total_up_time: number;
  total_bill: number;
  active: boolean;
  exclude_billing: boolean;
}

function findEnv(world: World, nameOrId: string): EnvRecord {
  for (const env of world.envs.values()) {
    if (env.name === nameOrId || String(env.id) === nameOrId) return env;
  }
  throw notFound(`Environment "${nameOrId}" not found.`);
}

/** Active resources (default) or, with `deleted`, the terminated ones; optionally of one environment. */
export function usageRecords(
  world: World,
  opts: { deleted: boolean; environment?: string | null },
): UsageJson[] {
  const envId = opts.environment ? findEnv(world, opts.environment).id : undefined;
  const org = world.org.id;
  const out: UsageJson[] = [];
  if (opts.deleted) {
    for (const t of world.terminated) {
      if (envId !== undefined && t.envId !== envId) continue;
      out.push({
        resource_id: t.resourceId,
        resource_type: t.resourceType,
        name: t.name,
        organization_id: org,
        bill_per_minute: null,
        create_time: iso(t.createTime),
        terminate_time: iso(t.terminateTime),
        total_up_time: round4(t.upMinutes),
        total_bill: round4(t.bill),
        active: false,
        exclude_billing: t.excludeBilling,
      });
    }
    return out;
  }
  const now = world.now();
  for (const vm of world.vms.values()) {
    if (envId !== undefined && vm.envId !== envId) continue;
    // a cluster's nodes are billed with their cluster, not as VMs
    if (vm.clusterId !== null) continue;
    const u = usageAt(vm.meter, now);
    out.push({
      resource_id: vm.id,
      resource_type: 'vm',
      name: vm.name,
      organization_id: org,
      bill_per_minute: round6(u.ratePerHour / 60),
      create_time: iso(vm.createdAt),
      terminate_time: null,
      total_up_time: round4(u.upMinutes),
      total_bill: round4(u.bill),
      active: true,
      exclude_billing: false,
    });
  }
  for (const v of world.volumes.values()) {
    if (envId !== undefined && v.envId !== envId) continue;
    const minutes = Math.max(0, now - v.createdAt) / 60_000;
    out.push({
      resource_id: v.id,
      resource_type: 'volume',
      name: v.name,
      organization_id: org,
      bill_per_minute: round6(volumeRate(v) / 60),
      create_time: iso(v.createdAt),
      terminate_time: null,
      total_up_time: round4(minutes),
      total_bill: round4((minutes / 60) * volumeRate(v)),
      active: true,
      exclude_billing: false,
    });
  }
  return out;
}

function round6(n: number): number {
  return Math.round(n * 1_000_000) / 1_000_000;
}
