/**
 * The demo's World (`--demo`): seeded with what the VMs screen's first answers read (seed/first.ts), the rest
 * (seed/rest.ts, loaded then) when a request first needs it or the demo preloads it, whichever comes first. The
 * world is the one createWorld makes, whatever the order of the requests: both go through startWorld, the rest is
 * seeded as of the creation's time, and the credit's starting point counts it.
 */
import type { OperationId } from '../api/openapi-types.js';
import { createRng } from './rng.js';
import { seedFirst } from './seed/first.js';
import type { seedRest as SeedRest } from './seed/rest.js';
import { scheduleRestock } from './seed/stock.js';
import { anchorCredit } from './world/credit.js';
import { World, type WorldOptions } from './world.js';

/** The reads seed/first.ts answers whole: the VMs screen's first requests (a VM's and an environment's JSON). */
export const READS_OF_THE_FIRST_SEED: ReadonlySet<OperationId> = new Set<OperationId>([
  'List_VMs',
  'Get_VM',
  'List_environments',
  'Get_environment',
]);

/**
 * A world seeded with the first part, its clock advanced and its credit anchored; `finish` seeds the rest with the
 * seedRest it is given (passed in, so that the demo's start does not load it).
 */
export function startWorld(opts: WorldOptions): {
  world: World;
  finish: (seedRest: typeof SeedRest) => void;
} {
  const world = new World(opts);
  const continuation = seedFirst(world, createRng(world.seed), opts.vmCount ?? 30);
  if (opts.restockMs !== undefined) scheduleRestock(world, opts.restockMs);
  const createdAt = world.now();
  world.advance();
  anchorCredit(world);
  const finish = (seedRest: typeof SeedRest) => {
    const before = world.terminated.length;
    world.asOf(createdAt, () => seedRest(world, continuation));
    // the anchor's sum ends with the terminated usage, which the rest seeded
    let anchor = world.org.billedAtAnchor ?? 0;
    for (const t of world.terminated.slice(before)) anchor += t.bill;
    world.org.billedAtAnchor = anchor;
  };
  return { world, finish };
}

export function createWorldLazily(opts: WorldOptions = {}): World {
  const { world, finish } = startWorld(opts);
  world.deferSeed(async () => finish((await import('./seed/rest.js')).seedRest), READS_OF_THE_FIRST_SEED);
  return world;
}
