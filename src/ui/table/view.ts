// The rows a table shows: sorted, then filtered. The builder memoizes each stage so cursor moves and
// unrelated re-renders reuse the view, and typing more filter characters narrows the previous result.
import { filterRows, type HaystackCache } from './filter.js';
import { sortRows } from './sort.js';
import type { Column, RowId, SortSpec, View, ViewQuery } from './types.js';

function shownColumns<T>(columns: readonly Column<T>[], shown?: readonly string[]): readonly Column<T>[] {
  if (shown === undefined) return columns;
  const ids = new Set(shown);
  return columns.filter((c) => ids.has(c.id));
}

function sortColumn<T>(columns: readonly Column<T>[], sort: SortSpec | null): Column<T> | undefined {
  return sort === null ? undefined : columns.find((c) => c.id === sort.columnId);
}

function indexRows<T>(rows: readonly T[], rowId: RowId<T>): Map<string, number> {
  const index = new Map<string, number>();
  rows.forEach((row, i) => {
    index.set(rowId(row), i);
  });
  return index;
}

/** Uncached: the whole pipeline once. Sorting may use any column, filtering only `query.shown`. */
export function buildView<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  query: ViewQuery,
  rowId: RowId<T>,
): View<T> {
  const by = sortColumn(columns, query.sort);
  const sorted = by ? sortRows(rows, by, query.sort?.desc === true) : rows;
  const filtered = filterRows(sorted, shownColumns(columns, query.shown), query.filter);
  return { rows: filtered, indexById: indexRows(filtered, rowId), total: rows.length };
}

export type ViewBuilder<T> = (
  rows: readonly T[],
  columns: readonly Column<T>[],
  query: ViewQuery,
  rowId: RowId<T>,
) => View<T>;

/**
 * A memoized buildView. Returns the identical View object while rows (by identity), columns (by identity),
 * shown ids, filter and sort are unchanged. `rowId` is assumed to mean the same thing on every call, so an
 * inline arrow does not defeat the cache.
 */
export function createViewBuilder<T>(): ViewBuilder<T> {
  let sorted: { rows: readonly T[]; by: Column<T> | undefined; desc: boolean; out: readonly T[] } | undefined;
  let filtered:
    | { input: readonly T[]; columns: readonly Column<T>[]; key: string; filter: string; out: readonly T[] }
    | undefined;
  let haystacks: { columns: readonly Column<T>[]; key: string; cache: HaystackCache } | undefined;
  let view: View<T> | undefined;

  return (rows, columns, query, rowId) => {
    const by = sortColumn(columns, query.sort);
    const desc = by !== undefined && query.sort?.desc === true;
    if (!sorted || sorted.rows !== rows || sorted.by !== by || sorted.desc !== desc) {
      sorted = { rows, by, desc, out: by ? sortRows(rows, by, desc) : rows };
    }

    const key = query.shown?.join('\0') ?? '\0all';
    if (!haystacks || haystacks.columns !== columns || haystacks.key !== key) {
      haystacks = { columns, key, cache: new WeakMap() };
    }
    const f = filtered;
    const same = f !== undefined && f.columns === columns && f.key === key;
    if (!same || f.input !== sorted.out || f.filter !== query.filter) {
      // Typing one more character can only narrow the match: search the previous result, not every row.
      const narrowing =
        same && f.input === sorted.out && f.filter !== '' && query.filter.startsWith(f.filter);
      const source = narrowing ? f.out : sorted.out;
      const out = filterRows(source, shownColumns(columns, query.shown), query.filter, haystacks.cache);
      filtered = { input: sorted.out, columns, key, filter: query.filter, out };
    }

    const out = filtered!.out;
    if (!view || view.rows !== out || view.total !== rows.length) {
      view = { rows: out, indexById: indexRows(out, rowId), total: rows.length };
    }
    return view;
  };
}
