// Table state and its transitions as pure data: the hooks only wire these to React and the keyboard.
import { clip } from '../TextInput.js';
import { initialCursor, moveCursor, reconcileCursor, selectId } from './cursor.js';
import type { Cursor, CursorCommand, RowId, SortSpec, View, ViewQuery } from './types.js';

/** Longest filter: longer than any name or address, so a paste into it stays small. */
export const FILTER_MAX = 256;

export interface TableState {
  /** Selection and window, kept by row id. */
  cursor: Cursor;
  /** Active sort, or null for the service's order. */
  sort: SortSpec | null;
  /** Live filter text; '' = everything. */
  filter: string;
  /** True while the user is typing a filter: letters are text, not commands. */
  filterMode: boolean;
  /** The wide view (W): every column at full width, scrolled sideways by `scroll` columns (←/→). */
  wide: boolean;
  scroll: number;
}

export type TableAction =
  | { type: 'move'; command: CursorCommand }
  | { type: 'select'; id: string }
  | { type: 'filterStart' }
  | { type: 'filterInput'; text: string }
  | { type: 'filterBackspace' }
  | { type: 'filterSet'; text: string }
  /** Esc: drop the filter and leave filter mode. */
  | { type: 'filterClear' }
  /** Enter: keep the filter, leave filter mode. */
  | { type: 'filterConfirm' }
  /** `s`: next shown column ascending; after the last one, back to the service's order. */
  | { type: 'sortNext' }
  /** `S`: flip the direction (sorts the first shown column descending when unsorted). */
  | { type: 'sortFlip' }
  /** `>` / `<`: sort by the shown column right / left of the sorted one (from either end), ascending. */
  | { type: 'sortMove'; by: 1 | -1 }
  | { type: 'sortSet'; sort: SortSpec | null }
  /** `W`: the wide view on or off (back at its left edge). */
  | { type: 'wideToggle' }
  /** ←/→ in the wide view: one column sideways. */
  | { type: 'scroll'; by: number };

export interface TableContext<T> {
  /** The view for a given filter/sort over the current rows (memoized by the caller). */
  viewFor: (query: Pick<ViewQuery, 'filter' | 'sort'>) => View<T>;
  rowId: RowId<T>;
  pageSize: number;
  /** Ids of the columns on screen, left to right: the ones `s` cycles through. */
  shownIds: readonly string[];
  /** All the table's columns, shown or not: how far the wide view scrolls. */
  columnCount?: number;
}

export function initialTableState(sort: SortSpec | null = null): TableState {
  return { cursor: initialCursor, sort, filter: '', filterMode: false, wide: false, scroll: 0 };
}

function nextSort(sort: SortSpec | null, ids: readonly string[]): SortSpec | null {
  if (ids.length === 0) return null;
  if (sort === null) return { columnId: ids[0] as string, desc: false };
  const at = ids.indexOf(sort.columnId);
  const next = ids[at + 1];
  return next === undefined ? null : { columnId: next, desc: false };
}

/** The shown column `by` places from the sorted one, round the ends; unsorted: the first (→) or last (←). */
function movedSort(sort: SortSpec | null, ids: readonly string[], by: 1 | -1): SortSpec | null {
  if (ids.length === 0) return null;
  const at = sort === null ? -1 : ids.indexOf(sort.columnId);
  const next = at < 0 ? (by === 1 ? 0 : ids.length - 1) : (at + by + ids.length) % ids.length;
  return { columnId: ids[next] as string, desc: false };
}

function flipSort(sort: SortSpec | null, ids: readonly string[]): SortSpec | null {
  if (sort !== null) return { columnId: sort.columnId, desc: !sort.desc };
  return ids[0] === undefined ? null : { columnId: ids[0], desc: true };
}

/** Apply a query change and re-anchor the cursor on the new view so the selected row is kept by id. */
function requery<T>(s: TableState, patch: Partial<TableState>, ctx: TableContext<T>): TableState {
  const next = { ...s, ...patch };
  const view = ctx.viewFor({ filter: next.filter, sort: next.sort });
  return { ...next, cursor: reconcileCursor(s.cursor, view, ctx.rowId, ctx.pageSize) };
}

export function reduceTable<T>(s: TableState, action: TableAction, ctx: TableContext<T>): TableState {
  const view = () => ctx.viewFor({ filter: s.filter, sort: s.sort });
  switch (action.type) {
    case 'move': {
      const cursor = moveCursor(s.cursor, view(), action.command, ctx.pageSize, ctx.rowId);
      return cursor === s.cursor ? s : { ...s, cursor };
    }
    case 'select': {
      const cursor = selectId(s.cursor, view(), action.id, ctx.pageSize);
      return cursor === s.cursor ? s : { ...s, cursor };
    }
    case 'filterStart':
      return s.filterMode ? s : { ...s, filterMode: true };
    case 'filterInput':
      return requery(s, { filter: clip(s.filter + action.text, FILTER_MAX) }, ctx);
    case 'filterBackspace':
      return s.filter === '' ? s : requery(s, { filter: Array.from(s.filter).slice(0, -1).join('') }, ctx);
    case 'filterSet':
      return requery(s, { filter: action.text }, ctx);
    case 'filterClear':
      return s.filter === '' && !s.filterMode ? s : requery(s, { filter: '', filterMode: false }, ctx);
    case 'filterConfirm':
      return s.filterMode ? { ...s, filterMode: false } : s;
    case 'sortNext':
      return requery(s, { sort: nextSort(s.sort, ctx.shownIds) }, ctx);
    case 'sortFlip':
      return requery(s, { sort: flipSort(s.sort, ctx.shownIds) }, ctx);
    case 'sortMove':
      return requery(s, { sort: movedSort(s.sort, ctx.shownIds, action.by) }, ctx);
    case 'sortSet':
      return requery(s, { sort: action.sort }, ctx);
    case 'wideToggle':
      return { ...s, wide: !s.wide, scroll: 0 };
    case 'scroll': {
      // The first column stays put; the others scroll until the last one is the first after it.
      const last = Math.max(0, (ctx.columnCount ?? Number.POSITIVE_INFINITY) - 2);
      const scroll = Math.max(0, Math.min(last, s.scroll + action.by));
      return !s.wide || scroll === s.scroll ? s : { ...s, scroll };
    }
  }
}
