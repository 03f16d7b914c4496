/**
 * The demo's world is seeded in two parts (src/sim/create-world-lazily.ts): what the VMs screen's first answers
 * read, then the rest when a request first needs it. Asked in any order, at any time, it answers every read as a
 * world seeded at once does; and a demo start that asks only for the VMs screen's data has not seeded the rest.
 * Sampled (test/support/sampling.ts): which request comes first after the VMs screen's, the order of the others and
 * the time between them; FULL=1 puts every read (and each kind of change) first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findScreen } from '../../screens/registry.js';
import { createAppDeps } from '../../src/app/deps.js';
import { ManualClock } from '../../src/sim/clock.js';
import { createWorld } from '../../src/sim/create-world.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { rng, runSeed, sample } from '../support/sampling.js';
import { everyRead } from '../support/sim-reads.js';

const started: Simulator[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

/** The demo's simulator (lazy), or one on a world createWorld seeded at once. */
async function simulator(seed: number, clock: ManualClock, lazy: boolean): Promise<Simulator> {
  const sim = await startSimulator({
    seed,
    clock,
    rateLimitPerMinute: 0,
    ...(lazy ? { lazyRoutes: true, lazySeed: true } : { world: createWorld({ seed, clock }) }),
  });
  started.push(sim);
  return sim;
}

interface Ask {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Another key than the admin's (one the seed generated). */
  key?: string;
}

/** The keys each simulator generated (random, not of the seed): written as `<generated>` in its answers. */
const generated = new Map<Simulator, string[]>();

async function ask(sim: Simulator, a: Ask): Promise<string> {
  const res = await fetch(sim.url + a.path, {
    method: a.method,
    headers: {
      api_key: a.key ?? sim.keys.admin,
      ...(a.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(a.body === undefined ? {} : { body: JSON.stringify(a.body) }),
  });
  let text = await res.text();
  if (a.path === '/api-key/generate' && res.ok) generated.set(sim, [JSON.parse(text).api_key.key]);
  // whole when generated, its last four characters when listed
  for (const key of generated.get(sim) ?? [])
    text = text.replaceAll(key, '<generated>').replaceAll(`****${key.slice(-4)}`, '****<generated>');
  return `${a.method} ${a.path} → ${res.status} ${text}`;
}

/** The VMs screen's first requests (screens/registry.ts: its `first`). */
const VMS_SCREEN: Ask[] = [
  { method: 'GET', path: '/core/virtual-machines' },
  { method: 'GET', path: '/core/environments' },
];

function shuffled<T>(xs: readonly T[], next: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('the demo world, seeded in two parts', () => {
  const seed = runSeed('sim-lazy-seed');
  const worldSeed = 1 + (seed % 997);
  const whole = createWorld({ seed: worldSeed, clock: new ManualClock() });
  const reads = everyRead(whole).map((r): Ask => ({ method: 'GET', path: r.path }));
  const oneOfEachRead = [...new Map(everyRead(whole).map((r) => [r.op, r.path])).values()];
  /** What may come first after the VMs screen's requests: a read, a change, a key the rest of the seed makes. */
  const firsts: Array<[string, Ask]> = [
    ...oneOfEachRead.map((path): [string, Ask] => [`GET ${path}`, { method: 'GET', path }]),
    [
      'a new API key (its id follows the seeded ones)',
      { method: 'POST', path: '/api-key/generate', body: { name: 'lazy-test' } },
    ],
    [
      'a seeded voucher redeemed',
      { method: 'POST', path: '/billing/billing/vouchers/redeem', body: { voucher_code: 'WELCOME-250' } },
    ],
    [
      'a request with a seeded API key',
      { method: 'GET', path: '/core/virtual-machines', key: [...whole.apiKeys.values()][0]!.key },
    ],
  ];

  for (const [name, first] of sample(firsts, 2, seed)) {
    it(`answers as the whole world does, with ${name} first (world seed ${worldSeed})`, async () => {
      const next = rng(seed ^ firsts.findIndex(([n]) => n === name));
      const eagerClock = new ManualClock();
      const lazyClock = new ManualClock();
      const eager = await simulator(worldSeed, eagerClock, false);
      const lazy = await simulator(worldSeed, lazyClock, true);
      const both = async (a: Ask) => expect(await ask(lazy, a)).toBe(await ask(eager, a));
      const wait = (ms: number) => {
        eagerClock.advance(ms);
        lazyClock.advance(ms);
      };
      for (const a of VMS_SCREEN) await both(a);
      expect(lazy.world.seedPending).toBe(true);
      // a VM finishes its creation, a snapshot its copy, an invitation is accepted … before the rest is asked for
      wait(Math.floor(next() * 6 * 60_000));
      await both(first);
      for (const a of shuffled(reads, next)) {
        if (next() < 0.1) wait(Math.floor(next() * 30_000));
        await both(a);
      }
      expect(lazy.world.seedPending).toBe(false);
    }, 60_000);
  }
});

describe('a simulator without lazySeed (`simulate`, the tests)', () => {
  it("serves createWorld's world, seeded whole from the start", async () => {
    const whole = await simulator(3, new ManualClock(), false);
    const sim = await startSimulator({ seed: 3, clock: new ManualClock(), rateLimitPerMinute: 0 });
    started.push(sim);
    expect(sim.world.seedPending).toBe(false);
    for (const r of everyRead(whole.world)) {
      const a: Ask = { method: 'GET', path: r.path };
      expect(await ask(sim, a)).toBe(await ask(whole, a));
    }
  });
});

describe('a demo start on the VMs screen', () => {
  it("seeds what the VMs screen's requests read, and the rest when billing is first asked for", async () => {
    const sim = await simulator(1, new ManualClock(), true);
    const { deps, transport } = createAppDeps({
      baseUrl: sim.url,
      apiKey: sim.keys.admin,
      screen: 'vms',
      readOnly: false,
      refreshMs: 60_000,
      scanPerMinute: 0,
    });
    try {
      // the app's first requests, as its start sends them (src/app/deps.ts prefetchFirstScreen)
      await Promise.all((findScreen('vms')?.first ?? []).map((k) => deps.poller.refresh(k)));
      const { slices } = deps.store.getState();
      // the seeded VMs and the late regions' cluster nodes, every environment
      expect((slices.vms?.data as unknown[] | undefined)?.length).toBeGreaterThan(30);
      expect((slices.environments?.data as unknown[] | undefined)?.length).toBeGreaterThan(5);
      expect(sim.world.seedPending).toBe(true);
      expect([sim.world.terminated.length, sim.world.payments.length, sim.world.apiKeys.size]).toEqual([
        0, 0, 0,
      ]);
      const payments = await deps.api.billing.payments();
      expect(payments.length).toBe(6);
      expect(sim.world.seedPending).toBe(false);
      expect(sim.world.terminated.length).toBeGreaterThan(0);
      expect(sim.world.apiKeys.size).toBeGreaterThan(0);
    } finally {
      deps.poller.stop();
      await transport.close();
    }
  });

  it('seeds the rest on a request for the organisation, or with the preload after the first frame', async () => {
    const org = await simulator(1, new ManualClock(), true);
    await ask(org, { method: 'GET', path: '/auth/organizations' });
    expect(org.world.seedPending).toBe(false);
    const preloaded = await simulator(1, new ManualClock(), true);
    await ask(preloaded, VMS_SCREEN[0]!);
    expect(preloaded.world.seedPending).toBe(true);
    await preloaded.preloadRoutes();
    expect(preloaded.world.seedPending).toBe(false);
    expect(preloaded.world.payments.length).toBe(6);
  });
});
