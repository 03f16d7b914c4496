// A hostile Retry-After: years, or a date far away. The client waits its own longest delay (never Node's 1 ms
// fallback for an oversized timer: that would be a retry storm with a warning printed over the UI).
import { describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS } from '../../src/api/timer.js';
import { warningsPerTest } from '../support/warnings.js';
import { client, Env, failure, hostileServer } from './support/hostile.js';

const warnings = warningsPerTest();

async function busyServer(retryAfter: string) {
  return hostileServer((_req, res, n) => {
    res.writeHead(n === 1 ? 503 : 200, { 'content-type': 'application/json', 'retry-after': retryAfter });
    res.end(n === 1 ? '{"message": "busy"}' : '{"status": true, "n": 2}');
  });
}

describe('Retry-After from a hostile service', () => {
  it.each(['999999999', 'Fri, 31 Dec 9999 23:59:59 GMT'])(
    '%s: waits maxDelayMs, then tries again',
    async (ra) => {
      const srv = await busyServer(ra);
      const { t, flights } = client(srv.url, { retry: { baseDelayMs: 1, maxDelayMs: 50, random: () => 0 } });
      await expect(t.request({ method: 'GET', path: '/x', schema: Env, retry: true })).resolves.toMatchObject(
        {
          n: 2,
        },
      );
      expect(flights.find((f) => f.type === 'retry')).toMatchObject({ attempt: 2, delayMs: 50 });
      expect(srv.requests).toHaveLength(2);
    },
  );

  it('with no cap of our own, the wait is bounded by the timer limit: no 1 ms retry storm', async () => {
    const srv = await busyServer('999999999');
    const { t, flights } = client(srv.url, {
      retry: { baseDelayMs: 1, maxDelayMs: Infinity, random: () => 0 },
    });
    const ac = new AbortController();
    const p = failure(t.request({ method: 'GET', path: '/x', schema: Env, retry: true, signal: ac.signal }));
    await vi.waitFor(() => expect(flights.some((f) => f.type === 'retry')).toBe(true));
    expect(flights.find((f) => f.type === 'retry')).toMatchObject({ delayMs: MAX_TIMER_MS });
    await new Promise((r) => setTimeout(r, 100));
    expect(srv.requests).toHaveLength(1);
    ac.abort();
    expect((await p).kind).toBe('aborted');
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });

  it('the default: at most 30 s between tries, whatever the service asks', async () => {
    const srv = await busyServer('999999999');
    const { t, flights } = client(srv.url, { retry: {} });
    const ac = new AbortController();
    const p = failure(t.request({ method: 'GET', path: '/x', schema: Env, retry: true, signal: ac.signal }));
    await vi.waitFor(() => expect(flights.some((f) => f.type === 'retry')).toBe(true));
    expect(flights.find((f) => f.type === 'retry')).toMatchObject({ delayMs: 30_000 });
    ac.abort();
    await p;
  });
});
