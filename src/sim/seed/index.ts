/** Seeds a world with the demo organisation. Deterministic: the same seed and clock give the same data. */
import type { Rng } from '../rng.js';
import type { World } from '../world.js';
import { seedContracts, seedPayments, seedTerminated } from './billing.js';
import { seedClusters } from './clusters.js';
import { seedEnvironments } from './environments.js';
import { seedOrg } from './org.js';
import { seedFirewalls, seedProfiles, seedSnapshots } from './resources.js';
import { seedStock } from './stock.js';
import { seedLooseVolumes, seedVms } from './vms.js';

export function seedWorld(world: World, rng: Rng, vmCount: number): void {
  seedOrg(world, rng);
  seedStock(world, rng);
  seedEnvironments(world, rng);
  seedVms(world, rng, vmCount);
  seedLooseVolumes(world, rng);
  seedContracts(world);
  seedFirewalls(world, rng);
  seedSnapshots(world, rng);
  seedProfiles(world, rng);
  seedClusters(world, rng);
  seedTerminated(world, rng);
  seedPayments(world, rng);
}
