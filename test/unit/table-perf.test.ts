import { describe, expect, it, vi } from 'vitest';
import { moveCursor } from '../../src/ui/table/cursor.js';
import { measureColumns } from '../../src/ui/table/measure.js';
import { initialTableState, reduceTable } from '../../src/ui/table/state.js';
import type { Column, Cursor, ViewQuery } from '../../src/ui/table/types.js';
import { createViewBuilder } from '../../src/ui/table/view.js';

interface Vm {
  id: number;
  name: string;
  cost: number;
}
const N = 10_000;
const rows: Vm[] = Array.from({ length: N }, (_, i) => ({ id: i, name: `vm-${i}`, cost: (i * 7919) % 1000 }));

function spiedColumns() {
  const value = vi.fn((r: Vm) => r.cost);
  const text = vi.fn((r: Vm) => r.name);
  const rowId = vi.fn((r: Vm) => String(r.id));
  const columns: Column<Vm>[] = [
    { id: 'name', title: 'Name', value: (r) => r.name, text },
    { id: 'cost', title: 'Cost', value },
  ];
  return { columns, value, text, rowId };
}

describe('10,000 rows', () => {
  it('a cursor move calls no value()/text() and O(1) rowId()', () => {
    const { columns, value, text, rowId } = spiedColumns();
    const build = createViewBuilder<Vm>();
    const q: ViewQuery = { filter: 'vm-1', sort: { columnId: 'cost', desc: true } };
    let view = build(rows, columns, q, rowId);
    // Built once: one sort key per row, one filter text per row (the cost column displays its value).
    expect(value).toHaveBeenCalledTimes(2 * N);
    value.mockClear();
    text.mockClear();
    rowId.mockClear();

    const ctx = {
      viewFor: () => build(rows, columns, q, rowId),
      rowId,
      pageSize: 40,
      shownIds: ['name', 'cost'],
    };
    let state = { ...initialTableState(q.sort), filter: q.filter };
    const moves = 500;
    for (let i = 0; i < moves; i++) {
      state = reduceTable(state, { type: 'move', command: i % 50 === 0 ? 'pageDown' : 'down' }, ctx);
    }
    view = ctx.viewFor();
    state = reduceTable(state, { type: 'move', command: 'bottom' }, ctx);
    expect(state.cursor.index).toBe(view.rows.length - 1);

    expect(value).not.toHaveBeenCalled();
    expect(text).not.toHaveBeenCalled();
    expect(rowId.mock.calls.length).toBeLessThanOrEqual(2 * (moves + 1));
  });

  it('moveCursor does not touch rows beyond the target (works on a view whose rows throw when scanned)', () => {
    const ids = rows.map((r) => String(r.id));
    const guarded = new Proxy(rows, {
      get(target, prop, receiver) {
        if (
          prop === 'map' ||
          prop === 'forEach' ||
          prop === 'filter' ||
          prop === 'find' ||
          prop === 'indexOf'
        ) {
          throw new Error(`full scan via ${String(prop)}`);
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const view = { rows: guarded, indexById: new Map(ids.map((id, i) => [id, i])), total: N };
    let c: Cursor = { selectedId: '5000', index: 5000, offset: 4990 };
    for (const cmd of ['down', 'up', 'pageDown', 'pageUp', 'bottom', 'top'] as const) {
      c = moveCursor(c, view, cmd, 40, (r: Vm) => String(r.id));
    }
    expect(c).toEqual({ selectedId: '0', index: 0, offset: 0 });
  });

  it('measures column widths from a bounded sample, not every row', () => {
    const { columns, text } = spiedColumns();
    measureColumns(columns, rows);
    expect(text.mock.calls.length).toBeLessThanOrEqual(256);
  });
});
