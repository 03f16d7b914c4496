/** An action sent but not yet visible in the data ("stopping…" at once instead of the stale status). */
export interface PendingMark {
  label: string;
  /** The status the resource had when the action was sent: the mark ends when the data shows another. */
  from: string | undefined;
  at: number;
  /** The answer was lost (the action may or may not have been done): repeating it waits until the state is known. */
  unknown?: boolean;
}

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

/** The status of a resource that has none (a key, a bucket, a role): a mark on it holds while it is listed. */
export const LISTED = 'present';

/**
 * The label of a key's mark on a resource without a status (LISTED), shown until it is gone from the list: one
 * reader for a list's rows, read at `now`.
 */
export const listedMarks =
  (marks: Readonly<Record<string, PendingMark>>, now = Date.now()) =>
  (key: string): string | undefined =>
    liveMark(marks, key, LISTED, now)?.label;

/** The pending mark of a volume, of a snapshot ("volume:12"). */
export const volumeMarkKey = (v: { id: number }) => `volume:${v.id}`;
/** The pending mark of a change of a volume's callback URL (shown in its detail). */
export const volumeCallbackPendingKey = (volumeId: number) => `volume-callback:${volumeId}`;
export const snapshotMarkKey = (s: { id: number }) => `snapshot:${s.id}`;
