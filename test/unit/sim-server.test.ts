import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sim/api-keys.js';
import { REGION_DEFS } from '../../src/sim/catalog.js';
import { ManualClock } from '../../src/sim/clock.js';
import { type RouteDef, SimError, type SimRequest } from '../../src/sim/route.js';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../src/sim/server.js';
import { World } from '../../src/sim/world.js';

const ADMIN = { api_key: DEMO_KEYS.admin };
const READONLY = { api_key: DEMO_KEYS.readonly };

/** What the fake routes saw, to check what the server hands to handlers. */
let seen: SimRequest[] = [];

const routes: RouteDef[] = [
  {
    method: 'GET',
    path: '/core/items',
    mutation: false,
    handle: () => ({ body: { status: true, message: 'Items', items: [{ id: 1, name: 'ä-item' }] } }),
  },
  {
    method: 'POST',
    path: '/core/items',
    mutation: true,
    handle: (req) => {
      seen.push(req);
      return { status: 201, body: { status: true, message: 'Created', item: req.body } };
    },
  },
  {
    method: 'GET',
    path: '/core/items/versions',
    mutation: false,
    handle: () => ({ body: { status: true, message: 'Versions', versions: ['1.0'] } }),
  },
  {
    method: 'GET',
    path: '/core/items/:id',
    mutation: false,
    handle: (req) => {
      seen.push(req);
      if (req.params.id === 'missing')
        throw new SimError(404, 'item_not_found', 'Item missing does not exist');
      return { body: { status: true, message: 'Item', id: req.params.id, x: req.query.get('x') } };
    },
  },
  {
    method: 'DELETE',
    path: '/core/items/:id',
    mutation: true,
    handle: () => ({ body: { status: true, message: 'Deleted' } }),
  },
  {
    method: 'GET',
    path: '/core/items/:id/start',
    mutation: true,
    handle: () => ({ body: { status: true, message: 'Started' } }),
  },
  {
    method: 'GET',
    path: '/core/boom',
    mutation: false,
    handle: () => {
      throw new Error('handler bug');
    },
  },
  {
    method: 'GET',
    path: '/core/cyclic',
    mutation: false,
    handle: () => {
      const body: Record<string, unknown> = {};
      body.self = body;
      return { body };
    },
  },
];

let clock: ManualClock;
let sim: Simulator | undefined;

async function start(opts: SimulatorOptions = {}): Promise<Simulator> {
  clock = new ManualClock();
  sim = await startSimulator({ routes, world: new World({ clock }), ...opts });
  return sim;
}

afterEach(async () => {
  await sim?.close();
  sim = undefined;
  seen = [];
});

async function get(path: string, headers: Record<string, string> = ADMIN, init: RequestInit = {}) {
  const res = await fetch(`${sim!.url}${path}`, { headers, ...init });
  const text = await res.text();
  return { res, text, json: JSON.parse(text) as Record<string, unknown> };
}

function expectError(json: Record<string, unknown>, reason: string) {
  expect(json.status).toBe(false);
  expect(typeof json.message).toBe('string');
  expect((json.message as string).length).toBeGreaterThan(0);
  expect(json.error_reason).toBe(reason);
}

describe('simulator server: envelope and routing', () => {
  it('listens on 127.0.0.1 on a free port and gives a base URL ending in /v1', async () => {
    const s = await start();
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/v1`);
    expect(s.port).toBeGreaterThan(0);
    expect(s.keys).toBe(DEMO_KEYS);
  });

  it('answers JSON with a correct content-length and keeps the connection alive', async () => {
    await start();
    const { res, text, json } = await get('/core/items');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(res.headers.get('connection')).toBe('keep-alive');
    expect(json).toEqual({ status: true, message: 'Items', items: [{ id: 1, name: 'ä-item' }] });
  });

  it('passes decoded params and the query to the handler, and a static segment beats a placeholder', async () => {
    await start();
    const { json } = await get('/core/items/a%20b?x=42');
    expect(json).toMatchObject({ id: 'a b', x: '42' });
    expect(seen[0]!.path).toBe('/core/items/a%20b');
    expect(seen[0]!.method).toBe('GET');
    expect((await get('/core/items/versions')).json.versions).toEqual(['1.0']);
  });

  it('prints a reachable URL when listening on every interface', async () => {
    const s = await start({ host: '0.0.0.0' });
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/v1`);
    expect((await get('/core/items')).res.status).toBe(200);
  });

  it('tolerates one trailing slash', async () => {
    await start();
    expect((await get('/core/items/')).res.status).toBe(200);
  });

  it('answers 404 for an unknown path and for paths outside /v1, in the error shape', async () => {
    await start();
    const a = await get('/core/nothing-here');
    expect(a.res.status).toBe(404);
    expectError(a.json, 'not_found');
    const res = await fetch(sim!.url.replace(/\/v1$/, '/core/items'), { headers: ADMIN });
    expect(res.status).toBe(404);
    expectError((await res.json()) as Record<string, unknown>, 'not_found');
  });

  it('answers 405 with an Allow header for a known path with the wrong method', async () => {
    await start();
    const { res, json } = await get('/core/items/7', ADMIN, { method: 'PUT', body: '{}' });
    expect(res.status).toBe(405);
    // the web framework's own 405 (a method the path has not): a message only, no status, no error_reason
    expect(json).toEqual({ message: 'The method is not allowed for the requested URL.' });
    expect(res.headers.get('allow')).toBe('GET, DELETE');
    const patch = await get('/core/items', ADMIN, { method: 'PATCH', body: '{}' });
    expect(patch.res.status).toBe(405);
  });
});

describe('simulator server: authentication and RBAC', () => {
  it('refuses a request without api_key with 401', async () => {
    await start();
    const { res, json } = await get('/core/items', {});
    expect(res.status).toBe(401);
    expectError(json, 'unauthorized');
  });

  it('refuses an unknown key with 401', async () => {
    await start();
    const { res, json } = await get('/core/items', { api_key: 'not-a-key' });
    expect(res.status).toBe(401);
    expectError(json, 'unauthorized');
  });

  it('lets the read-only key read but refuses every mutation with 403 and the missing permission', async () => {
    await start();
    expect((await get('/core/items', READONLY)).res.status).toBe(200);
    expect((await get('/core/items/3', READONLY)).res.status).toBe(200);

    const create = await get('/core/items', READONLY, { method: 'POST', body: '{"name":"x"}' });
    expect(create.res.status).toBe(403);
    expectError(create.json, 'forbidden');
    expect(create.json.message).toContain("'item:create'");
    expect(create.json.message).toMatch(/admin/);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0); // the handler never ran

    // VM-style actions are GETs but mutations.
    const startAction = await get('/core/items/3/start', READONLY);
    expect(startAction.res.status).toBe(403);
    expect(startAction.json.message).toContain("'item:start'");

    const del = await get('/core/items/3', READONLY, { method: 'DELETE' });
    expect(del.res.status).toBe(403);
    expect(del.json.message).toContain("'item:delete'");
  });

  it('lets the admin key mutate', async () => {
    await start();
    const { res, json } = await get('/core/items', ADMIN, {
      method: 'POST',
      body: JSON.stringify({ name: 'gpu' }),
      headers: { ...ADMIN, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(json.item).toEqual({ name: 'gpu' });
    expect((await get('/core/items/3/start')).res.status).toBe(200);
  });
});

describe('simulator server: bodies and handler errors', () => {
  it('answers 400 in the error shape for invalid JSON, without calling the handler', async () => {
    await start();
    const { res, json } = await get('/core/items', ADMIN, { method: 'POST', body: '{"name": ' });
    expect(res.status).toBe(400);
    expectError(json, 'bad_request');
    expect(seen).toHaveLength(0);
  });

  it('gives the handler undefined when no body was sent', async () => {
    await start();
    const { res } = await get('/core/items', ADMIN, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(seen[0]!.body).toBeUndefined();
  });

  it('answers 413 for a body over the limit (default 1 MiB) and stays usable', async () => {
    await start();
    const big = JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) });
    const { res, json } = await get('/core/items', ADMIN, { method: 'POST', body: big });
    expect(res.status).toBe(413);
    expectError(json, 'bad_request');
    expect(seen).toHaveLength(0);
    expect((await get('/core/items')).res.status).toBe(200);
  });

  it('honours a smaller maxBodyBytes', async () => {
    await start({ maxBodyBytes: 64 });
    const ok = await get('/core/items', ADMIN, {
      method: 'POST',
      body: JSON.stringify({ n: 'x'.repeat(20) }),
    });
    expect(ok.res.status).toBe(201);
    const tooBig = await get('/core/items', ADMIN, {
      method: 'POST',
      body: JSON.stringify({ n: 'x'.repeat(80) }),
    });
    expect(tooBig.res.status).toBe(413);
  });

  it('maps a SimError to its status and the error shape', async () => {
    await start();
    const { res, json } = await get('/core/items/missing');
    expect(res.status).toBe(404);
    expect(json).toEqual({
      status: false,
      message: 'Item missing does not exist',
      error_reason: 'item_not_found',
    });
  });

  it('turns any other handler error into a 500 and keeps serving', async () => {
    await start();
    const { res, json } = await get('/core/boom');
    expect(res.status).toBe(500);
    expect(json).toEqual({ status: false, message: 'Internal server error', error_reason: 'server_error' });
    const cyclic = await get('/core/cyclic');
    expect(cyclic.res.status).toBe(500);
    expect((await get('/core/items')).res.status).toBe(200);
  });
});

describe('simulator server: rate limit', () => {
  it('answers 429 with Retry-After past the limit, until the next minute of the clock', async () => {
    await start({ rateLimitPerMinute: 3 });
    clock.advance(15_000); // 15 s into the minute
    for (let i = 0; i < 3; i++) expect((await get('/core/items')).res.status).toBe(200);
    const limited = await get('/core/items');
    expect(limited.res.status).toBe(429);
    // the documented vocabulary has no 429 reason: a message only
    expect(Object.keys(limited.json)).toEqual(['message']);
    expect(limited.json.message).toMatch(/Too many requests/);
    expect(limited.res.headers.get('retry-after')).toBe('45');
    clock.advance(44_000); // 59 s: still the same minute
    const still = await get('/core/items');
    expect(still.res.status).toBe(429);
    expect(still.res.headers.get('retry-after')).toBe('1');
    clock.advance(1_000); // the next minute
    expect((await get('/core/items')).res.status).toBe(200);
  });

  it('counts refused and unauthenticated requests too', async () => {
    await start({ rateLimitPerMinute: 2 });
    expect((await get('/core/items', {})).res.status).toBe(401);
    expect((await get('/core/nope')).res.status).toBe(404);
    expect((await get('/core/items')).res.status).toBe(429);
  });

  it('allows 500 requests per minute by default and refuses the 501st', async () => {
    await start();
    let ok = 0;
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${sim!.url}/core/items`, { headers: ADMIN }).then((r) => r.status),
        ),
      );
      ok += results.filter((s) => s === 200).length;
    }
    expect(ok).toBe(500);
    const over = await get('/core/items');
    expect(over.res.status).toBe(429);
    expect(Number(over.res.headers.get('retry-after'))).toBe(60);
    clock.advance(60_000);
    expect((await get('/core/items')).res.status).toBe(200);
  });

  it('can be switched off with 0', async () => {
    await start({ rateLimitPerMinute: 0 });
    for (let i = 0; i < 5; i++) expect((await get('/core/items')).res.status).toBe(200);
  });
});

describe('simulator server: lifecycle', () => {
  it('counts requests and stops listening on close()', async () => {
    const s = await start();
    await get('/core/items');
    await get('/core/items', {});
    expect(s.requestCount()).toBe(2);
    await s.close();
    await expect(fetch(`${s.url}/core/items`, { headers: ADMIN })).rejects.toThrow();
    await s.close(); // a second close is harmless
  });

  it('survives a client that disconnects before the body is complete', async () => {
    const s = await start();
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${s.url}/core/items`, {
        method: 'POST',
        headers: { ...ADMIN, 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"partial":', () => {
        req.destroy();
        resolve();
      });
    });
    expect((await get('/core/items')).res.status).toBe(200);
  });

  it('reports the injected world', async () => {
    const s = await start({ seed: 9 });
    expect(s.world.clock).toBe(clock);
  });

  it('creates a world from seed, clock, vmCount and timings when none is injected', async () => {
    const own = new ManualClock();
    sim = await startSimulator({ routes, seed: 9, clock: own, vmCount: 4, timings: { vmCreateMs: 1234 } });
    expect(sim.world.clock).toBe(own);
    expect(sim.world.seed).toBe(9);
    expect(sim.world.timings.vmCreateMs).toBe(1234);
    // vmCount VMs outside the clusters (whose nodes are VMs too) and outside the regions seeded apart
    const late = new Set(REGION_DEFS.filter((r) => r.addedLater).map((r) => r.name));
    const regular = [...sim.world.vms.values()].filter(
      (v) => v.clusterId === null && !late.has(sim!.world.envs.get(v.envId)!.region),
    );
    expect(regular).toHaveLength(4);
  });
});
