import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestBudget } from '../../src/api/budget.js';
import type { ApiError } from '../../src/api/errors.js';
import { createTransport, type HttpTransport } from '../../src/api/transport.js';
import { apiError } from '../support/api-error.js';
import { json, scriptedServer } from '../support/scripted-server.js';

const KEY = 'sekret-key-0123456789abcdef';
const Env = z.looseObject({ status: z.literal(true), message: z.string().optional(), n: z.number() });

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups) await c();
  cleanups = [];
});

async function setup(
  script: Parameters<typeof scriptedServer>[0],
  extra: Partial<Parameters<typeof createTransport>[0]> = {},
) {
  const srv = await scriptedServer(script);
  const t: HttpTransport = createTransport({
    baseUrl: srv.url,
    apiKey: KEY,
    retry: { baseDelayMs: 1, random: () => 0 },
    budget: new RequestBudget({ perMinute: 100_000 }),
    ...extra,
  });
  cleanups.push(async () => {
    await t.close();
    await srv.close();
  });
  return { srv, t };
}

function expectNoKey(e: unknown) {
  const forms = [
    String(e),
    (e as Error).message,
    (e as Error).stack ?? '',
    inspect(e, { depth: 20 }),
    JSON.stringify(e),
  ];
  for (const f of forms) expect(f).not.toContain(KEY);
}

describe('transport: what it sends', () => {
  it('sends api_key, accept, content-type only with a body, the query, and returns the validated body', async () => {
    const { srv, t } = await setup((_, res) =>
      json(res, 200, { status: true, message: 'ok', n: 1, extra: 'kept' }),
    );
    const got = await t.request({
      method: 'GET',
      path: '/core/x',
      query: { region: 'CANADA-1', none: undefined },
      schema: Env,
    });
    expect(got).toMatchObject({ n: 1, extra: 'kept' });
    await t.request({ method: 'POST', path: '/core/x', body: { a: 1 }, schema: Env });
    const [get, post] = srv.seen;
    expect(get?.url).toBe('/v1/core/x?region=CANADA-1');
    expect(get?.headers.api_key).toBe(KEY);
    expect(get?.headers.accept).toBe('application/json');
    expect(get?.headers['content-type']).toBeUndefined();
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ a: 1 });
  });

  it('reuses one keep-alive connection for consecutive requests', async () => {
    const { srv, t } = await setup((_, res) => json(res, 200, { status: true, n: 1 }));
    for (let i = 0; i < 10; i++) await t.request({ method: 'GET', path: '/p', schema: Env });
    expect(srv.seen).toHaveLength(10);
    // undici may open a second socket while the first finishes its response; never one per request.
    expect(srv.connections()).toBeLessThanOrEqual(2);
  });
});

describe('transport: error mapping', () => {
  const cases: Array<[string, number, unknown, Partial<ApiError>, RegExp]> = [
    [
      '400 with error_reason',
      400,
      { status: false, message: 'name too long', error_reason: 'invalid_name' },
      { kind: 'http', status: 400, reason: 'invalid_name', serviceMessage: 'name too long' },
      /name too long/,
    ],
    [
      '401',
      401,
      { status: false, message: 'Invalid api key', error_reason: 'unauthorized' },
      { status: 401 },
      /API key was rejected/,
    ],
    [
      '402',
      402,
      { status: false, message: 'Insufficient balance', error_reason: 'payment_required' },
      { status: 402 },
      /Insufficient balance/,
    ],
    [
      '403',
      403,
      { status: false, message: 'no permission', error_reason: 'forbidden' },
      { status: 403 },
      /admin must create a role/,
    ],
    [
      '404',
      404,
      { status: false, message: 'VM 9 not found', error_reason: 'not_found' },
      { status: 404 },
      /not found/,
    ],
    [
      '405 (not allowed in this state)',
      405,
      { status: false, message: 'Environment e still holds 2 VMs', error_reason: 'not_allowed' },
      { status: 405, reason: 'not_allowed' },
      /^not allowed \(HTTP 405, POST \/core\/x\): Environment e still holds 2 VMs$/,
    ],
    [
      '409',
      409,
      { status: false, message: 'Name already taken', error_reason: 'conflict' },
      { status: 409 },
      /Name already taken/,
    ],
    ['422', 422, { status: false, message: 'bad field' }, { status: 422 }, /invalid request/],
    [
      '429',
      429,
      { status: false, message: 'Too many requests' },
      { status: 429, retryAfter: 7 },
      /rate limited/,
    ],
    [
      '500 legacy body without status',
      500,
      { message: 'Internal Server Error' },
      { status: 500, serviceMessage: 'Internal Server Error' },
      /service error \(HTTP 500/,
    ],
    [
      '502 html gateway page',
      502,
      '<html><head><title>502 Bad Gateway</title></head></html>',
      { status: 502, serviceMessage: '502 Bad Gateway' },
      /502 Bad Gateway/,
    ],
  ];
  it.each(cases)('%s', async (_name, status, body, expected, text) => {
    const { t } = await setup((_, res) => json(res, status, body, { 'retry-after': '7' }));
    const e = await apiError(t.request({ method: 'POST', path: '/core/x', schema: Env }));
    expect(e).toMatchObject({ method: 'POST', path: '/core/x', ...expected });
    expect(e.message).toMatch(text);
    expectNoKey(e);
  });

  it('2xx envelope with status false', async () => {
    const { t } = await setup((_, res) =>
      json(res, 200, { status: false, message: 'Flavor not available', error_reason: 'stock' }),
    );
    const e = await apiError(t.request({ method: 'GET', path: '/x', schema: Env }));
    expect(e).toMatchObject({ kind: 'envelope', reason: 'stock', serviceMessage: 'Flavor not available' });
  });

  it('non-JSON 200 body', async () => {
    const { t } = await setup((_, res) => json(res, 200, '{"status": tr'));
    const e = await apiError(t.request({ method: 'GET', path: '/x', schema: Env }));
    expect(e.kind).toBe('not-json');
  });

  it('schema mismatch names the field and its path', async () => {
    const S = z.object({
      status: z.boolean(),
      instances: z.array(z.object({ id: z.number(), flavor: z.object({ cpu: z.number() }) })),
    });
    const { t } = await setup((_, res) =>
      json(res, 200, {
        status: true,
        instances: [
          { id: 1, flavor: { cpu: 4 } },
          { id: 2, flavor: { cpu: 'many' } },
        ],
      }),
    );
    const e = await apiError(t.request({ method: 'GET', path: '/core/virtual-machines', schema: S }));
    expect(e.kind).toBe('schema');
    expect(e.field).toBe('instances[1].flavor.cpu');
    expect(e.message).toContain('instances[1].flavor.cpu');
    expect(e.message).toContain('GET /core/virtual-machines');
  });

  it('network failure (connection refused) without leaking the key', async () => {
    const srv = await scriptedServer(() => {});
    const url = srv.url;
    await srv.close();
    const t = createTransport({ baseUrl: url, apiKey: KEY, retry: { maxTries: 1 } });
    cleanups.push(() => t.close());
    const e = await apiError(t.request({ method: 'GET', path: '/x', schema: Env, retry: true }));
    expect(e.kind).toBe('network');
    expect(e.transient).toBe(true);
    expectNoKey(e);
  });

  it('timeout when the service never answers', async () => {
    const { t } = await setup(() => {}, { headersTimeoutMs: 150 });
    const e = await apiError(t.request({ method: 'GET', path: '/x', schema: Env }));
    expect(e.kind).toBe('timeout');
    expectNoKey(e);
  });

  it('abort by the caller', async () => {
    const { t } = await setup(() => {});
    const ac = new AbortController();
    const p = t.request({ method: 'GET', path: '/x', schema: Env, retry: true, signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    const e = await apiError(p);
    expect(e.kind).toBe('aborted');
  });
});

describe('transport: retries', () => {
  it('retries a read on 5xx, 429 and reset, up to 5 tries in all', async () => {
    let n = 0;
    const { srv, t } = await setup((_, res) => {
      n++;
      if (n === 1) return json(res, 503, { message: 'busy' });
      if (n === 2) return json(res, 429, { status: false, message: 'slow down' });
      if (n === 3) return res.socket?.destroy();
      return json(res, 200, { status: true, n });
    });
    await expect(t.request({ method: 'GET', path: '/x', schema: Env, retry: true })).resolves.toMatchObject({
      n: 4,
    });
    expect(srv.seen).toHaveLength(4);
  });

  it('gives up after 5 tries', async () => {
    const { srv, t } = await setup((_, res) => json(res, 500, { message: 'down' }));
    const e = await apiError(t.request({ method: 'GET', path: '/x', schema: Env, retry: true }));
    expect(e.status).toBe(500);
    expect(srv.seen).toHaveLength(5);
  });

  it('never retries a 4xx other than 429, nor a schema error', async () => {
    const { srv, t } = await setup((_, res) => json(res, 404, { status: false, message: 'gone' }));
    await apiError(t.request({ method: 'GET', path: '/x', schema: Env, retry: true }));
    expect(srv.seen).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'DELETE', 'GET'] as const)(
    'never retries a mutation or action (%s, retry unset)',
    async (method) => {
      const { srv, t } = await setup((_, res) => json(res, 503, { message: 'busy' }));
      await apiError(t.request({ method, path: '/core/virtual-machines/1/hard-reboot', schema: Env }));
      expect(srv.seen).toHaveLength(1);
    },
  );
});

describe('transport: budget', () => {
  it('fails fast with a budget error instead of flooding the service', async () => {
    const { srv, t } = await setup((_, res) => json(res, 200, { status: true, n: 1 }), {
      budget: new RequestBudget({ perMinute: 6, burst: 2, maxWaitMs: 50 }),
    });
    await t.request({ method: 'GET', path: '/x', schema: Env });
    await t.request({ method: 'GET', path: '/x', schema: Env });
    const e = await apiError(t.request({ method: 'GET', path: '/x', schema: Env }));
    expect(e.kind).toBe('budget');
    expect(srv.seen).toHaveLength(2);
  });
});
