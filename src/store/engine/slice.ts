import type { ApiError } from '../../api/errors.js';

export type SliceStatus = 'idle' | 'loading' | 'ok' | 'error';

/** What the app knows about one resource (a list, or one object's details). */
export interface Slice<T = unknown> {
  /** Last good data; kept when a later refresh fails. */
  data: T | undefined;
  status: SliceStatus;
  /** Error of the last refresh, cleared by the next success. */
  error: ApiError | Error | undefined;
  /** When `data` was last confirmed by the service (ms since epoch). */
  updatedAt: number | undefined;
  /** Consecutive failed refreshes (drives backoff and the "stale" look). */
  failures: number;
  /** A big list read in part between full loads: how often it is loaded whole (ms; see refresh-policy.ts). */
  fullEveryMs?: number;
}

export const emptySlice: Slice<never> = Object.freeze({
  data: undefined,
  status: 'idle',
  error: undefined,
  updatedAt: undefined,
  failures: 0,
}) as Slice<never>;
