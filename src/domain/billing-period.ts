/**
 * Periods of a billing history chart, and the date format the service wants for them (`YYYY-MM-DDTHH:MM:SS`,
 * UTC, no zone and no milliseconds).
 */

const HOUR = 3_600_000;

export type PeriodPreset = '24h' | '7d' | '30d';
export const PERIOD_PRESETS: readonly { id: PeriodPreset; label: string; ms: number }[] = [
  { id: '24h', label: 'last 24 h', ms: 24 * HOUR },
  { id: '7d', label: 'last 7 days', ms: 7 * 24 * HOUR },
  { id: '30d', label: 'last 30 days', ms: 30 * 24 * HOUR },
];

export interface Period {
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

/** 2026-07-24T13:05:00: what start_date and end_date carry on the wire. */
export function serviceDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** A preset period ending at `now`. */
export function presetPeriod(id: PeriodPreset, now: number): Period {
  const p = PERIOD_PRESETS.find((x) => x.id === id) ?? PERIOD_PRESETS[0]!;
  return { start: now - p.ms, end: now };
}

const DAY_OR_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "2026-07-01" or "2026-07-01 13:00" (UTC) → epoch ms; undefined when it is not one. */
export function parseUserDate(text: string): number | undefined {
  const m = DAY_OR_TIME.exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}Z`;
  const t = Date.parse(iso);
  // Date.parse rolls 2026-02-31 over; refuse what does not read back the same
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 19) === iso.slice(0, 19) ? t : undefined;
}

/** Why a custom period cannot be asked for, or undefined when it can. */
export function periodProblem(p: Period, maxDays = 92): string | undefined {
  if (p.start >= p.end) return 'the start must be before the end';
  if (p.end - p.start > maxDays * 24 * HOUR) return `at most ${maxDays} days`;
  return undefined;
}

/** A moment as a person types it here: `YYYY-MM-DD HH:MM` (UTC). */
export function shortDate(ms: number): string {
  return serviceDate(ms).slice(0, 16).replace('T', ' ');
}

/** "2026-07-01 13:00 → 2026-07-02 13:00 UTC". */
export function periodText(p: Period): string {
  return `${shortDate(p.start)} → ${shortDate(p.end)} UTC`;
}
