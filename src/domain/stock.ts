/** GPU stock as the service reports it: `available` is a lower bound ("10+"), never an over-estimate. */

/** The least number available: "10+" → 10, "3" → 3, "" or junk → undefined. */
export function availableAtLeast(available: string | null | undefined): number | undefined {
  if (available === null || available === undefined) return undefined;
  const m = /^\s*(\d+)\s*\+?\s*$/.exec(String(available));
  return m ? Number(m[1]) : undefined;
}

/** "10+" stays "10+"; "3" becomes "at least 3"; 0 is "none"; unreadable → "—". */
export function availableText(available: string | null | undefined): string {
  const n = availableAtLeast(available);
  if (n === undefined) return '—';
  if (n === 0) return 'none';
  return String(available).includes('+') ? `${n}+` : `at least ${n}`;
}

/** Planned capacity: null means the service has no data, which is not the same as zero. */
export function plannedText(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return 'no data';
  return String(v);
}

export const CONFIG_KEYS = ['1x', '2x', '4x', '8x', '10x'] as const;
