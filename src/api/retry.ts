import { sleep } from './budget.js';
import { ApiError } from './errors.js';

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

/** Delay before try number `attempt + 1` (attempt counts from 1): base·2^(attempt-1), plus up to 25 % jitter. */
export function backoffDelay(attempt: number, err: ApiError, opts: RetryOptions = {}): number {
  const base = opts.baseDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 30_000;
  const random = opts.random ?? Math.random;
  const exp = base * 2 ** (attempt - 1);
  const jittered = exp * (1 + 0.25 * random());
  const floor = err.retryAfter !== undefined ? err.retryAfter * 1000 : 0;
  return Math.min(max, Math.max(jittered, floor));
}

/**
 * Runs `attempt` until it succeeds, a non-transient error occurs, the tries run out, or the signal fires.
 * Only ever used for reads: the transport never calls this for a create, update, delete or VM action.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  opts: RetryOptions & { signal?: AbortSignal; onRetry?: (err: ApiError, delayMs: number) => void } = {},
): Promise<T> {
  const maxTries = Math.max(1, opts.maxTries ?? 5);
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof ApiError) || !err.transient || n >= maxTries) throw err;
      const delay = backoffDelay(n, err, opts);
      opts.onRetry?.(err, delay);
      await sleep(delay, opts.signal).catch(() => {
        throw new ApiError({ kind: 'aborted', method: err.method, path: err.path });
      });
    }
  }
}
