/**
 * The rest of the demo organisation, after first.ts: what the VMs screen's first answers do not read (the
 * terminated usage and the payments, on the main stream where first.ts left it, then the account-wide resources
 * from a stream of their own). It makes no id and no address first.ts makes, and schedules nothing, so it gives
 * the same data run at once or when first needed (create-world-lazily.ts), as of the same time.
 */
import { createRng } from '../rng.js';
import type { World } from '../world.js';
import { seedAccount } from './account.js';
import { seedPayments, seedTerminated } from './billing.js';
import type { SeedContinuation } from './first.js';

export function seedRest(world: World, { rng, envs }: SeedContinuation): void {
  seedTerminated(world, rng, envs);
  seedPayments(world, rng);
  // the account-wide resources (issue 25) from a stream of their own
  seedAccount(world, createRng((world.seed * 2_246_822_519 + 0xacc7) >>> 0));
}
