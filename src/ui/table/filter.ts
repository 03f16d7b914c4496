// Case-insensitive substring filter over the text the user can see (shown columns only).
import { cellText } from './cell.js';
import type { Column } from './types.js';

/** Cell texts cannot contain "\n" (sanitize turns it into ⏎), so a match never spans two cells. */
const SEP = '\n';

export type HaystackCache = WeakMap<object, string>;

export function haystack<T>(row: T, columns: readonly Column<T>[], cache?: HaystackCache): string {
  const cacheable = cache !== undefined && typeof row === 'object' && row !== null;
  if (cacheable) {
    const hit = cache.get(row as object);
    if (hit !== undefined) return hit;
  }
  const text = columns
    .map((c) => cellText(c, row))
    .join(SEP)
    .toLowerCase();
  if (cacheable) cache.set(row as object, text);
  return text;
}

export function filterRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  filter: string,
  cache?: HaystackCache,
): readonly T[] {
  const needle = filter.toLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) => haystack(row, columns, cache).includes(needle));
}
