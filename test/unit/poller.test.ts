import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { Poller, type PollTarget, type SliceState } from '../../src/store/engine/poller.js';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

type Vm = { id: number; status: string };

function setup(targets: Record<string, PollTarget>, opts = {}) {
  const store = createStore<SliceState>(() => ({ slices: {} }));
  const poller = new Poller(store, (k) => targets[k], { intervalMs: 5000, fastMs: 2000, ...opts });
  return { store, poller };
}

function counter(values: () => unknown) {
  const load = vi.fn(async () => values());
  return { load };
}

describe('Poller', () => {
  it('loads a watched key at once, then every interval', async () => {
    const t = counter(() => [{ id: 1, status: 'ACTIVE' }]);
    const { store, poller } = setup({ vms: t });
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.load).toHaveBeenCalledTimes(1);
    expect(store.getState().slices.vms?.status).toBe('ok');
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.load).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('polls every 2 s while something is transitioning, back to normal when it settles', async () => {
    let status = 'CREATING';
    const t: PollTarget<Vm[]> = {
      load: vi.fn(async () => [{ id: 1, status }]),
      transitioning: (vms) => vms.some((v) => v.status === 'CREATING'),
    };
    const { poller } = setup({ vms: t as PollTarget });
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(2);
    status = 'ACTIVE';
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.load).toHaveBeenCalledTimes(4);
    poller.stop();
  });

  it('follow: watches a key at the fast rate whatever its data says, until released', async () => {
    const t = counter(() => [{ id: 1, status: 'ACTIVE' }]);
    const { poller } = setup({ snapshots: t });
    const release = poller.follow('snapshots');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(3);
    release();
    release(); // twice is once
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.load).toHaveBeenCalledTimes(3); // no one watches it any more
    poller.stop();
  });

  it('follow: a key watched at the slow rate goes fast at once, and back once released', async () => {
    const t = counter(() => [{ id: 1, status: 'ACTIVE' }]);
    const { poller } = setup({ vms: t });
    poller.watchFor({}, ['vms']); // the screen's watch
    await vi.advanceTimersByTimeAsync(0);
    const release = poller.follow('vms');
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(2);
    release();
    // the tick already set at the fast rate, then the normal interval
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.load).toHaveBeenCalledTimes(4);
    poller.stop();
  });

  it('backs off on errors and keeps the last good data with its age', async () => {
    let fail = false;
    const t = {
      load: vi.fn(async () => {
        if (fail) throw new Error('boom');
        return ['good'];
      }),
    };
    const { store, poller } = setup({ vms: t });
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(0);
    const goodAt = store.getState().slices.vms?.updatedAt;
    fail = true;
    await vi.advanceTimersByTimeAsync(5000); // fails (1)
    const s = store.getState().slices.vms;
    expect(s).toMatchObject({ status: 'error', failures: 1, data: ['good'], updatedAt: goodAt });
    expect(s?.error?.message).toBe('boom');
    const calls = () => t.load.mock.calls.length;
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000); // backoff 5 s → attempt (2)
    expect(calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(9999); // backoff now 10 s
    expect(calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(4);
    fail = false;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(store.getState().slices.vms).toMatchObject({ status: 'ok', failures: 0, error: undefined });
    poller.stop();
  });

  it('never has two requests in flight for one key', async () => {
    let resolve: (v: unknown) => void = () => {};
    const t = {
      load: vi.fn(
        () =>
          new Promise((r) => {
            resolve = r;
          }),
      ),
    };
    const { poller } = setup({ vms: t });
    poller.watch(['vms']);
    const a = poller.refresh('vms');
    const b = poller.refresh('vms');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    resolve([]);
    await a;
    poller.stop();
  });

  it('stops polling keys that are no longer visible and reuses fresh data when they come back', async () => {
    const vms = counter(() => []);
    const stocks = counter(() => []);
    const { poller } = setup({ vms, stocks });
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(0);
    poller.watch(['stocks']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(vms.load).toHaveBeenCalledTimes(1);
    expect(stocks.load.mock.calls.length).toBeGreaterThan(5);
    poller.watch(['vms']); // data 30 s old → loads now
    await vi.advanceTimersByTimeAsync(0);
    expect(vms.load).toHaveBeenCalledTimes(2);
    poller.watch(['stocks', 'vms']);
    await vi.advanceTimersByTimeAsync(100); // stocks 100 ms old: not reloaded at once
    const n = stocks.load.mock.calls.length;
    await vi.advanceTimersByTimeAsync(100);
    expect(stocks.load.mock.calls.length).toBe(n);
    poller.stop();
  });

  it('an unchanged refresh keeps the data identity (nothing to re-render)', async () => {
    const t = counter(() => [{ id: 1, status: 'ACTIVE', flavor: { name: 'x' } }]);
    const { store, poller } = setup({ vms: t });
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(0);
    const first = store.getState().slices.vms?.data;
    const seen: unknown[] = [];
    store.subscribe((s) => seen.push(s.slices.vms?.data));
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.load).toHaveBeenCalledTimes(2);
    expect(seen.length).toBeGreaterThan(0);
    for (const d of seen) expect(d).toBe(first);
    poller.stop();
  });
});
