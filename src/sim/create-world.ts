/**
 * A World seeded with the demo organisation at once (the tests' worlds). The simulator's are made by
 * create-world-lazily.ts, which seeds the rest later through the same startWorld: the same world.
 */
import { startWorld } from './create-world-lazily.js';
import { seedRest } from './seed/rest.js';
import type { World, WorldOptions } from './world.js';

export function createWorld(opts: WorldOptions = {}): World {
  const { world, finish } = startWorld(opts);
  finish(seedRest);
  return world;
}
