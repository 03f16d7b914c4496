import type { PendingMark } from './app-store.js';

/** A mark older than this is dropped: the data must have caught up by then, or the action did nothing visible. */
export const PENDING_MS = 60_000;

/** The mark of `key` while it still applies: the data still shows the status it started from, and not for long. */
export function liveMark(
  marks: Readonly<Record<string, PendingMark>>,
  key: string,
  status: string | null | undefined,
  now: number,
): PendingMark | undefined {
  const m = marks[key];
  return m && m.from === (status ?? undefined) && now - m.at < PENDING_MS ? m : undefined;
}
