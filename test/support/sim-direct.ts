import { ManualClock } from '../../src/sim/clock.js';
import { createWorld } from '../../src/sim/create-world.js';
import { SimError, type SimMethod } from '../../src/sim/route.js';
import { routes } from '../../src/sim/routes/index.js';
import type { World, WorldOptions } from '../../src/sim/world.js';

/**
 * The simulator's routes called directly (no HTTP), on a world with a ManualClock: for tests of the
 * simulator's own behaviour. `call` finds the route by method and path template; the template's placeholders
 * may be named otherwise than the route's (the operation's names, src/api/operations.gen.ts): the params are
 * given to the route under its names, in the order of the path.
 */
const shape = (path: string) => path.replace(/:\w+/g, ':');
const placeholders = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

export function directSim(opts: WorldOptions = {}) {
  const clock = new ManualClock();
  const world = createWorld({ clock, ...opts });
  const call = (
    method: SimMethod,
    path: string,
    params: Record<string, string> = {},
    body?: unknown,
    q = '',
  ): any => {
    const route = routes.find((r) => r.method === method && shape(r.path) === shape(path));
    if (!route) throw new Error(`no route ${method} ${path}`);
    const names = placeholders(route.path);
    const given = placeholders(path);
    const renamed = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [given.includes(k) ? (names[given.indexOf(k)] ?? k) : k, v]),
    );
    return route.handle({ method, path, params: renamed, query: new URLSearchParams(q), body }, world);
  };
  /** The SimError a call throws (fails the test when it succeeds). */
  const fail = (...args: Parameters<typeof call>): SimError => {
    try {
      call(...args);
    } catch (e) {
      if (e instanceof SimError) return e;
      throw e;
    }
    throw new Error(`expected ${args[0]} ${args[1]} to fail`);
  };
  return { clock, world, call, fail };
}

/** Adds an empty environment (no key pair, no VM) in CANADA-1 to the world, as if made elsewhere. */
export function addEnvironment(world: World, name: string, id = 999): void {
  world.envs.set(id, { id, name, region: 'CANADA-1', createdAt: world.now() });
}
