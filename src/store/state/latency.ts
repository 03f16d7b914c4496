/**
 * The header's latency figure: a running average (so one slow list among quick reads does not make it jump), and
 * a rule for when the shown figure is worth moving (so a steady service never redraws the header for it).
 */

/** Weight of the newest exchange in the running average. */
const WEIGHT = 0.2;

export function smoothLatency(average: number | undefined, ms: number): number {
  return average === undefined ? ms : average + WEIGHT * (ms - average);
}

/** A change a reader would notice: at least 20 ms and at least 30 % of the shown figure. */
export function latencyMoved(shown: number | undefined, average: number): boolean {
  if (shown === undefined) return true;
  const d = Math.abs(average - shown);
  return d >= 20 && d >= 0.3 * shown;
}
