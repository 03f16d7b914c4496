/**
 * The part of the demo organisation the VMs screen's first answers read (List_VMs, List_environments and their
 * reads by id): the VMs and what shows in them (their environments, contracts, the snapshot in progress, the
 * late regions' cluster nodes) and every step before those on the one random stream, in their order, since each
 * step's draws and ids follow the one before. rest.ts seeds what comes after, from where this leaves off.
 * Deterministic: the same seed and clock give the same data.
 */
import { REGION_DEFS } from '../catalog.js';
import { createRng, type Rng } from '../rng.js';
import type { EnvRecord } from '../world/types.js';
import type { World } from '../world.js';
import { seedClusters } from './clusters.js';
import { seedContracts } from './contracts.js';
import { seedEnvironments } from './environments.js';
import { seedLateRegions } from './late-regions.js';
import { seedOrg } from './org.js';
import { seedFirewalls, seedProfiles, seedSnapshots } from './resources.js';
import { seedStock } from './stock.js';
import { seedLooseVolumes, seedVms } from './vms.js';

/** Where the rest of the seed (rest.ts) goes on from. */
export interface SeedContinuation {
  /** The main random stream, where the first part left it. */
  rng: Rng;
  /** The environments before the late regions added theirs (the terminated usage is spread over these). */
  envs: readonly EnvRecord[];
}

export function seedFirst(world: World, rng: Rng, vmCount: number): SeedContinuation {
  seedOrg(world, rng);
  seedStock(
    world,
    rng,
    REGION_DEFS.filter((r) => !r.addedLater).map((r) => r.name),
  );
  seedEnvironments(world, rng);
  seedVms(world, rng, vmCount);
  seedLooseVolumes(world, rng);
  seedContracts(world);
  seedFirewalls(world, rng);
  seedSnapshots(world, rng);
  seedProfiles(world, rng);
  // the late regions' cluster ids follow these clusters'
  seedClusters(world, rng);
  const envs = [...world.envs.values()];
  // regions opened later draw from a stream of their own: the older regions' data stays as it was. Their
  // cluster's nodes are VMs (with ids after the seeded ones), so they come before the rest of the main stream:
  // that draws nothing they draw and makes no id they make.
  seedLateRegions(world, createRng((world.seed * 2_654_435_761 + 0x5eed) >>> 0));
  return { rng, envs };
}
