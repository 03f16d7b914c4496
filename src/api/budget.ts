import { timerDelay } from './timer.js';

/**
 * Client-side request budget: a token bucket kept well under the provider's limit of 500 requests per minute per
 * IP, so that a few open terminals (or a runaway refresh loop) can never lock an organisation out.
 * A request waits for a token; if the wait would be longer than `maxWaitMs` it fails at once instead.
 */
export interface BudgetOptions {
  /** Requests per minute, refilled continuously (default 120). */
  perMinute?: number;
  /** Largest burst (default: a quarter of perMinute, at least 1). */
  burst?: number;
  /** Longest acceptable wait for a token (default 20 s). */
  maxWaitMs?: number;
  now?: () => number;
}

export class BudgetExceeded extends Error {
  constructor(readonly waitMs: number) {
    super(`request budget exhausted (next slot in ${Math.ceil(waitMs / 1000)} s)`);
  }
}

export class RequestBudget {
  readonly perMinute: number;
  private readonly burst: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  constructor(opts: BudgetOptions = {}) {
    this.perMinute = Math.max(1, opts.perMinute ?? 120);
    this.burst = Math.max(1, opts.burst ?? Math.floor(this.perMinute / 4));
    this.maxWaitMs = opts.maxWaitMs ?? 20_000;
    this.now = opts.now ?? Date.now;
    this.tokens = this.burst;
    this.last = this.now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.perMinute) / 60_000);
    this.last = t;
  }

  /** Milliseconds until a token is free (0 = now). Reservations already made count against it. */
  waitFor(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
  }

  /** Takes a token, waiting for one if needed. Rejects with BudgetExceeded or the signal's reason. */
  async take(signal?: AbortSignal): Promise<void> {
    const wait = this.waitFor();
    if (wait > this.maxWaitMs) throw new BudgetExceeded(wait);
    // Reserve now so concurrent callers queue behind each other instead of all waking at once.
    this.tokens -= 1;
    if (wait === 0) return;
    try {
      await sleep(wait, signal);
    } catch (e) {
      this.tokens += 1; // cancelled: give the reservation back
      throw e;
    }
  }
}

/** setTimeout as a promise (delay bounded by timerDelay), cancellable by an AbortSignal (rejects with its reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
