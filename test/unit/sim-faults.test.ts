import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sim/api-keys.js';
import { ManualClock } from '../../src/sim/clock.js';
import {
  type FaultConfig,
  FaultController,
  FaultSpecError,
  faultErrorBody,
  formatFaults,
  parseFaults,
  truncateJson,
} from '../../src/sim/faults.js';
import type { RouteDef } from '../../src/sim/route.js';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../src/sim/server.js';
import { World } from '../../src/sim/world.js';

const ADMIN = { api_key: DEMO_KEYS.admin };

/** How many times each handler actually ran (to tell faults before handling from faults after). */
let handled = 0;

const routes: RouteDef[] = [
  {
    method: 'GET',
    path: '/core/items',
    mutation: false,
    handle: () => {
      handled++;
      return {
        body: {
          status: true,
          message: 'Items',
          items: [
            { id: 1, name: 'alpha' },
            { id: 2, name: 'beta' },
          ],
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/core/other',
    mutation: false,
    handle: () => {
      handled++;
      return { body: { status: true, message: 'Other' } };
    },
  },
];

const sims: Simulator[] = [];

async function start(opts: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({
    routes,
    world: new World({ clock: new ManualClock() }),
    ...opts,
  });
  sims.push(sim);
  return sim;
}

afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
  handled = 0;
});

/** One request, described as what a client observes. */
async function observe(sim: Simulator, path = '/core/items'): Promise<string> {
  try {
    const res = await fetch(`${sim.url}${path}`, { headers: ADMIN });
    const text = await res.text();
    let shape: string;
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      shape = 'status' in json ? 'envelope' : 'legacy-json';
    } catch {
      shape = res.headers.get('content-type') === 'text/html' ? 'html' : 'invalid-json';
    }
    return `${res.status}:${shape}`;
  } catch {
    return 'network-error';
  }
}

async function sequence(sim: Simulator, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await observe(sim));
  return out;
}

/** Waits (a millisecond at a time, only for loopback traffic) until `cond` holds. */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !cond(); i++) await new Promise((r) => setTimeout(r, 1));
  if (!cond()) throw new Error('condition never became true');
}

describe('parseFaults / formatFaults', () => {
  it('parses the CLI form', () => {
    expect(parseFaults('5xx=0.1,429=5,latency=200,timeout=0.05,malformed=0.05,reset=0.05,drop=0.05')).toEqual(
      {
        error5xxRate: 0.1,
        burst429: 5,
        latencyMs: 200,
        timeoutRate: 0.05,
        malformedRate: 0.05,
        resetRate: 0.05,
        dropRate: 0.05,
      },
    );
    expect(parseFaults(' latency=150ms , path=/core/clusters,path=/v1/core/x ')).toEqual({
      latencyMs: 150,
      paths: ['/core/clusters', '/v1/core/x'],
    });
  });

  it.each([
    ['5xx=abc', /bad fault "5xx=abc".*between 0 and 1/],
    ['5xx=1.5', /between 0 and 1/],
    ['429=2.5', /bad fault "429=2.5".*whole number/],
    ['latency=-1', /latency/],
    ['bogus=1', /unknown fault "bogus"/],
    ['5xx', /bad fault "5xx"/],
    ['path=core', /path/],
    ['', /empty/],
    ['5xx=0.6,timeout=0.6', /add up to/],
  ])('rejects %j with a clear message', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    expect(() => parseFaults(spec)).toThrow(message);
  });

  it('formats a config back into the CLI form', () => {
    const cfg = parseFaults(
      '5xx=0.1,429=5,latency=200,timeout=0.05,malformed=0.05,reset=0.05,drop=0.05,path=/core/a',
    );
    expect(parseFaults(formatFaults(cfg))).toEqual(cfg);
    expect(formatFaults({})).toBe('none');
  });
});

describe('FaultController', () => {
  const decisions = (fc: FaultController, n: number) =>
    Array.from({ length: n }, () => JSON.stringify(fc.decide('/core/items').outcome));

  it('repeats the same sequence for the same seed and differs for another seed', () => {
    const cfg: FaultConfig = { error5xxRate: 0.3, timeoutRate: 0.1, resetRate: 0.1, malformedRate: 0.1 };
    const a = decisions(new FaultController(7, cfg), 60);
    const b = decisions(new FaultController(7, cfg), 60);
    const c = decisions(new FaultController(8, cfg), 60);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    for (const kind of ['timeout', 'reset', 'error5xx', 'malformed', 'none']) {
      expect(a.some((d) => d.includes(`"kind":"${kind}"`))).toBe(true);
    }
  });

  it('counts a 429 burst down, then stops', () => {
    const fc = new FaultController(1, { burst429: 2 });
    expect(fc.decide('/x').outcome.kind).toBe('burst429');
    expect(fc.config.burst429).toBe(1);
    expect(fc.decide('/x').outcome.kind).toBe('burst429');
    expect(fc.decide('/x').outcome.kind).toBe('none');
    expect(fc.active).toBe(false);
    expect(fc.stats().burst429).toBe(2);
  });

  it('merges set() into the current faults, and clear() removes them all', () => {
    const fc = new FaultController(1, { latencyMs: 10 });
    fc.set({ error5xxRate: 1 });
    expect(fc.config).toEqual({ latencyMs: 10, error5xxRate: 1 });
    const d = fc.decide('/core/items');
    expect(d.latencyMs).toBe(10);
    expect(d.outcome.kind).toBe('error5xx');
    fc.clear();
    expect(fc.config).toEqual({});
    expect(fc.decide('/core/items')).toEqual({ latencyMs: 0, outcome: { kind: 'none' } });
  });

  it('applies only below the configured path prefixes', () => {
    const fc = new FaultController(1, { error5xxRate: 1, paths: ['/v1/core/virtual-machines'] });
    expect(fc.decide('/core/virtual-machines').outcome.kind).toBe('error5xx');
    expect(fc.decide('/core/virtual-machines/4/start').outcome.kind).toBe('error5xx');
    expect(fc.decide('/core/virtual-machines-other').outcome.kind).toBe('none');
    expect(fc.decide('/core/clusters').outcome.kind).toBe('none');
  });

  it('rejects impossible values', () => {
    const fc = new FaultController(1);
    expect(() => fc.set({ error5xxRate: 2 })).toThrow(RangeError);
    expect(() => fc.set({ burst429: -1 })).toThrow(RangeError);
    expect(() => fc.set({ latencyMs: Number.NaN })).toThrow(RangeError);
    expect(() => fc.set({ timeoutRate: 0.7, resetRate: 0.7 })).toThrow(/add up/);
    expect(() => fc.set({ paths: ['core'] })).toThrow(RangeError);
    expect(fc.config).toEqual({}); // a refused set changes nothing
  });

  it('renders 5xx bodies with and without the envelope', () => {
    expect(JSON.parse(faultErrorBody(500, false).text)).toEqual({
      status: false,
      message: 'Internal server error',
      error_reason: 'server_error',
    });
    expect(JSON.parse(faultErrorBody(500, true).text)).toEqual({ message: 'Internal Server Error' });
    const page = faultErrorBody(502, true);
    expect(page.contentType).toBe('text/html');
    expect(page.text).toContain('502 Bad Gateway');
  });

  it('truncates JSON so that it never parses', () => {
    for (const text of ['{}', '1', '[1,2,3]', JSON.stringify({ status: true, items: [1, 2, 3] })]) {
      const cut = truncateJson(text);
      expect(cut.length).toBeLessThan(Math.max(text.length, 13));
      expect(() => JSON.parse(cut)).toThrow();
    }
  });
});

describe('faults over HTTP', () => {
  it('error5xxRate sends 500/502/503, half without the envelope, and the same seed repeats them', async () => {
    const a = await start({ seed: 3, faults: { error5xxRate: 1 } });
    const seqA = await sequence(a, 30);
    expect(handled).toBe(0); // a gateway error never reaches the service
    const statuses = new Set(seqA.map((s) => s.split(':')[0]));
    expect(statuses).toEqual(new Set(['500', '502', '503']));
    expect(seqA.some((s) => s.endsWith(':envelope'))).toBe(true);
    expect(seqA).toContain('500:legacy-json');
    expect(seqA.some((s) => s.endsWith(':html'))).toBe(true);

    const b = await start({ seed: 3, faults: { error5xxRate: 1 } });
    expect(await sequence(b, 30)).toEqual(seqA);
    const c = await start({ seed: 4, faults: { error5xxRate: 1 } });
    expect(await sequence(c, 30)).not.toEqual(seqA);
  });

  it('a mixed configuration repeats exactly with the same seed', async () => {
    const faults: FaultConfig = { error5xxRate: 0.2, malformedRate: 0.2, resetRate: 0.2 };
    const a = await sequence(await start({ seed: 11, faults }), 25);
    const b = await sequence(await start({ seed: 11, faults }), 25);
    expect(a).toEqual(b);
    expect(a).toContain('200:envelope');
    expect(a).toContain('200:invalid-json');
    expect(a).toContain('network-error');
  });

  it('burst429 answers the next N requests with 429 and Retry-After, by config and at run time', async () => {
    const sim = await start({ faults: { burst429: 2 } });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${sim.url}/core/items`, { headers: ADMIN });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ message: 'Too many requests, slow down and retry later.' });
    }
    expect(await observe(sim)).toBe('200:envelope');
    sim.faults.set({ burst429: 1 });
    expect(await observe(sim)).toBe('429:legacy-json');
    expect(await observe(sim)).toBe('200:envelope');
  });

  it('latencyMs delays each request (instant delay injected)', async () => {
    const delays: number[] = [];
    const sim = await start({
      faults: { latencyMs: 250 },
      delay: async (ms) => {
        delays.push(ms);
      },
    });
    expect(await observe(sim)).toBe('200:envelope');
    expect(await observe(sim)).toBe('200:envelope');
    expect(delays).toEqual([250, 250]);
    sim.faults.clear();
    await observe(sim);
    expect(delays).toHaveLength(2);
  });

  it('latencyMs really waits by default (setTimeout)', async () => {
    const sim = await start({ faults: { latencyMs: 40 } });
    const t0 = performance.now();
    expect(await observe(sim)).toBe('200:envelope');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(35);
  });

  it('timeoutRate never answers: the client gives up, the server goes on', async () => {
    const sim = await start({ faults: { timeoutRate: 1 } });
    const ac = new AbortController();
    const pending = fetch(`${sim.url}/core/items`, { headers: ADMIN, signal: ac.signal });
    await until(() => sim.faults.stats().timeout === 1);
    ac.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(handled).toBe(0);
    sim.faults.clear();
    expect(await observe(sim)).toBe('200:envelope');
  });

  it('close() does not hang on held-open sockets: it destroys them', async () => {
    const sim = await start({ faults: { timeoutRate: 1 } });
    const socket = connect(sim.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(`GET /v1/core/items HTTP/1.1\r\nHost: x\r\napi_key: ${DEMO_KEYS.admin}\r\n\r\n`);
    // A second held request over fetch, on its own keep-alive connection.
    const viaFetch = fetch(`${sim.url}/core/items`, { headers: ADMIN }).then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => sim.faults.stats().timeout === 2);
    expect(received).toBe('');
    await sim.close();
    await closed;
    expect(received).toBe('');
    expect(await viaFetch).toBe('failed');
  });

  it('close() also cuts a pending latency wait short', async () => {
    const sim = await start({ faults: { latencyMs: 60_000 } });
    const pending = fetch(`${sim.url}/core/items`, { headers: ADMIN }).then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => sim.requestCount() === 1);
    await sim.close();
    expect(await pending).toBe('failed');
    expect(handled).toBe(0);
  });

  it('malformedRate answers 200 with truncated JSON and a matching content-length', async () => {
    const sim = await start({ faults: { malformedRate: 1 } });
    const res = await fetch(`${sim.url}/core/items`, { headers: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(() => JSON.parse(text)).toThrow();
    expect(text.startsWith('{"status":true')).toBe(true);
    expect(handled).toBe(1); // the service did the work; the answer got mangled
  });

  it('resetRate destroys the connection, before or in the middle of the response', async () => {
    const sim = await start({ seed: 5, faults: { resetRate: 1 } });
    const results = await sequence(sim, 12);
    expect(results.every((r) => r === 'network-error')).toBe(true);
    // Some resets came after the handler ran (mid-response), some before (nothing handled).
    expect(handled).toBeGreaterThan(0);
    expect(handled).toBeLessThan(12);
    expect(sim.faults.stats().reset).toBe(12);
    sim.faults.clear();
    expect(await observe(sim)).toBe('200:envelope');
  });

  it('dropRate does the work, then closes the connection with no answer at all', async () => {
    const sim = await start({ faults: { dropRate: 1 } });
    const results = await sequence(sim, 5);
    expect(results.every((r) => r === 'network-error')).toBe(true);
    expect(handled).toBe(5);
    expect(sim.faults.stats().drop).toBe(5);
  });

  it('a mid-response reset leaves the client with a partial body', async () => {
    // Find a seed whose first reset is mid-response, using the controller itself.
    let seed = 1;
    while (
      JSON.stringify(new FaultController(seed, { resetRate: 1 }).decide('/core/items').outcome) !==
      '{"kind":"reset","when":"mid"}'
    ) {
      seed++;
    }
    const sim = await start({ seed, faults: { resetRate: 1 } });
    const res = await fetch(`${sim.url}/core/items`, { headers: ADMIN });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('the paths filter limits faults to the given prefixes', async () => {
    const sim = await start({ faults: { error5xxRate: 1, paths: ['/core/other'] } });
    expect(await observe(sim, '/core/items')).toBe('200:envelope');
    expect(await observe(sim, '/core/other')).toMatch(/^50[023]:/);
  });

  it('faults can be switched on and off at run time', async () => {
    const sim = await start();
    expect(await observe(sim)).toBe('200:envelope');
    sim.faults.set({ malformedRate: 1 });
    expect(await observe(sim)).toBe('200:invalid-json');
    sim.faults.clear();
    expect(await observe(sim)).toBe('200:envelope');
  });
});
