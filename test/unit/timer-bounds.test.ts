// Node fires a timer longer than 2^31-1 ms after 1 ms (and prints a TimeoutOverflowWarning over the UI): the
// poller's interval and every sleep are bounded instead. Real timers: the overflow is Node's own behaviour.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { sleep } from '../../src/api/budget.js';
import { MAX_TIMER_MS, timerDelay } from '../../src/api/timer.js';
import { Poller, type SliceState } from '../../src/store/engine/poller.js';
import { warningsPerTest } from '../support/warnings.js';

const warnings = warningsPerTest();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('timer delays', () => {
  it('timerDelay: at most 2^31-1, NaN and negatives are 0', () => {
    expect(timerDelay(3_000_000_000)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Infinity)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(1234)).toBe(1234);
  });

  it('a poller with a 3,000,000 s interval loads once, not every millisecond', async () => {
    let loads = 0;
    const store = createStore<SliceState>(() => ({ slices: {} }));
    const poller = new Poller(store, () => ({ load: async () => ++loads }), { intervalMs: 3_000_000_000 });
    poller.watch(['vms']);
    await pause(100);
    poller.stop();
    expect(loads).toBe(1);
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });

  it('sleep(2^40) does not resolve at once', async () => {
    const ac = new AbortController();
    const p = sleep(2 ** 40, ac.signal).then(() => 'woke');
    const first = await Promise.race([p, pause(100).then(() => 'still asleep')]);
    ac.abort();
    await p.catch(() => {});
    expect(first).toBe('still asleep');
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });
});
