import { duration } from '../domain/format.js';
import type { InFlight } from '../store/state/transport-health.js';

/** A request is worth mentioning once it has waited this long (quick refreshes never show). */
export const WAIT_SHOWN_AFTER_MS = 2000;

/**
 * "⧗ waiting 12s for GET /core/virtual-machines (try 2/5)" for the request waited on longest ("+1 more" when others
 * have waited too), or '' while nothing has waited WAIT_SHOWN_AFTER_MS. A pure function of the clock, so it changes
 * only as that ticks.
 */
export function waitingText(
  inFlight: Readonly<Record<number, InFlight>>,
  now: number,
  afterMs = WAIT_SHOWN_AFTER_MS,
): string {
  let oldest: InFlight | undefined;
  let waiting = 0;
  for (const f of Object.values(inFlight)) {
    if (now - f.since < afterMs) continue;
    waiting++;
    if (!oldest || f.since < oldest.since) oldest = f;
  }
  if (!oldest) return '';
  const tries = oldest.tries > 1 ? ` (try ${oldest.attempt}/${oldest.tries})` : '';
  const more = waiting > 1 ? ` +${waiting - 1} more` : '';
  return `⧗ waiting ${duration(now - oldest.since)} for ${oldest.method} ${oldest.path}${tries}${more}`;
}
