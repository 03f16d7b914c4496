/**
 * Node's timers hold a signed 32-bit count of milliseconds: a longer delay (a huge --refresh, a hostile
 * Retry-After) fires after 1 ms instead, with a warning printed over the UI. Every delay the app computes goes
 * through here: at most about 24.8 days, and NaN or negative means now.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_MS);
}
