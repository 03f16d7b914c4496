import { sleep } from './budget.js';
import { ApiError } from './errors.js';
import { timerDelay } from './timer.js';

export interface RetryOptions {
  /** Total attempts including the first (provider's advice: at most 5). */
  maxTries?: number;
  /** First backoff delay; doubles every try (default 1000 ms). */
  baseDelayMs?: number;
  /** Longest single delay, Retry-After included (default 30 s). */
  maxDelayMs?: number;
  /** Source of jitter in [0, 1); injectable so tests are exact. */
  random?: () => number;
}

/**
 * Delay before try number `attempt + 1` (attempt counts from 1): base·2^(attempt-1), plus up to 25 % jitter, at
 * least the service's Retry-After, never more than maxDelayMs (a Retry-After of years waits maxDelayMs, not 1 ms).
 */
export function backoffDelay(attempt: number, err: ApiError, opts: RetryOptions = {}): number {
  const base = opts.baseDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 30_000;
  const random = opts.random ?? Math.random;
  const exp = base * 2 ** (attempt - 1);
  const jittered = exp * (1 + 0.25 * random());
  // `>= 0` also drops NaN: a broken Retry-After must not become Math.max(…, NaN) = NaN = no wait at all.
  const floor = err.retryAfter !== undefined && err.retryAfter >= 0 ? err.retryAfter * 1000 : 0;
  return timerDelay(Math.min(max, Math.max(jittered, floor)));
}

/** How many tries a retried read may make in all. */
export function triesOf(opts: RetryOptions = {}): number {
  return Math.max(1, opts.maxTries ?? 5);
}

/**
 * Runs `attempt` until it succeeds, a non-transient error occurs, the tries run out, or the signal fires.
 * Only ever used for reads: the transport never calls this for a create, update, delete or VM action.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  opts: RetryOptions & {
    signal?: AbortSignal;
    /** Before each backoff: the error, the delay, and the number of the try that follows it (2 for the first). */
    onRetry?: (err: ApiError, delayMs: number, nextTry: number) => void;
  } = {},
): Promise<T> {
  const maxTries = triesOf(opts);
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof ApiError) || !err.transient || n >= maxTries) throw err;
      const delay = backoffDelay(n, err, opts);
      opts.onRetry?.(err, delay, n + 1);
      await sleep(delay, opts.signal).catch(() => {
        throw new ApiError({ kind: 'aborted', method: err.method, path: err.path });
      });
    }
  }
}
