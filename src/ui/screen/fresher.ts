import type { Slice } from '../../store/engine/slice.js';

/**
 * The object an open detail shows: its single read (the service sends it whole: nodes, attachments), with the
 * list's copy laid over it when the list is newer (an action refreshed the list; the single read comes later), so
 * the detail never shows an older state than the row, nor flickers between the two as they refresh in turn.
 */
export function fresher<T extends object>(one: Slice<T>, list: Slice<unknown>, fromList: T): T {
  if (one.data === undefined) return fromList;
  if ((one.updatedAt ?? 0) >= (list.updatedAt ?? 0)) return one.data;
  return { ...one.data, ...fromList };
}
