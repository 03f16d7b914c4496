import { describe, expect, it } from 'vitest';
import {
  followOffset,
  initialCursor,
  moveCursor,
  reconcileCursor,
  selectId,
} from '../../src/ui/table/cursor.js';
import type { Cursor, CursorCommand, View } from '../../src/ui/table/types.js';

interface Row {
  id: string;
}
const rowId = (r: Row) => r.id;
const viewOf = (ids: string[]): View<Row> => ({
  rows: ids.map((id) => ({ id })),
  indexById: new Map(ids.map((id, i) => [id, i])),
  total: ids.length,
});
const range = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const PAGE = 5;

function run(view: View<Row>, commands: CursorCommand[], start: Cursor = initialCursor) {
  return commands.reduce((c, cmd) => moveCursor(c, view, cmd, PAGE, rowId), start);
}

describe('cursor commands', () => {
  const view = viewOf(range(20));

  it('selects the first row when nothing is selected yet', () => {
    expect(reconcileCursor(initialCursor, view, rowId, PAGE)).toEqual({
      selectedId: 'r0',
      index: 0,
      offset: 0,
    });
  });

  it('moves down and up, clamped at both ends', () => {
    expect(run(view, ['down', 'down'])).toMatchObject({ selectedId: 'r2', index: 2, offset: 0 });
    expect(run(view, ['up'])).toMatchObject({ selectedId: 'r0', index: 0 });
    expect(run(view, ['bottom', 'down'])).toMatchObject({ selectedId: 'r19', index: 19 });
  });

  it('scrolls the window only when the cursor leaves it', () => {
    const c = run(view, ['down', 'down', 'down', 'down']);
    expect(c).toMatchObject({ index: 4, offset: 0 });
    expect(run(view, ['down'], c)).toMatchObject({ index: 5, offset: 1 });
    const back = run(view, ['up', 'up', 'up', 'up', 'up'], run(view, ['down'], c));
    expect(back).toMatchObject({ index: 0, offset: 0 });
  });

  it('pages by the window height, keeping the cursor on the same screen line', () => {
    const c = run(view, ['down', 'down', 'pageDown']);
    expect(c).toMatchObject({ selectedId: 'r7', index: 7, offset: 5 });
    expect(run(view, ['pageUp'], c)).toMatchObject({ index: 2, offset: 0 });
    expect(run(view, ['pageDown', 'pageDown', 'pageDown', 'pageDown', 'pageDown'])).toMatchObject({
      index: 19,
      offset: 15,
    });
  });

  it('jumps to top and bottom with the window following', () => {
    expect(run(view, ['bottom'])).toEqual({ selectedId: 'r19', index: 19, offset: 15 });
    expect(run(view, ['bottom', 'top'])).toEqual({ selectedId: 'r0', index: 0, offset: 0 });
  });

  it('does nothing on an empty view', () => {
    expect(run(viewOf([]), ['down', 'bottom'])).toEqual(initialCursor);
  });

  it('selects a row by id and ignores unknown ids', () => {
    const c = selectId(initialCursor, view, 'r12', PAGE);
    expect(c).toEqual({ selectedId: 'r12', index: 12, offset: 8 });
    expect(selectId(c, view, 'missing', PAGE)).toBe(c);
  });
});

describe('selection kept by id', () => {
  const start = run(viewOf(range(20)), ['down', 'down', 'down', 'pageDown']); // r8 at screen line 3

  it('returns the same cursor object when nothing moved (cheap to compare)', () => {
    expect(reconcileCursor(start, viewOf(range(20)), rowId, PAGE)).toBe(start);
  });

  it('follows the selected row when a refresh inserts rows above it, on the same screen line', () => {
    const c = reconcileCursor(start, viewOf(['new1', 'new2', ...range(20)]), rowId, PAGE);
    expect(c).toEqual({ selectedId: 'r8', index: 10, offset: 7 });
  });

  it('follows the selected row through a re-sort', () => {
    const c = reconcileCursor(start, viewOf(range(20).reverse()), rowId, PAGE);
    expect(c.selectedId).toBe('r8');
    expect(c.index).toBe(11);
    expect(c.index - c.offset).toBeGreaterThanOrEqual(0);
    expect(c.index - c.offset).toBeLessThan(PAGE);
  });

  it('selects the row now at the same index when the selected row disappears', () => {
    const ids = range(20).filter((id) => id !== 'r8');
    expect(reconcileCursor(start, viewOf(ids), rowId, PAGE)).toMatchObject({ selectedId: 'r9', index: 8 });
  });

  it('clamps to the last row when the list shrinks below the old index', () => {
    expect(reconcileCursor(start, viewOf(range(3)), rowId, PAGE)).toEqual({
      selectedId: 'r2',
      index: 2,
      offset: 0,
    });
  });

  it('keeps the id through an empty view so it comes back when rows return', () => {
    const empty = reconcileCursor(start, viewOf([]), rowId, PAGE);
    expect(empty.selectedId).toBe('r8');
    expect(reconcileCursor(empty, viewOf(range(20)), rowId, PAGE).selectedId).toBe('r8');
  });
});

describe('followOffset', () => {
  it('never leaves blank rows below the last row', () => {
    expect(followOffset(18, 19, 20, PAGE)).toBe(15);
    expect(followOffset(3, 1, 3, PAGE)).toBe(0);
  });
});
