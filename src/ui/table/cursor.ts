// Cursor and window over a view. Every function here is O(1) in the row count: the selected row is
// found through view.indexById, never by scanning rows.
import type { Cursor, CursorCommand, RowId, View } from './types.js';

export const initialCursor: Cursor = { selectedId: null, index: 0, offset: 0 };

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

/** Offset that keeps `index` inside a window of `pageSize` rows without leaving blank rows at the end. */
export function followOffset(offset: number, index: number, count: number, pageSize: number): number {
  const page = Math.max(1, pageSize);
  let o = offset;
  if (index < o) o = index;
  if (index >= o + page) o = index - page + 1;
  return clamp(o, 0, Math.max(0, count - page));
}

function same(c: Cursor, selectedId: string | null, index: number, offset: number): Cursor {
  return c.selectedId === selectedId && c.index === index && c.offset === offset
    ? c
    : { selectedId, index, offset };
}

/**
 * Re-anchor the cursor after the view changed (refresh, re-sort, filter). The selected row stays selected and
 * on the same screen line when it still exists; otherwise the row now at the same index is selected. With no
 * rows the id is kept, so clearing a filter that matched nothing brings the selection back.
 */
export function reconcileCursor<T>(c: Cursor, view: View<T>, rowId: RowId<T>, pageSize: number): Cursor {
  const count = view.rows.length;
  if (count === 0) return same(c, c.selectedId, 0, 0);
  const found = c.selectedId === null ? undefined : view.indexById.get(c.selectedId);
  if (found !== undefined) {
    const offset = followOffset(c.offset + (found - c.index), found, count, pageSize);
    return same(c, c.selectedId, found, offset);
  }
  const index = clamp(c.index, 0, count - 1);
  return same(c, rowId(view.rows[index] as T), index, followOffset(c.offset, index, count, pageSize));
}

export function moveCursor<T>(
  cursor: Cursor,
  view: View<T>,
  command: CursorCommand,
  pageSize: number,
  rowId: RowId<T>,
): Cursor {
  const c = reconcileCursor(cursor, view, rowId, pageSize);
  const count = view.rows.length;
  if (count === 0) return c;
  const page = Math.max(1, pageSize);
  const last = count - 1;
  let index = c.index;
  let offset = c.offset;
  switch (command) {
    case 'up':
      index -= 1;
      break;
    case 'down':
      index += 1;
      break;
    // Paging scrolls the window by a page and keeps the cursor on the same screen line, like less(1).
    case 'pageUp':
      index -= page;
      offset -= page;
      break;
    case 'pageDown':
      index += page;
      offset += page;
      break;
    case 'top':
      index = 0;
      break;
    case 'bottom':
      index = last;
      break;
  }
  index = clamp(index, 0, last);
  return same(c, rowId(view.rows[index] as T), index, followOffset(offset, index, count, page));
}

/** Select a row by id (e.g. the VM just created); unknown ids leave the cursor alone. */
export function selectId<T>(c: Cursor, view: View<T>, id: string, pageSize: number): Cursor {
  const index = view.indexById.get(id);
  if (index === undefined) return c;
  return same(c, id, index, followOffset(c.offset, index, view.rows.length, pageSize));
}
