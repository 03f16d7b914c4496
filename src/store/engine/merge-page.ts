import { keepPositions, positionsOf } from './merge-by-id.js';
import { share } from './share.js';

/** One page of a list as the service ordered it, and the position of its first item. */
export interface PageRead<T = { id: number }> {
  offset: number;
  items: readonly T[];
}

/**
 * Lays pages of the list over it. An item the list holds is shared as mergeById does (unchanged: same object;
 * nothing changed: the same list). An item it lacks was made since the last full load: it goes next to its
 * neighbours on the page (after the one before it, or before the one after it; with neither, at the page's
 * position). An item of the list missing from a page proves nothing (the order may have shifted): it stays.
 */
export function mergePages<T extends { id: number }>(list: readonly T[], pages: readonly PageRead<T>[]): T[] {
  const index = positionsOf(list);
  let out: T[] | undefined;
  // new items by the list position they go before (list.length: at the end)
  const before = new Map<number, T[]>();
  const insert = (at: number, items: T[]) => before.set(at, [...(before.get(at) ?? []), ...items]);
  const seen = new Set<number>();
  for (const page of pages) {
    let waiting: T[] = []; // new items before the first known one of the page
    let after: number | undefined; // the position after the last known item of the page
    for (const item of page.items) {
      const at = index.get(item.id);
      if (at === undefined) {
        if (seen.has(item.id)) continue; // on two pages: the list moved between the two reads
        seen.add(item.id);
        if (after === undefined) waiting.push(item);
        else insert(after, [item]);
        continue;
      }
      const old = list[at] as T;
      const next = share(old, item);
      if (next !== old) {
        out ??= [...list];
        out[at] = next;
      }
      if (after === undefined && waiting.length > 0) insert(at, waiting);
      waiting = [];
      after = at + 1;
    }
    if (waiting.length > 0) insert(Math.min(page.offset, list.length), waiting);
  }
  if (before.size === 0) {
    if (out) keepPositions(list, out);
    return out ?? (list as T[]);
  }
  const base = out ?? list;
  const merged: T[] = [];
  for (let i = 0; i <= base.length; i++) {
    for (const item of before.get(i) ?? []) merged.push(item);
    if (i < base.length) merged.push(base[i] as T);
  }
  return merged;
}
