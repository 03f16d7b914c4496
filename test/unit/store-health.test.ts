// What the header's second line reads from the store: the requests in flight and the API health. Idle refreshes
// must change nothing it draws; a real wait, a failure or a noticeable latency change must.
import { describe, expect, it } from 'vitest';
import { createAppDeps } from '../../src/app/deps.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { transportHealth } from '../../src/store/state/transport-health.js';
import { waitingText } from '../../src/ui/waiting.js';
import { startSimClient } from '../support/sim-client.js';

const store = () => createAppStore({ screen: 'vms', readOnly: false });

describe('in flight', () => {
  it('start, retry and end kept by id; an unknown end changes nothing', () => {
    const s = store();
    transportHealth.recordFlight(s, { type: 'start', id: 7, method: 'GET', path: '/x', tries: 5, at: 1000 });
    expect(s.getState().inFlight).toEqual({
      7: { method: 'GET', path: '/x', since: 1000, attempt: 1, tries: 5 },
    });
    transportHealth.recordFlight(s, { type: 'retry', id: 7, attempt: 2, delayMs: 1000 });
    expect(s.getState().inFlight[7]?.attempt).toBe(2);
    const before = s.getState();
    transportHealth.recordFlight(s, { type: 'end', id: 99 });
    expect(s.getState()).toBe(before);
    transportHealth.recordFlight(s, { type: 'end', id: 7 });
    expect(s.getState().inFlight).toEqual({});
  });

  it('idle refreshes over real HTTP: the text the header draws never changes, and nothing stays in flight', async () => {
    const sim = await startSimClient({ vmCount: 20 });
    const { deps, transport } = createAppDeps({
      baseUrl: sim.sim.url,
      apiKey: sim.sim.keys.admin,
      screen: 'vms',
      readOnly: false,
      refreshMs: 60_000,
    });
    try {
      let flights = 0;
      let shownChanges = 0;
      let shown = '';
      const unsubscribe = deps.store.subscribe((s, prev) => {
        if (s.inFlight !== prev.inFlight) flights++;
        const text = waitingText(s.inFlight, Date.now());
        if (text !== shown) shownChanges++;
        shown = text;
      });
      for (let i = 0; i < 5; i++) await deps.poller.refresh('vms');
      unsubscribe();
      expect(flights).toBe(10); // the store did see each request start and end …
      expect(shownChanges).toBe(0); // … and none of it reached what the header draws
      expect(deps.store.getState().inFlight).toEqual({});
    } finally {
      deps.poller.stop();
      await transport.close();
      await sim.close();
    }
  });
});

describe('latency', () => {
  const ok = (s: ReturnType<typeof store>, ms: number) => transportHealth.recordExchange(s, { ms });

  it('steady latency with jitter: set once, then no state change at all', () => {
    const s = store();
    ok(s, 100);
    const after = s.getState().health;
    expect(after.latencyMs).toBe(100);
    for (let i = 0; i < 200; i++) ok(s, 100 + 25 * Math.sin(i));
    expect(s.getState().health).toBe(after);
  });

  it('mixed endpoints (a slow list among quick reads): settles, then stays put', () => {
    const s = store();
    for (let i = 0; i < 40; i++) ok(s, i % 2 ? 300 : 5);
    const settled = s.getState().health;
    for (let i = 0; i < 200; i++) ok(s, i % 2 ? 300 : 5);
    expect(s.getState().health).toBe(settled);
    expect(settled.latencyMs).toBeGreaterThan(100);
    expect(settled.latencyMs).toBeLessThan(220);
  });

  it('a lasting change is shown (it used to stay at the first figure for ever)', () => {
    const s = store();
    ok(s, 40);
    for (let i = 0; i < 20; i++) ok(s, 400);
    expect(s.getState().health.latencyMs).toBeGreaterThan(300);
    for (let i = 0; i < 30; i++) ok(s, 40);
    expect(s.getState().health.latencyMs).toBeLessThan(60);
  });

  it('an error is recorded at once; the next success marks recovery', () => {
    const s = store();
    ok(s, 50);
    transportHealth.recordExchange(s, {
      ms: 1,
      error: { message: "the service's answer was larger than 64 MB (GET /x)" },
    });
    expect(s.getState().health.lastError).toMatch(/larger than 64 MB/);
    const failing = s.getState().health;
    ok(s, 50);
    expect(s.getState().health.lastOkAt).toBeGreaterThanOrEqual(failing.lastErrorAt!);
  });
});

describe('health and the service’s refusals', () => {
  const err = (status: number | undefined, kind = 'http') => ({ message: `HTTP ${status}`, kind, status });

  it.each([400, 403, 404, 405, 409, 422])(
    'a %i is the request’s error, not the API’s: the service answered',
    (st) => {
      const s = store();
      transportHealth.recordExchange(s, { ms: 20, error: err(st) });
      expect(s.getState().health.lastError).toBeUndefined();
      expect(s.getState().health.lastOkAt).toBeDefined();
    },
  );

  it('an envelope refusal (200, status false) likewise', () => {
    const s = store();
    transportHealth.recordExchange(s, { ms: 20, error: err(200, 'envelope') });
    expect(s.getState().health.lastError).toBeUndefined();
  });

  it.each([
    [401, 'http'],
    [429, 'http'],
    [500, 'http'],
    [503, 'http'],
    [undefined, 'timeout'],
    [undefined, 'network'],
    [200, 'schema'],
  ])('%s %s is the API’s health', (st, kind) => {
    const s = store();
    transportHealth.recordExchange(s, { ms: 20, error: err(st, kind) });
    expect(s.getState().health.lastError).toBe(`HTTP ${st}`);
  });
});
