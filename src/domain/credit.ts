/**
 * How long the credit lasts at the current burn rate, and the header's warning about it. Prepaid accounts are
 * suspended when the balance falls below zero, so the warning says the time left in words (never by colour alone).
 */

/** Under this many hours left the header warns. */
export const WARN_HOURS = 72;
/** Under this many hours left the warning is urgent. */
export const URGENT_HOURS = 24;

/** Hours until the credit reaches zero at `perHour`; null when nothing is burning or either is unknown. */
export function hoursLeft(
  credit: number | null | undefined,
  perHour: number | null | undefined,
): number | null {
  if (typeof credit !== 'number' || !Number.isFinite(credit)) return null;
  if (credit <= 0) return 0;
  if (typeof perHour !== 'number' || !Number.isFinite(perHour) || perHour <= 0) return null;
  return credit / perHour;
}

/** "~14 h", "~40 min", "~2 d 6 h". */
export function timeLeftText(hours: number): string {
  if (hours < 1) return `~${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `~${Math.round(hours)} h`;
  const d = Math.floor(hours / 24);
  const h = Math.round(hours - d * 24);
  return h > 0 ? `~${d} d ${h} h` : `~${d} d`;
}

export interface CreditAlert {
  level: 'warn' | 'urgent';
  text: string;
}

/** The header's warning, or undefined while the credit lasts longer than WARN_HOURS (or nothing burns). */
export function creditAlert(
  credit: number | null | undefined,
  perHour: number | null | undefined,
): CreditAlert | undefined {
  const h = hoursLeft(credit, perHour);
  if (h === null || h >= WARN_HOURS) return undefined;
  if (h <= 0) return { level: 'urgent', text: '‼ credit exhausted: prepaid resources are suspended' };
  const text = `credit runs out in ${timeLeftText(h)}`;
  return h < URGENT_HOURS ? { level: 'urgent', text: `‼ ${text}` } : { level: 'warn', text: `⚠ ${text}` };
}

/** The billing screen's wording of the same: "lasts ~3 d 2 h at this rate", "no spend: lasts". */
export function runwayText(credit: number | null | undefined, perHour: number | null | undefined): string {
  const h = hoursLeft(credit, perHour);
  if (h === null) return typeof credit === 'number' ? 'nothing burning now' : '';
  if (h <= 0) return 'exhausted: prepaid resources are suspended';
  return `runs out in ${timeLeftText(h)} at this rate`;
}
