/**
 * An environment's VM quota (Get_environment_VM_quota): its VMs take addresses of its subnet, so the subnet's size
 * caps how many it holds. The reference's example: 10.0.11.0/24 allows 250 VMs (256 addresses less 6 the network
 * keeps). Creating more VMs than are left is refused.
 */
import type { World } from '../world.js';
import { invalid } from './errors.js';
import type { EnvRecord } from './types.js';

/** Addresses of a subnet the network keeps for itself (network, gateway, DHCP, broadcast …): 256 − 250. */
const RESERVED = 6;

/** The environment's subnet (seeded ones may be smaller than the default /24). */
export function envCidr(env: EnvRecord): string {
  return env.cidr ?? `10.${env.id % 250}.0.0/24`;
}

export interface VmQuota {
  current: number;
  max: number;
  available: number;
  /** Percent of the quota used, one decimal (0.4 for 1 of 250). */
  percentUsed: number;
  cidr: string;
}

export function vmQuota(world: World, env: EnvRecord): VmQuota {
  const cidr = envCidr(env);
  const prefix = Number(cidr.split('/')[1] ?? 24);
  const max = Math.max(0, 2 ** (32 - prefix) - RESERVED);
  let current = 0;
  for (const vm of world.vms.values()) if (vm.envId === env.id) current++;
  return {
    current,
    max,
    available: Math.max(0, max - current),
    percentUsed: max === 0 ? 100 : Math.round((current / max) * 1000) / 10,
    cidr,
  };
}

/** Refuses `count` new VMs that the environment's subnet cannot hold. */
export function requireVmQuota(world: World, env: EnvRecord, count: number): void {
  const q = vmQuota(world, env);
  if (count > q.available)
    throw invalid(
      `Environment ${env.name} can hold ${q.available} more VM${q.available === 1 ? '' : 's'} ` +
        `(${q.current} of ${q.max} in subnet ${q.cidr}); ${count} asked.`,
    );
}
