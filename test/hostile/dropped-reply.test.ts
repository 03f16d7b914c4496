// The service did the work and the reply was lost: the error must say the outcome is unknown, and the request must
// have gone out exactly once. Beside it, the table of when an error MAY have been acted on and when surely not.
import { describe, expect, it } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { createApi } from '../../src/api/client.js';
import { clearlyRefused } from '../../src/store/actions/mutate.js';
import { client, Env, failure, hostileServer } from './support/hostile.js';

const RETRY_HARD = { maxTries: 5, baseDelayMs: 1, maxDelayMs: 5, random: () => 0 };

describe('a reply dropped after the work was done', () => {
  it('POST: counted once by the server, then the socket destroyed → outcome unknown, never retried', async () => {
    let done = 0;
    const srv = await hostileServer((req, res) => {
      if (req.method === 'POST') done++;
      res.socket?.destroy();
    });
    const { t, flights } = client(srv.url, { retry: RETRY_HARD });
    const e = await failure(
      t.request({ method: 'POST', path: '/core/virtual-machines', body: {}, schema: Env }),
    );
    expect(done).toBe(1);
    expect(srv.requests).toHaveLength(1);
    expect(flights.filter((f) => f.type === 'retry')).toEqual([]);
    expect(e).toMatchObject({ kind: 'network', stage: 'sent', outcomeUnknown: true });
    expect(e.message).toMatch(/^the connection broke after the request was sent, before the answer \(POST /);
    expect(e.message).not.toMatch(/refus|cannot reach/i);
    expect(clearlyRefused(e)).toBe(false);
  });

  it('a hard reboot (a GET that acts) through the api: sent once, outcome unknown', async () => {
    const srv = await hostileServer((_req, res) => res.socket?.destroy());
    const { t } = client(srv.url, { retry: RETRY_HARD });
    const e = await failure(createApi(t).vms.hardReboot(7));
    expect(srv.requests).toEqual([{ method: 'GET', url: '/v1/core/virtual-machines/7/hard-reboot' }]);
    expect(e.outcomeUnknown).toBe(true);
  });

  it('a 5xx after the work: outcome unknown, and the message does not say "refused"', async () => {
    const srv = await hostileServer((_req, res) => {
      res.writeHead(504, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'upstream timed out' }));
    });
    const { t } = client(srv.url, { retry: RETRY_HARD });
    const e = await failure(t.request({ method: 'DELETE', path: '/core/virtual-machines/7', schema: Env }));
    expect(srv.requests).toHaveLength(1);
    expect(e).toMatchObject({ kind: 'http', status: 504, outcomeUnknown: true });
    expect(e.message).toBe('service error (HTTP 504, DELETE /core/virtual-machines/7): upstream timed out');
    expect(clearlyRefused(e)).toBe(false);
  });
});

describe('surely not acted on: the request never left, or the service said no', () => {
  it('connection refused (nothing listens)', async () => {
    const srv = await hostileServer(() => {});
    await srv.close();
    const { t } = client(srv.url, { retry: { maxTries: 1 } });
    const e = await failure(t.request({ method: 'POST', path: '/core/virtual-machines', schema: Env }));
    expect(e).toMatchObject({ kind: 'network', stage: 'unsent', outcomeUnknown: false });
    expect(e.message).toMatch(/^cannot reach the service \(POST \/core\/virtual-machines\): ECONNREFUSED/);
    expect(clearlyRefused(e)).toBe(true);
  });

  it('a name that does not resolve', async () => {
    const { t } = client('http://no-such-host.invalid/v1', { retry: { maxTries: 1 } });
    const e = await failure(t.request({ method: 'POST', path: '/x', schema: Env }));
    expect(e).toMatchObject({ kind: 'network', stage: 'unsent', outcomeUnknown: false });
  });

  it('TLS failure (https to a plain HTTP server): the handshake fails before anything is sent', async () => {
    const srv = await hostileServer((_req, res) => res.end('{}'));
    const { t } = client(srv.url.replace('http:', 'https:'), { retry: { maxTries: 1 } });
    const e = await failure(t.request({ method: 'POST', path: '/x', schema: Env }));
    expect(e).toMatchObject({ kind: 'network', stage: 'unsent', outcomeUnknown: false });
    expect(srv.requests).toEqual([]);
  });

  it('budget exhausted, and cancelled before sending', async () => {
    const srv = await hostileServer((_req, res) => res.end('{"status": true}'));
    const { t } = client(srv.url, { budget: new RequestBudget({ perMinute: 1, burst: 1, maxWaitMs: 0 }) });
    await t.request({ method: 'GET', path: '/x', schema: Env });
    const budget = await failure(t.request({ method: 'POST', path: '/x', schema: Env }));
    expect(budget).toMatchObject({ kind: 'budget', outcomeUnknown: false });
    const ac = new AbortController();
    ac.abort();
    const cancelled = await failure(
      t.request({ method: 'POST', path: '/x', schema: Env, signal: ac.signal }),
    );
    expect(cancelled).toMatchObject({ kind: 'aborted', stage: 'unsent', outcomeUnknown: false });
    expect(srv.requests).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('HTTP %i', async (status) => {
    const srv = await hostileServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: false, message: 'no' }));
    });
    const { t } = client(srv.url, { retry: { maxTries: 1 } });
    const e = await failure(t.request({ method: 'POST', path: '/x', schema: Env }));
    expect(e).toMatchObject({ kind: 'http', status, outcomeUnknown: false });
    expect(clearlyRefused(e)).toBe(true);
  });
});
