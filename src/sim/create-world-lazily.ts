/**
 * The demo's World (`--demo`): seeded with what the VMs screen's first answers read (seed/first.ts), the rest
 * (seed/rest.ts, loaded then) when a request first needs it or the demo preloads it, whichever comes first. The
 * world is the one createWorld makes, whatever the order of the requests: the rest is seeded as of the creation's
 * time, and the credit's starting point counts it as createWorld's does.
 */
import type { OperationId } from '../api/openapi-types.js';
import { createRng } from './rng.js';
import { seedFirst } from './seed/first.js';
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

export function createWorldLazily(opts: WorldOptions = {}): World {
  const world = new World(opts);
  const continuation = seedFirst(world, createRng(world.seed), opts.vmCount ?? 30);
  if (opts.restockMs !== undefined) scheduleRestock(world, opts.restockMs);
  const createdAt = world.now();
  world.advance();
  anchorCredit(world);
  world.deferSeed(async () => {
    const { seedRest } = await import('./seed/rest.js');
    const before = world.terminated.length;
    world.asOf(createdAt, () => seedRest(world, continuation));
    // the anchor as createWorld's: its sum ends with the terminated usage, which the rest seeded
    let anchor = world.org.billedAtAnchor ?? 0;
    for (const t of world.terminated.slice(before)) anchor += t.bill;
    world.org.billedAtAnchor = anchor;
  }, READS_OF_THE_FIRST_SEED);
  return world;
}
