import { describe, expect, it, vi } from 'vitest';
import type { Column } from '../../src/ui/table/types.js';
import { buildView, createViewBuilder } from '../../src/ui/table/view.js';

interface Vm {
  id: string;
  name: string;
  status: string;
  cost: number | null;
  secret: string;
}

const vm = (id: string, name: string, status: string, cost: number | null, secret = ''): Vm => ({
  id,
  name,
  status,
  cost,
  secret,
});

const rows: Vm[] = [
  vm('1', 'vm-10', 'ACTIVE', 2.5),
  vm('2', 'vm-2', 'SHUTOFF', null, 'needle'),
  vm('3', 'Vm-1', 'ACTIVE', 10),
  vm('4', 'vm-3', 'ERROR', 2.5),
];

const columns: Column<Vm>[] = [
  { id: 'name', title: 'Name', value: (r) => r.name },
  { id: 'status', title: 'Status', value: (r) => r.status },
  { id: 'cost', title: 'Cost', value: (r) => r.cost, text: (r) => (r.cost === null ? 'n/a' : `$${r.cost}`) },
  { id: 'secret', title: 'Secret', value: (r) => r.secret },
];

const rowId = (r: Vm) => r.id;
const names = (v: { rows: readonly Vm[] }) => v.rows.map((r) => r.name);
const ids = (v: { rows: readonly Vm[] }) => v.rows.map((r) => r.id);

describe('buildView', () => {
  it('keeps the service order without sort or filter and indexes rows by id', () => {
    const v = buildView(rows, columns, { filter: '', sort: null }, rowId);
    expect(ids(v)).toEqual(['1', '2', '3', '4']);
    expect(v.indexById.get('3')).toBe(2);
    expect(v.total).toBe(4);
  });

  it('filters case-insensitively on the displayed text of the shown columns only', () => {
    const shown = ['name', 'status', 'cost'];
    expect(ids(buildView(rows, columns, { filter: 'active', sort: null, shown }, rowId))).toEqual(['1', '3']);
    expect(ids(buildView(rows, columns, { filter: 'N/A', sort: null, shown }, rowId))).toEqual(['2']);
    expect(ids(buildView(rows, columns, { filter: '$10', sort: null, shown }, rowId))).toEqual(['3']);
    // "needle" lives in a hidden column: not a match.
    expect(buildView(rows, columns, { filter: 'needle', sort: null, shown }, rowId).rows).toEqual([]);
    expect(ids(buildView(rows, columns, { filter: 'needle', sort: null }, rowId))).toEqual(['2']);
  });

  it('does not match across two cells', () => {
    expect(buildView(rows, columns, { filter: 'vm-10active', sort: null }, rowId).rows).toEqual([]);
  });

  it('sorts strings naturally and case-insensitively', () => {
    const v = buildView(rows, columns, { filter: '', sort: { columnId: 'name', desc: false } }, rowId);
    expect(names(v)).toEqual(['Vm-1', 'vm-2', 'vm-3', 'vm-10']);
  });

  it('sorts numbers numerically with missing values last in both directions', () => {
    const asc = buildView(rows, columns, { filter: '', sort: { columnId: 'cost', desc: false } }, rowId);
    expect(ids(asc)).toEqual(['1', '4', '3', '2']);
    const desc = buildView(rows, columns, { filter: '', sort: { columnId: 'cost', desc: true } }, rowId);
    expect(ids(desc)).toEqual(['3', '1', '4', '2']);
  });

  it('is stable: equal keys keep their input order, ascending and descending', () => {
    const byStatus = (desc: boolean) =>
      ids(buildView(rows, columns, { filter: '', sort: { columnId: 'status', desc } }, rowId));
    expect(byStatus(false)).toEqual(['1', '3', '4', '2']);
    expect(byStatus(true)).toEqual(['2', '4', '1', '3']);
  });

  it('sorts by a column that is not shown, and ignores an unknown sort column', () => {
    const shown = ['name'];
    const v = buildView(rows, columns, { filter: '', sort: { columnId: 'cost', desc: true }, shown }, rowId);
    expect(ids(v)).toEqual(['3', '1', '4', '2']);
    const u = buildView(rows, columns, { filter: '', sort: { columnId: 'nope', desc: false } }, rowId);
    expect(ids(u)).toEqual(['1', '2', '3', '4']);
  });

  it('updates indexById to the filtered, sorted positions', () => {
    const v = buildView(rows, columns, { filter: 'vm-', sort: { columnId: 'name', desc: true } }, rowId);
    expect(v.indexById.get('1')).toBe(0);
    expect(v.indexById.get('3')).toBe(3);
  });
});

describe('createViewBuilder', () => {
  const spied = () => {
    const value = vi.fn((r: Vm) => r.name);
    const text = vi.fn((r: Vm) => r.name);
    const cols: Column<Vm>[] = [{ id: 'name', title: 'Name', value, text }];
    return { cols, value, text };
  };

  it('returns the identical view while nothing it depends on changed, even with a new rowId arrow', () => {
    const build = createViewBuilder<Vm>();
    const { cols, value, text } = spied();
    const q = { filter: 'vm', sort: { columnId: 'name', desc: false } };
    const first = build(rows, cols, q, (r) => r.id);
    value.mockClear();
    text.mockClear();
    const again = build(rows, cols, { ...q }, (r) => r.id);
    expect(again).toBe(first);
    expect(value).not.toHaveBeenCalled();
    expect(text).not.toHaveBeenCalled();
  });

  it('re-sorts when the rows change identity and re-filters when the filter changes', () => {
    const build = createViewBuilder<Vm>();
    const a = build(rows, columns, { filter: '', sort: { columnId: 'name', desc: false } }, rowId);
    const b = build(
      [...rows].reverse(),
      columns,
      { filter: '', sort: { columnId: 'name', desc: false } },
      rowId,
    );
    expect(b).not.toBe(a);
    expect(names(b)).toEqual(names(a));
    const c = build([...rows], columns, { filter: 'error', sort: null }, rowId);
    expect(ids(c)).toEqual(['4']);
  });

  it('narrows the previous result when more filter text is typed', () => {
    const build = createViewBuilder<Vm>();
    const { cols, text } = spied();
    const many = Array.from({ length: 1000 }, (_, i) => vm(String(i), `vm-${i}`, 'ACTIVE', i));
    build(many, cols, { filter: 'vm-1', sort: null }, rowId);
    text.mockClear();
    const v = build(many, cols, { filter: 'vm-12', sort: null }, rowId);
    expect(v.rows.length).toBe(11); // vm-12, vm-120..129
    // Only the rows that matched "vm-1" were looked at, and their text came from the cache.
    expect(text).not.toHaveBeenCalled();
  });

  it('agrees with buildView for every filter prefix', () => {
    const build = createViewBuilder<Vm>();
    for (const f of ['', 'v', 'vm', 'vm-', 'vm-1', 'vm-10', 'vm-1', '']) {
      const q = { filter: f, sort: { columnId: 'cost', desc: false } };
      expect(ids(build(rows, columns, q, rowId))).toEqual(ids(buildView(rows, columns, q, rowId)));
    }
  });
});
