/**
 * Contract: how the real client behaves against the running simulator when access is refused (unknown key,
 * read-only key), when the service's rate limit is hit, and under injected faults (5xx, malformed JSON,
 * connection resets, no answer). Reads are retried; mutations and VM actions never are, which is checked by
 * counting the requests that reach the simulator.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activeVm,
  apiError,
  closeSimClients,
  DEFAULT_TIMINGS,
  type SimClient,
  startSimClient,
  vmBody,
} from '../support/sim-client.js';

const _T = DEFAULT_TIMINGS;

let s: SimClient;
afterEach(closeSimClients);

describe('authentication and permissions', () => {
  it('an unknown key → ApiError 401 that says the key was rejected and never contains the key', async () => {
    s = await startSimClient();
    const secret = 'sk-live-Zq93TOPSECRETkey-0042';
    const { api } = s.client({ key: secret });
    s.delta();
    const e = await apiError(api.environments.list());
    expect(s.delta()).toBe(1); // a 401 is not retried
    expect(e.kind).toBe('http');
    expect(e.status).toBe(401);
    expect(e.reason).toBe('unauthorized');
    expect(e.message).toMatch(/API key was rejected/);
    expect(e.serviceMessage).toMatch(/Invalid API key/);
    for (const text of [
      String(e),
      e.message,
      e.stack ?? '',
      inspect(e, { depth: 10, showHidden: true }),
      JSON.stringify(e),
      JSON.stringify({ ...e }),
    ]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('TOPSECRET');
    }
    // every operation, read or write, is refused the same way
    expect((await apiError(api.vms.start(1))).status).toBe(401);
    expect((await apiError(api.catalog.stocks())).status).toBe(401);
  });

  it('the read-only key reads, but a mutation → 403 explaining that an admin must assign a role', async () => {
    s = await startSimClient();
    const ro = s.client({ key: 'readonly' }).api;
    const envs = await ro.environments.list();
    expect(envs.items.length).toBeGreaterThan(0);
    expect((await ro.vms.list({ page: 1, pageSize: 5 })).items).toHaveLength(5);
    expect((await ro.catalog.flavors({ region: 'CANADA-1' })).length).toBeGreaterThan(0);

    s.delta();
    const e = await apiError(ro.environments.create({ name: 'ro-env', region: 'CANADA-1' }));
    expect(s.delta()).toBe(1);
    expect(e.status).toBe(403);
    expect(e.reason).toBe('forbidden');
    expect(e.message).toMatch(/permission denied/i);
    expect(e.message).toMatch(/admin must/);
    expect(e.message).toMatch(/assign/);
    expect(e.serviceMessage).toMatch(/environment:create/);
    expect((await s.api.environments.list()).items.map((x) => x.name)).not.toContain('ro-env');

    // VM power actions are GETs, but they are mutations
    const vm = await activeVm(s, 'ro-target');
    const stop = await apiError(ro.vms.stop(vm.id));
    expect(stop.status).toBe(403);
    expect((await s.api.vms.get(vm.id)).status).toBe('ACTIVE');
    expect((await apiError(ro.vms.delete(vm.id))).status).toBe(403);
    expect((await apiError(ro.auth.invites.create('x.y@example.com'))).status).toBe(403);
  });
});

describe('the service rate limit (429)', () => {
  const LIMIT = 5;

  async function exhaust() {
    for (let i = 0; i < LIMIT; i++) await s.api.catalog.stocks();
  }

  it('a read that hits 429 is retried and succeeds once the window has passed', async () => {
    s = await startSimClient({ rateLimitPerMinute: LIMIT });
    await exhaust();
    // the retry's wait is real time (capped small in tests); the simulator's window moves with its clock
    s.onExchange((x) => {
      if (x.status === 429) s.clock.advance(60_000);
    });
    s.delta();
    const envs = await s.api.environments.list();
    expect(envs.items.length).toBeGreaterThan(0);
    expect(s.delta()).toBe(2);
    expect(s.exchanges.slice(-2).map((x) => x.status)).toEqual([429, 200]);
  });

  it('a read that keeps hitting 429 surfaces the 429 after the allowed tries', async () => {
    s = await startSimClient({ rateLimitPerMinute: LIMIT });
    await exhaust();
    s.delta();
    const e = await apiError(s.api.environments.list());
    expect(s.delta()).toBe(5);
    expect(e.status).toBe(429);
    expect(e.message).toMatch(/rate limited/);
  });

  it('a mutation that hits 429 surfaces at once, without a retry', async () => {
    s = await startSimClient({ rateLimitPerMinute: LIMIT });
    await exhaust();
    s.onExchange((x) => {
      if (x.status === 429) s.clock.advance(60_000);
    });
    s.delta();
    const e = await apiError(s.api.environments.create({ name: 'ct-limited', region: 'CANADA-1' }));
    expect(s.delta()).toBe(1);
    expect(e.kind).toBe('http');
    expect(e.status).toBe(429);
    // the limiter's body is a message only (the documented vocabulary has no 429 reason)
    expect(e.reason).toBeUndefined();
    expect(e.serviceMessage).toMatch(/Too many requests/);
    expect(e.retryAfter).toBeGreaterThan(0);
    expect(e.retryAfter).toBeLessThanOrEqual(60);
    expect((await s.api.environments.list()).items.map((x) => x.name)).not.toContain('ct-limited');
  });

  it('a VM action that hits 429 is not retried', async () => {
    s = await startSimClient({ rateLimitPerMinute: 50 });
    const vm = await activeVm(s, 'ct-limited-vm');
    s.clock.advance(60_000);
    for (let i = 0; i < 50; i++) await s.api.catalog.dashboard();
    s.delta();
    const e = await apiError(s.api.vms.hardReboot(vm.id));
    expect(s.delta()).toBe(1);
    expect(e.status).toBe(429);
  });
});

describe('injected faults', () => {
  it('a 5xx on a read is retried and the read succeeds', async () => {
    s = await startSimClient();
    s.sim.faults.set({ error5xxRate: 1, paths: ['/core/environments'] });
    s.onExchange((x) => {
      if ((x.status ?? 0) >= 500) s.sim.faults.clear();
    });
    s.delta();
    const envs = await s.api.environments.list();
    expect(envs.items.length).toBeGreaterThan(0);
    expect(s.delta()).toBe(2);
    const [first, second] = s.exchanges.slice(-2);
    expect(first!.status).toBeGreaterThanOrEqual(500);
    expect(first!.error?.kind).toBe('http');
    expect(second!.status).toBe(200);
  });

  it('a 5xx that persists on a read surfaces after the allowed tries, with the status', async () => {
    s = await startSimClient();
    s.sim.faults.set({ error5xxRate: 1, paths: ['/core/flavors'] });
    s.delta();
    const e = await apiError(s.api.catalog.flavors());
    expect(s.delta()).toBe(5);
    expect(e.kind).toBe('http');
    expect([500, 502, 503]).toContain(e.status);
    expect(e.message).toMatch(/service error/);
  });

  it('a 5xx on a VM action is NOT retried: exactly one request reaches the server', async () => {
    s = await startSimClient();
    const vm = await activeVm(s, 'ct-5xx-action');
    s.sim.faults.set({ error5xxRate: 1, paths: [`/core/virtual-machines/${vm.id}/stop`] });
    s.delta();
    const e = await apiError(s.api.vms.stop(vm.id));
    expect(s.delta()).toBe(1);
    expect([500, 502, 503]).toContain(e.status);
    s.sim.faults.clear();
    // the fault answered before the action ran
    expect((await s.api.vms.get(vm.id)).status).toBe('ACTIVE');
  });

  it('a 5xx on a create is NOT retried', async () => {
    s = await startSimClient();
    s.sim.faults.set({ error5xxRate: 1, paths: ['/core/virtual-machines'] });
    s.delta();
    const e = await apiError(s.api.vms.create(vmBody('ct-5xx-create')));
    expect(s.delta()).toBe(1);
    expect(e.status).toBeGreaterThanOrEqual(500);
  });

  it('a malformed JSON body → ApiError kind not-json (not retried)', async () => {
    s = await startSimClient();
    s.sim.faults.set({ malformedRate: 1, paths: ['/core/keypairs'] });
    s.delta();
    const e = await apiError(s.api.keypairs.list());
    expect(s.delta()).toBe(1);
    expect(e.kind).toBe('not-json');
    expect(e.status).toBe(200);
    expect(e.message).toMatch(/not JSON/);
  });

  it('a connection reset on a mutation → network error, sent once', async () => {
    s = await startSimClient();
    s.sim.faults.set({ resetRate: 1, paths: ['/core/environments'] });
    s.delta();
    const e = await apiError(s.api.environments.create({ name: 'ct-reset', region: 'CANADA-1' }));
    expect(s.delta()).toBe(1);
    expect(e.kind).toBe('network');
    expect(e.status === undefined || e.status === 200).toBe(true);
    // It reached the simulator: the message must not say it could not, and the outcome is unknown.
    expect(e.message).toMatch(/after the request was sent|answer was cut off/);
    expect(e.outcomeUnknown).toBe(true);
  });

  it('a connection reset on a read is retried', async () => {
    s = await startSimClient();
    s.sim.faults.set({ resetRate: 1, paths: ['/core/snapshots'] });
    s.onExchange((x) => {
      if (x.error?.kind === 'network') s.sim.faults.clear();
    });
    s.delta();
    const page = await s.api.snapshots.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(s.delta()).toBe(2);
  });

  it('no answer within headersTimeoutMs → ApiError kind timeout (a read retried, a mutation not)', async () => {
    s = await startSimClient();
    const { api } = s.client({ headersTimeoutMs: 150, retry: { maxTries: 2 } });
    s.sim.faults.set({ timeoutRate: 1, paths: ['/core/profiles'] });
    s.delta();
    const read = await apiError(api.profiles.list());
    expect(s.delta()).toBe(2);
    expect(read.kind).toBe('timeout');
    expect(read.message).toMatch(/did not answer in time/);

    const write = await apiError(api.profiles.create({ name: 'ct-timeout', data: {} }));
    expect(s.delta()).toBe(1);
    expect(write.kind).toBe('timeout');
  });
});
