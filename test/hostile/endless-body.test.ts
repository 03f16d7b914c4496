// A body that never ends: fast (the byte cap stops it) or trickling (the per-attempt deadline stops it). Either
// way the client holds at most the cap in memory, drops the connection, and says what happened.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEADLINE_MS, DEFAULT_MAX_BODY_BYTES } from '../../src/api/transport.js';
import {
  appDepsOn,
  client,
  Env,
  failure,
  floodForever,
  hostileServer,
  trickleForever,
} from './support/hostile.js';

const CAP = 1024 * 1024;

describe('a body that never ends', () => {
  it('defaults: a 64 MiB cap (the 10,000-VM list is ~16 MB) and a 120 s deadline', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(64 * 1024 * 1024);
    expect(DEFAULT_DEADLINE_MS).toBe(120_000);
  });

  it('flooding: stops at the byte cap with a clear error, reads no more than the cap, drops the connection', async () => {
    const srv = await hostileServer((_req, res) => floodForever(res, Buffer.alloc(64 * 1024, 'x')));
    const { t, exchanges } = client(srv.url, { maxBodyBytes: CAP });
    const e = await failure(
      t.request({ method: 'GET', path: '/core/virtual-machines', schema: Env, retry: true }),
    );
    expect(e.kind).toBe('too-large');
    expect(e.message).toBe(
      "the service's answer was larger than 1 MB (HTTP 200, GET /core/virtual-machines)",
    );
    expect(e.transient).toBe(false);
    expect(srv.requests).toHaveLength(1); // the same answer would come again: not retried
    // Memory stays bounded: what was read is the cap plus at most one socket chunk.
    const bytes = exchanges[0]?.bytes ?? 0;
    expect(bytes).toBeGreaterThan(CAP);
    expect(bytes).toBeLessThanOrEqual(CAP + 256 * 1024);
    expect(exchanges[0]?.error).toBe(e);
    // The connection is not kept for reuse: the server sees it close.
    await vi.waitFor(() => expect(srv.openSockets()).toBe(0));
  });

  it('a Content-Length over the cap fails before reading the body', async () => {
    const srv = await hostileServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 2 ** 30) });
      res.write('{"status": true');
    });
    const { t, exchanges } = client(srv.url, { maxBodyBytes: CAP });
    const e = await failure(t.request({ method: 'GET', path: '/x', schema: Env }));
    expect(e.kind).toBe('too-large');
    expect(exchanges[0]?.bytes).toBe(0);
    await vi.waitFor(() => expect(srv.openSockets()).toBe(0));
  });

  it('trickling forever (never silent long enough for the body timeout): the deadline ends it', async () => {
    const srv = await hostileServer((_req, res) => trickleForever(res, 5));
    const { t, exchanges } = client(srv.url, { deadlineMs: 300, bodyTimeoutMs: 60_000, maxBodyBytes: CAP });
    const e = await failure(
      t.request({ method: 'GET', path: '/core/virtual-machines', schema: Env, retry: true }),
    );
    expect(e).toMatchObject({ kind: 'timeout', phase: 'deadline', status: 200 });
    expect(e.message).toBe(
      "the service's answer took longer than 300 ms (HTTP 200, GET /core/virtual-machines)",
    );
    // Five tries of a trickle would make the wait five times longer: the poller's next round tries again instead.
    expect(srv.requests).toHaveLength(1);
    expect(exchanges[0]?.bytes).toBeLessThanOrEqual(CAP);
    expect(exchanges[0]?.error).toBe(e);
    await vi.waitFor(() => expect(srv.openSockets()).toBe(0));
  });

  it('the deadline covers a service that sends nothing at all, too', async () => {
    const srv = await hostileServer(() => {});
    const { t } = client(srv.url, { deadlineMs: 200, headersTimeoutMs: 60_000 });
    const e = await failure(t.request({ method: 'POST', path: '/core/virtual-machines', schema: Env }));
    expect(e).toMatchObject({ kind: 'timeout', phase: 'deadline', status: undefined, outcomeUnknown: true });
  });

  it('in the app: such an exchange is an API error in the header, not "API ok"', async () => {
    const srv = await hostileServer((_req, res) => floodForever(res, Buffer.alloc(64 * 1024, 'x')));
    const { deps, transport } = appDepsOn(srv.url, {
      limits: { maxBodyBytes: CAP },
    });
    try {
      await deps.poller.refresh('vms');
      const { health, slices } = deps.store.getState();
      expect(health.lastError).toBe(
        "the service's answer was larger than 1 MB (HTTP 200, GET /core/virtual-machines)",
      );
      expect(health.lastOkAt).toBeUndefined();
      expect(slices.vms?.status).toBe('error');
    } finally {
      deps.poller.stop();
      await transport.close();
    }
  });
});
