/** Seeds a world with the demo organisation. Deterministic: the same seed and clock give the same data. */
import { REGION_DEFS } from '../catalog.js';
import { createRng, type Rng } from '../rng.js';
import type { World } from '../world.js';
import { seedAccount } from './account.js';
import { seedContracts, seedPayments, seedTerminated } from './billing.js';
import { seedClusters } from './clusters.js';
import { seedEnvironments } from './environments.js';
import { seedLateRegions } from './late-regions.js';
import { seedOrg } from './org.js';
import { seedFirewalls, seedProfiles, seedSnapshots } from './resources.js';
import { seedStock } from './stock.js';
import { seedLooseVolumes, seedVms } from './vms.js';

export function seedWorld(world: World, rng: Rng, vmCount: number): void {
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
  seedClusters(world, rng);
  seedTerminated(world, rng);
  seedPayments(world, rng);
  // regions opened later draw from a stream of their own: the older regions' data stays as it was
  seedLateRegions(world, createRng((world.seed * 2_654_435_761 + 0x5eed) >>> 0));
  // and the account-wide resources (issue 25) from another
  seedAccount(world, createRng((world.seed * 2_246_822_519 + 0xacc7) >>> 0));
}
