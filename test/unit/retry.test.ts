import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { ApiError } from '../../src/api/errors.js';
import { backoffDelay, withRetry } from '../../src/api/retry.js';

const err = (init: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind: 'http', status: 503, method: 'GET', path: '/x', ...init });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('backoff', () => {
  it('starts at 1 s and doubles, with at most 25 % jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, err(), { random: () => 0 }))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelay(1, err(), { random: () => 0.999 })).toBeCloseTo(1250, -1);
  });
  it('waits at least Retry-After, capped', () => {
    expect(backoffDelay(1, err({ status: 429, retryAfter: 7 }), { random: () => 0 })).toBe(7000);
    expect(backoffDelay(1, err({ status: 429, retryAfter: 600 }), { random: () => 0 })).toBe(30_000);
  });
});

describe('withRetry (fake timers: nothing really sleeps)', () => {
  it('retries transient errors with 1, 2, 4, 8 s between 5 tries, then gives up', async () => {
    const calls: number[] = [];
    const attempt = vi.fn(async () => {
      calls.push(Date.now());
      throw err();
    });
    const p = withRetry(attempt, { random: () => 0 });
    const settled = p.catch((e) => e);
    await vi.runAllTimersAsync();
    expect(await settled).toBeInstanceOf(ApiError);
    expect(attempt).toHaveBeenCalledTimes(5);
    expect(calls.slice(1).map((t, i) => t - (calls[i] ?? 0))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('does not retry a non-transient error', async () => {
    const attempt = vi.fn(async () => {
      throw err({ status: 409 });
    });
    await expect(withRetry(attempt)).rejects.toMatchObject({ status: 409 });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by an AbortSignal during the backoff', async () => {
    const ac = new AbortController();
    const attempt = vi.fn(async () => {
      throw err({ kind: 'network', status: undefined });
    });
    const p = withRetry(attempt, { signal: ac.signal }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(500);
    ac.abort();
    const e = await p;
    expect(e).toMatchObject({ kind: 'aborted' });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('request budget', () => {
  it('allows a burst, then spaces requests at the configured rate', async () => {
    let now = 0;
    const b = new RequestBudget({ perMinute: 60, burst: 2, now: () => now });
    await b.take();
    await b.take();
    expect(b.waitFor()).toBe(1000);
    now += 1000;
    expect(b.waitFor()).toBe(0);
  });

  it('defaults to 120 per minute, well under the provider limit of 500', () => {
    expect(new RequestBudget().perMinute).toBe(120);
  });

  it('queues a waiting request and gives the slot back when it is cancelled', async () => {
    const b = new RequestBudget({ perMinute: 60, burst: 1 });
    await b.take();
    const ac = new AbortController();
    const waiting = b.take(ac.signal).catch(() => 'cancelled');
    ac.abort();
    expect(await waiting).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.waitFor()).toBe(0);
  });
});
