// Bodies a broken gateway or a hostile service sends: HTML pages, truncated JSON, huge or escape-laden messages,
// `status: false`, a 401 whose sentence already ends. The error stays short, carries no markup, and says plainly
// whether the service may have acted.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, Env, failure, hostileServer } from './support/hostile.js';

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

async function errorFor(status: number, body: string, type?: string, method: 'GET' | 'POST' = 'POST') {
  const srv = await hostileServer((_req, res) => send(res, status, body, type));
  const { t } = client(srv.url, { retry: { maxTries: 1 } });
  return failure(t.request({ method, path: '/core/virtual-machines', schema: Env }));
}

const LOGIN_PAGE = `<!doctype html><html><head><title>Sign in</title><style>body{}</style></head>
<body><script>alert(1)</script><h1>Please sign in</h1>${'<p>filler</p>'.repeat(2000)}</body></html>`;
const NO_TITLE = `<html><body><h1>502</h1>${'<div>x</div>'.repeat(2000)}</body></html>`;

describe('HTML instead of JSON', () => {
  it.each([
    ['200 with a <title>', 200, LOGIN_PAGE, 'not-json', true],
    ['200 without a title', 200, NO_TITLE, 'not-json', true],
    ['502 with a <title>', 502, LOGIN_PAGE, 'http', true],
    ['502 without a title', 502, NO_TITLE, 'http', true],
    ['403 from a proxy, with a <title>', 403, LOGIN_PAGE, 'http', false],
  ] as const)('%s: a short message without markup', async (_name, status, body, kind, unknown) => {
    const e = await errorFor(status, body, 'text/html');
    expect(e.kind).toBe(kind);
    expect(e.outcomeUnknown).toBe(unknown);
    expect(e.message).not.toMatch(/[<>]/);
    expect(e.message).not.toMatch(/script|filler|style/);
    expect(e.message.length).toBeLessThan(300);
    if (status === 502)
      expect(e.message).toMatch(/^service error \(HTTP 502, POST \/core\/virtual-machines\)/);
    if (body === LOGIN_PAGE && kind === 'http') expect(e.serviceMessage).toBe('Sign in');
    if (body === NO_TITLE) expect(e.serviceMessage).toBeUndefined();
  });
});

describe('a 2xx that cannot be read', () => {
  it('truncated JSON: not-json, the outcome unknown (the service may have done it)', async () => {
    const e = await errorFor(200, '{"status": true, "instances": [{"id": 1, "na');
    expect(e).toMatchObject({ kind: 'not-json', status: 200, outcomeUnknown: true });
    expect(e.message).toBe(
      'the service sent a response that is not JSON (HTTP 200, POST /core/virtual-machines)',
    );
  });

  it('JSON that does not match the schema: schema, the outcome unknown', async () => {
    const e = await errorFor(200, '{"status": true, "n": "many"}');
    expect(e).toMatchObject({ kind: 'schema', field: 'n', outcomeUnknown: true });
  });

  it('a body cut off by the connection: the answer was cut off, the outcome unknown', async () => {
    const srv = await hostileServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"status": true, ');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { t } = client(srv.url);
    const e = await failure(t.request({ method: 'POST', path: '/core/virtual-machines', schema: Env }));
    expect(e).toMatchObject({ kind: 'network', status: 200, outcomeUnknown: true });
    expect(e.message).toMatch(/^the answer was cut off \(HTTP 200, POST \/core\/virtual-machines\)/);
    expect(e.message).not.toMatch(/refus|cannot reach/i);
  });
});

describe('a hostile error body', () => {
  const ESC = '\x1b[2J\x1b]52;c;aGVsbG8=\x07\x1b[31m';
  it('escape sequences and 100 KB of text: the message is capped, nothing added to what the service sent', async () => {
    const message = `${ESC}boom ${'A'.repeat(100_000)}`;
    const e = await errorFor(500, JSON.stringify({ message, error_reason: 'R'.repeat(50_000) }));
    expect(e).toMatchObject({ kind: 'http', status: 500, outcomeUnknown: true });
    expect(e.message.length).toBeLessThanOrEqual(700);
    expect(e.serviceMessage!.length).toBeLessThanOrEqual(500);
    expect(e.reason!.length).toBeLessThanOrEqual(160);
    expect(e.serviceMessage!.startsWith(`${ESC}boom AAA`)).toBe(true);
    expect(e.message).not.toMatch(/refus/i);
  });

  it('a huge key in a schema error is capped too', async () => {
    const key = `${ESC}${'k'.repeat(20_000)}`;
    const srv = await hostileServer((_req, res) =>
      send(res, 200, JSON.stringify({ status: true, m: { [key]: 'x' } })),
    );
    const { t } = client(srv.url);
    const S = z.object({ status: z.boolean(), m: z.record(z.string(), z.number()) });
    const e = await failure(t.request({ method: 'GET', path: '/x', schema: S }));
    expect(e.kind).toBe('schema');
    expect(e.message.length).toBeLessThanOrEqual(400);
  });
});

describe('status: false', () => {
  it('with a message: the service refused, nothing was done', async () => {
    const e = await errorFor(200, JSON.stringify({ status: false, message: 'Flavor not available' }));
    expect(e).toMatchObject({ kind: 'envelope', outcomeUnknown: false });
    expect(e.message).toBe('the service refused POST /core/virtual-machines: Flavor not available');
  });

  it('without a message', async () => {
    const e = await errorFor(200, JSON.stringify({ status: false }));
    expect(e).toMatchObject({ kind: 'envelope', outcomeUnknown: false });
    expect(e.message).toBe('the service refused POST /core/virtual-machines (status false, no message)');
  });
});

describe("the service's sentence, then our remedy", () => {
  it.each([
    ['API key revoked.', 'API key revoked. Check'],
    ['API key revoked', 'API key revoked. Check'],
    ['API key revoked!', 'API key revoked! Check'],
    ['Is the key revoked?', 'Is the key revoked? Check'],
    ['key revoked:', 'key revoked. Check'],
    ['key revoked. ', 'key revoked. Check'],
  ])('401 %j', async (said, expected) => {
    const e = await errorFor(401, JSON.stringify({ status: false, message: said }), undefined, 'GET');
    expect(e.message).toContain(`(HTTP 401, GET /core/virtual-machines): ${expected} HYPERSTACK_API_KEY`);
    expect(e.message).not.toMatch(/[.!?:]\s*\./);
    expect(e.outcomeUnknown).toBe(false);
  });

  it('401 without a message, and 403 ending in a full stop', async () => {
    const bare = await errorFor(401, '{}', undefined, 'GET');
    expect(bare.message).toBe(
      "the API key was rejected (HTTP 401, GET /core/virtual-machines). Check HYPERSTACK_API_KEY or the profile's key.",
    );
    const forbidden = await errorFor(403, JSON.stringify({ message: 'Not allowed.' }));
    expect(forbidden.message).toContain('POST /core/virtual-machines): Not allowed. Your account');
    expect(forbidden.message).not.toContain('..');
  });
});
