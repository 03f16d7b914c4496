// Narrow terminals: columns read or copied whole (IPs, IDs) are never cut while a lower-priority column can drop
// out instead; the wide view shows every column whole and scrolls sideways.
import { describe, expect, it } from 'vitest';
import { fitColumns, wideColumns } from '../../src/ui/table/fit.js';
import { keyToAction } from '../../src/ui/table/key-actions.js';
import { columnsHint } from '../../src/ui/table/layout.js';
import { measureColumns } from '../../src/ui/table/measure.js';
import { initialTableState, reduceTable, type TableContext } from '../../src/ui/table/state.js';
import type { Column } from '../../src/ui/table/types.js';

interface Row {
  name: string;
  status: string;
  env: string;
  ip: string;
  id: string;
}

const rows: Row[] = [
  {
    name: 'ray-worker-1',
    status: '● ACTIVE',
    env: 'research-norway/NORWAY-1',
    ip: '10.101.200.144',
    id: 'a1b2c3d4',
  },
  { name: 'bench-3', status: '○ SHUTOFF', env: 'prod/CANADA-1', ip: '185.216.20.3', id: 'e5f6a7b8' },
];

const columns: Column<Row>[] = [
  { id: 'name', title: 'NAME', value: (r) => r.name, priority: 0, minWidth: 10 },
  { id: 'status', title: 'STATUS', value: (r) => r.status, priority: 0, whole: true },
  { id: 'env', title: 'ENVIRONMENT', value: (r) => r.env, priority: 3, minWidth: 8 },
  { id: 'ip', title: 'IP', value: (r) => r.ip, priority: 2, whole: true },
  { id: 'uid', title: 'ID', value: (r) => r.id, priority: 1, whole: true },
];
const measures = measureColumns(columns, rows);
const widthOf = (fitted: ReturnType<typeof fitColumns<Row>>, id: string) =>
  fitted.find((f) => f.column.id === id)?.width;
const ids = (fitted: { column: { id: string } }[]) => fitted.map((f) => f.column.id);

describe('fitColumns with whole columns', () => {
  it('at ample width everything is shown at full width', () => {
    const fitted = fitColumns(columns, measures, 120);
    expect(ids(fitted)).toEqual(['name', 'status', 'env', 'ip', 'uid']);
    expect(widthOf(fitted, 'env')).toBeGreaterThanOrEqual(24);
  });

  it('when short, cuts a cuttable column but never an IP or ID', () => {
    // name 12, status 9, env 24, ip 14, id 8 + 4 gaps = 71: at 60 only ENVIRONMENT (and NAME) give way.
    const fitted = fitColumns(columns, measures, 60);
    expect(ids(fitted)).toEqual(['name', 'status', 'env', 'ip', 'uid']);
    expect(widthOf(fitted, 'ip')).toBe(14);
    expect(widthOf(fitted, 'uid')).toBe(8);
    expect(widthOf(fitted, 'status')).toBe(9);
    expect(widthOf(fitted, 'env')).toBeLessThan(24);
  });

  it('narrower still, the lowest-priority column drops out whole before an IP is cut', () => {
    const fitted = fitColumns(columns, measures, 46);
    expect(ids(fitted)).toEqual(['name', 'status', 'ip', 'uid']);
    expect(widthOf(fitted, 'ip')).toBe(14);
    expect(widthOf(fitted, 'name')).toBe(12);
    // …then the IP itself (priority 2) drops before the name or the ID (priority 0, 1) is cut.
    expect(ids(fitColumns(columns, measures, 45))).toEqual(['name', 'status', 'uid']);
    expect(widthOf(fitColumns(columns, measures, 45), 'name')).toBe(12);
  });

  it('a column without `whole` shrinks instead (the old behaviour): the IP would be cut', () => {
    const cuttable = columns.map((c) => ({ ...c, whole: false }));
    const fitted = fitColumns(cuttable, measureColumns(cuttable, rows), 45);
    expect(widthOf(fitted, 'ip')).toBeLessThan(14);
  });
});

describe('the wide view', () => {
  it('shows every column at full width from the scroll position, keeping the first column', () => {
    const all = wideColumns(columns, measures, 200, 0);
    expect(ids(all)).toEqual(['name', 'status', 'env', 'ip', 'uid']);
    expect(widthOf(all, 'env')).toBe(24);
    const some = wideColumns(columns, measures, 40, 0);
    expect(ids(some)).toEqual(['name', 'status']); // ENVIRONMENT (24) does not fit whole after them
    const scrolled = wideColumns(columns, measures, 40, 1);
    expect(ids(scrolled)).toEqual(['name', 'env']);
    expect(widthOf(scrolled, 'env')).toBe(24);
    expect(ids(wideColumns(columns, measures, 40, 99))).toEqual(['name', 'uid']);
  });

  it('W toggles it; ←/→ scroll only while it is on; the footer says where it is', () => {
    const ctx: TableContext<Row> = {
      viewFor: () => ({ rows, indexById: new Map(), total: rows.length }),
      rowId: (r) => r.id,
      pageSize: 10,
      shownIds: columns.map((c) => c.id),
      columnCount: columns.length,
    };
    const normal = { filterMode: false, hasFilter: false, wide: false };
    expect(keyToAction('W', {}, normal)).toEqual({ type: 'wideToggle' });
    expect(keyToAction('', { rightArrow: true }, normal)).toBeNull();
    expect(keyToAction('W', {}, { ...normal, filterMode: true })).toEqual({ type: 'filterInput', text: 'W' });
    let s = reduceTable(initialTableState(), { type: 'wideToggle' }, ctx);
    expect(s.wide).toBe(true);
    const right = keyToAction('', { rightArrow: true }, { ...normal, wide: true });
    expect(right).toEqual({ type: 'scroll', by: 1 });
    for (let i = 0; i < 10; i++) s = reduceTable(s, right!, ctx);
    expect(s.scroll).toBe(3); // the last column is then the first after NAME
    s = reduceTable(s, keyToAction('', { leftArrow: true }, { ...normal, wide: true })!, ctx);
    expect(s.scroll).toBe(2);
    expect(columnsHint(wideColumns(columns, measures, 60, s.scroll), columns, true)).toBe(
      'wide 4–5 of 5 ←/→ · W fit',
    );
    s = reduceTable(s, { type: 'wideToggle' }, ctx);
    expect(s).toMatchObject({ wide: false, scroll: 0 });
    expect(columnsHint(fitColumns(columns, measures, 36), columns, false)).toBe('W: +2 columns');
    expect(columnsHint(fitColumns(columns, measures, 120), columns, false)).toBe('');
  });
});
