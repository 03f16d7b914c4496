/** Seeds a world with the demo organisation. Deterministic: the same seed and clock give the same data. */
import type { Rng } from '../rng.js';
import type { World } from '../world.js';
import { seedFirst } from './first.js';
import { seedRest } from './rest.js';

/** The whole organisation at once (create-world-lazily.ts seeds the rest when first needed). */
export function seedWorld(world: World, rng: Rng, vmCount: number): void {
  seedRest(world, seedFirst(world, rng, vmCount));
}
