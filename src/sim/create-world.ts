/**
 * A World seeded with the demo organisation at once (the tests' worlds). The simulator's are made by
 * create-world-lazily.ts, in two parts through the same steps: the same world.
 */
import { createRng } from './rng.js';
import { seedFirst } from './seed/first.js';
import { seedRest } from './seed/rest.js';
import { scheduleRestock } from './seed/stock.js';
import { anchorCredit } from './world/credit.js';
import { World, type WorldOptions } from './world.js';

export function createWorld(opts: WorldOptions = {}): World {
  const world = new World(opts);
  seedRest(world, seedFirst(world, createRng(world.seed), opts.vmCount ?? 30));
  if (opts.restockMs !== undefined) scheduleRestock(world, opts.restockMs);
  world.advance();
  anchorCredit(world);
  return world;
}
