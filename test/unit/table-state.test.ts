import { describe, expect, it } from 'vitest';
import {
  initialTableState,
  reduceTable,
  type TableAction,
  type TableState,
} from '../../src/ui/table/state.js';
import type { Column } from '../../src/ui/table/types.js';
import { createViewBuilder } from '../../src/ui/table/view.js';

interface Vm {
  id: string;
  name: string;
  gpus: number;
}
const rows: Vm[] = [
  { id: 'a', name: 'alpha', gpus: 8 },
  { id: 'b', name: 'beta', gpus: 1 },
  { id: 'c', name: 'gamma', gpus: 4 },
  { id: 'd', name: 'delta', gpus: 2 },
];
const columns: Column<Vm>[] = [
  { id: 'name', title: 'Name', value: (r) => r.name },
  { id: 'gpus', title: 'GPUs', value: (r) => r.gpus },
];
const build = createViewBuilder<Vm>();
const ctx = {
  viewFor: (q: { filter: string; sort: TableState['sort'] }) => build(rows, columns, q, (r) => r.id),
  rowId: (r: Vm) => r.id,
  pageSize: 10,
  shownIds: ['name', 'gpus'],
};
const apply = (actions: TableAction[], s = initialTableState()) =>
  actions.reduce((st, a) => reduceTable(st, a, ctx), s);
const visibleIds = (s: TableState) => ctx.viewFor(s).rows.map((r) => r.id);

describe('reduceTable', () => {
  it('cycles the sort through the shown columns, then back to the service order', () => {
    const sorts = [1, 2, 3].map((n) => apply(Array(n).fill({ type: 'sortNext' })).sort);
    expect(sorts).toEqual([{ columnId: 'name', desc: false }, { columnId: 'gpus', desc: false }, null]);
  });

  it('> and < sort by the column right or left of the sorted one, round the ends, in one press each', () => {
    const right = { type: 'sortMove', by: 1 } as const;
    const left = { type: 'sortMove', by: -1 } as const;
    expect(apply([right]).sort).toEqual({ columnId: 'name', desc: false });
    expect(apply([left]).sort).toEqual({ columnId: 'gpus', desc: false });
    expect(apply([right, right]).sort).toEqual({ columnId: 'gpus', desc: false });
    expect(apply([right, right, right]).sort).toEqual({ columnId: 'name', desc: false });
    expect(apply([right, left]).sort).toEqual({ columnId: 'gpus', desc: false });
    expect(apply([right, left, left]).sort).toEqual({ columnId: 'name', desc: false });
    expect(visibleIds(apply([left]))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('flips the direction, sorting the first column descending when unsorted', () => {
    expect(apply([{ type: 'sortFlip' }]).sort).toEqual({ columnId: 'name', desc: true });
    expect(apply([{ type: 'sortNext' }, { type: 'sortNext' }, { type: 'sortFlip' }]).sort).toEqual({
      columnId: 'gpus',
      desc: true,
    });
  });

  it('keeps the selected row by id when the sort changes', () => {
    const s = apply([{ type: 'move', command: 'down' }, { type: 'sortNext' }, { type: 'sortNext' }]);
    expect(visibleIds(s)).toEqual(['b', 'd', 'c', 'a']);
    expect(s.cursor).toMatchObject({ selectedId: 'b', index: 0 });
  });

  it('filters live while typing, keeps the selection when it still matches, and Esc clears', () => {
    const start = apply([{ type: 'move', command: 'bottom' }]); // delta
    const typed = apply(
      [{ type: 'filterStart' }, { type: 'filterInput', text: 'e' }, { type: 'filterInput', text: 'l' }],
      start,
    );
    expect(typed).toMatchObject({ filter: 'el', filterMode: true });
    expect(visibleIds(typed)).toEqual(['d']);
    expect(typed.cursor.selectedId).toBe('d');
    const cleared = reduceTable(typed, { type: 'filterClear' }, ctx);
    expect(cleared).toMatchObject({ filter: '', filterMode: false });
    expect(cleared.cursor).toMatchObject({ selectedId: 'd', index: 3 });
  });

  it('moves the selection to a matching row when the filter hides the selected one', () => {
    const s = apply([{ type: 'filterStart' }, { type: 'filterInput', text: 'mm' }]);
    expect(s.cursor.selectedId).toBe('c');
  });

  it('Enter keeps the filter but leaves typing mode; backspace removes one character', () => {
    const s = apply([
      { type: 'filterStart' },
      { type: 'filterInput', text: 'ta' },
      { type: 'filterBackspace' },
      { type: 'filterConfirm' },
    ]);
    expect(s).toMatchObject({ filter: 't', filterMode: false });
  });

  it('selects a row by id', () => {
    expect(apply([{ type: 'select', id: 'c' }]).cursor).toMatchObject({ selectedId: 'c', index: 2 });
  });

  it('returns the same state for no-op actions', () => {
    const s = apply([]);
    expect(reduceTable(s, { type: 'filterConfirm' }, ctx)).toBe(s);
    expect(reduceTable(s, { type: 'filterBackspace' }, ctx)).toBe(s);
    const top = apply([{ type: 'move', command: 'top' }]);
    expect(reduceTable(top, { type: 'move', command: 'up' }, ctx)).toBe(top);
  });
});
