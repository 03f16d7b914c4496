/**
 * The provider's request limit: N requests per minute per client IP, counted in fixed windows aligned to the
 * minute of the (injected) clock. Past the limit every request is refused until the window ends.
 */
import type { Clock } from './clock.js';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 500;

export type RateDecision =
  | { allowed: true; remaining: number }
  /** `retryAfterSeconds`: whole seconds until the window ends (at least 1). */
  | { allowed: false; retryAfterSeconds: number };

export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { window: number; count: number }>();

  /** A limit that is not a positive finite number disables limiting. */
  constructor(
    readonly limit: number,
    private readonly clock: Clock,
    readonly windowMs = 60_000,
  ) {}

  get enabled(): boolean {
    return Number.isFinite(this.limit) && this.limit > 0;
  }

  /** Counts one request from `key` (the client IP) and says whether it may proceed. */
  hit(key: string): RateDecision {
    if (!this.enabled) return { allowed: true, remaining: Number.POSITIVE_INFINITY };
    const now = this.clock.now();
    const window = Math.floor(now / this.windowMs);
    let entry = this.windows.get(key);
    if (!entry || entry.window !== window) {
      if (this.windows.size > 10_000) this.prune(window);
      entry = { window, count: 0 };
      this.windows.set(key, entry);
    }
    entry.count++;
    if (entry.count <= this.limit) return { allowed: true, remaining: this.limit - entry.count };
    const windowEnd = (window + 1) * this.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }

  private prune(current: number): void {
    for (const [key, entry] of this.windows) if (entry.window !== current) this.windows.delete(key);
  }
}
