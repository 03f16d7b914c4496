// A service that accepts the connection and never answers: the wait is visible (what, how long, which try), it
// ends in a timeout error, and cancelling (the poller's stop on q, the transport's close) ends it at once.
import { describe, expect, it, vi } from 'vitest';
import { waitingText } from '../../src/ui/waiting.js';
import { appDepsOn, client, Env, failure, hostileServer } from './support/hostile.js';

describe('a service that never answers', () => {
  it('times out after the headers timeout, retries a read, and reports start, each retry and the end', async () => {
    const srv = await hostileServer(() => {});
    const { t, flights } = client(srv.url, { headersTimeoutMs: 100, retry: { maxTries: 2, baseDelayMs: 1 } });
    const e = await failure(
      t.request({ method: 'GET', path: '/core/virtual-machines', schema: Env, retry: true }),
    );
    expect(e).toMatchObject({ kind: 'timeout', phase: 'headers', outcomeUnknown: true });
    expect(e.message).toBe('the service did not answer in time (GET /core/virtual-machines)');
    expect(srv.requests).toHaveLength(2);
    expect(flights.map((f) => (f.type === 'retry' ? `retry ${f.attempt}` : f.type))).toEqual([
      'start',
      'retry 2',
      'end',
    ]);
    expect(flights[0]).toMatchObject({ method: 'GET', path: '/core/virtual-machines', tries: 2 });
    expect(new Set(flights.map((f) => f.id)).size).toBe(1);
  });

  it('the store keeps the wait (since, what, try n of m); the header text appears after 2 s; stop ends it', async () => {
    const srv = await hostileServer(() => {});
    const { deps, transport } = appDepsOn(srv.url, {
      retry: { maxTries: 5, baseDelayMs: 1, maxDelayMs: 5, random: () => 0 },
      limits: { headersTimeoutMs: 150 },
    });
    const { store, poller } = deps;
    try {
      const loading = poller.refresh('vms');
      // (undici checks its headers timeout about once a second, whatever the option says)
      await vi.waitFor(() => expect(Object.values(store.getState().inFlight)[0]?.attempt).toBe(2), {
        timeout: 10_000,
      });
      const f = Object.values(store.getState().inFlight)[0]!;
      expect(f).toMatchObject({ method: 'GET', path: '/core/virtual-machines', tries: 5 });
      // Shown once it has waited 2 s, not before: quick refreshes never show up.
      expect(waitingText(store.getState().inFlight, f.since + 1999)).toBe('');
      expect(waitingText(store.getState().inFlight, f.since + 12_000)).toBe(
        '⧗ waiting 12s for GET /core/virtual-machines (try 2/5)',
      );
      // The failed first try already counts against the API health.
      expect(store.getState().health.lastError).toMatch(/did not answer in time/);
      poller.stop();
      await loading;
      expect(store.getState().inFlight).toEqual({});
    } finally {
      poller.stop();
      await transport.close();
    }
  });

  it('an abort ends the wait at once (long timeouts: only the abort can end this test)', async () => {
    const srv = await hostileServer(() => {});
    const { t, flights } = client(srv.url, { headersTimeoutMs: 600_000 });
    const ac = new AbortController();
    const p = failure(
      t.request({
        method: 'GET',
        path: '/core/virtual-machines',
        schema: Env,
        retry: true,
        signal: ac.signal,
      }),
    );
    await vi.waitFor(() => expect(srv.requests).toHaveLength(1));
    ac.abort();
    const e = await p;
    expect(e.kind).toBe('aborted');
    expect(flights.at(-1)?.type).toBe('end');
    await vi.waitFor(() => expect(srv.openSockets()).toBe(0));
  });

  it("q: the poller's stop cancels the hung refresh, and closing the transport cancels a hung mutation", async () => {
    const srv = await hostileServer(() => {});
    const { deps, transport } = appDepsOn(srv.url, {
      limits: { headersTimeoutMs: 600_000 },
    });
    const refresh = deps.poller.refresh('vms');
    const create = deps.api.environments
      .create({ name: 'hang', region: 'CANADA-1' })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(srv.requests).toHaveLength(2));
    expect(Object.keys(deps.store.getState().inFlight)).toHaveLength(2);
    deps.poller.stop();
    await refresh;
    await transport.close();
    expect(await create).toMatchObject({ kind: 'aborted', outcomeUnknown: true });
    expect(deps.store.getState().inFlight).toEqual({});
    await vi.waitFor(() => expect(srv.openSockets()).toBe(0));
  });
});
