import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../src/ui/table/fit.js';
import { measureColumns, sampleRows, steadyMeasures } from '../../src/ui/table/measure.js';
import type { Column } from '../../src/ui/table/types.js';

interface Vm {
  name: string;
  status: string;
  gpus: number | null;
  region: string;
}

const rows: Vm[] = [
  { name: 'train-large-h100', status: 'ACTIVE', gpus: 8, region: 'CANADA-1' },
  { name: 'dev', status: 'SHUTOFF', gpus: null, region: 'NORWAY-1' },
];

const columns: Column<Vm>[] = [
  { id: 'name', title: 'Name', value: (r) => r.name, priority: 0 },
  { id: 'status', title: 'Status', value: (r) => r.status, priority: 0 },
  { id: 'gpus', title: 'GPUs', value: (r) => r.gpus, priority: 1 },
  { id: 'region', title: 'Region', value: (r) => r.region, priority: 2 },
];

const ids = (fitted: { column: { id: string } }[]) => fitted.map((f) => f.column.id);
const used = (fitted: { width: number }[]) =>
  fitted.reduce((s, f) => s + f.width, 0) + Math.max(0, fitted.length - 1);

describe('fitColumns', () => {
  it('shows every column at its natural width: a name takes what it needs, not the rest of the line', () => {
    const fitted = fitColumns(columns, rows, 80);
    expect(ids(fitted)).toEqual(['name', 'status', 'gpus', 'region']);
    // "train-large-h100", "SHUTOFF", the title "GPUs" + room for the sort mark, "CANADA-1"
    expect(fitted.map((f) => f.width)).toEqual([16, 7, 5, 8]);
    expect(used(fitted)).toBe(39);
  });

  it('only the least important column shown gives way: cut when that is enough, else dropped', () => {
    // 39 wide at their natural widths; region (priority 2) may be cut to 6
    const at38 = fitColumns(columns, rows, 38);
    expect(at38.map((f) => f.width)).toEqual([16, 7, 5, 7]);
    // 3 too many: region alone cannot give 3, so it drops out and nothing else is cut
    const at36 = fitColumns(columns, rows, 36);
    expect(ids(at36)).toEqual(['name', 'status', 'gpus']);
    expect(at36.map((f) => f.width)).toEqual([16, 7, 5]);
    expect(ids(fitColumns(columns, rows, 29))).toEqual(['name', 'status']);
    expect(fitColumns(columns, rows, 24).map((f) => f.width)).toEqual([16, 7]);
  });

  it('priority 0 alone and still too wide: the widest is cut first, then every one', () => {
    expect(fitColumns(columns, rows, 23).map((f) => f.width)).toEqual([15, 7]);
    const tiny = fitColumns(columns, rows, 9);
    expect(ids(tiny)).toEqual(['name', 'status']);
    expect(used(tiny)).toBeLessThanOrEqual(9);
  });

  it('drops the rightmost column among equal priorities', () => {
    const same = columns.map((c) => ({ ...c, priority: c.id === 'name' ? 0 : 3 }));
    expect(ids(fitColumns(same, rows, 31))).toEqual(['name', 'status', 'gpus']);
    expect(ids(fitColumns(same, rows, 24))).toEqual(['name', 'status']);
  });

  it('honours minWidth and maxWidth', () => {
    const capped = columns.map((c) => (c.id === 'name' ? { ...c, maxWidth: 10 } : c));
    expect(fitColumns(capped, rows, 80)[0]?.width).toBe(10);
    const wide = columns.map((c) => (c.id === 'region' ? { ...c, minWidth: 20 } : c));
    expect(fitColumns(wide, rows, 80).find((f) => f.column.id === 'region')?.width).toBe(20);
  });

  it('right-aligns numeric columns unless told otherwise', () => {
    const fitted = fitColumns(columns, rows, 80);
    expect(fitted.map((f) => f.align)).toEqual(['left', 'left', 'right', 'left']);
    const forced = columns.map((c) => (c.id === 'gpus' ? { ...c, align: 'left' as const } : c));
    expect(fitColumns(forced, rows, 80)[2]?.align).toBe('left');
  });

  it('accepts precomputed measurements instead of rows', () => {
    const m = measureColumns(columns, rows);
    expect(fitColumns(columns, m, 80)).toEqual(fitColumns(columns, rows, 80));
  });
});

describe('steadyMeasures', () => {
  it('keeps the widest each column has been, so a refresh with shorter values moves nothing', () => {
    const seen = new Map<string, number>();
    const first = steadyMeasures(seen, measureColumns(columns, rows));
    const shorter = steadyMeasures(
      seen,
      measureColumns(columns, [{ name: 'a', status: 'OK', gpus: 1, region: 'US-1' }]),
    );
    expect(fitColumns(columns, shorter, 80)).toEqual(fitColumns(columns, first, 80));
    const longer = steadyMeasures(
      seen,
      measureColumns(columns, [{ ...rows[0], name: 'a-much-longer-name-now' } as Vm]),
    );
    expect(longer.get('name')?.width).toBe('a-much-longer-name-now'.length);
  });
});

describe('sampleRows', () => {
  it('keeps small lists whole and samples big ones evenly, first and last included', () => {
    const small = [1, 2, 3];
    expect(sampleRows(small, 10)).toBe(small);
    const big = Array.from({ length: 10_000 }, (_, i) => i);
    const s = sampleRows(big, 100);
    expect(s).toHaveLength(100);
    expect(s[0]).toBe(0);
    expect(s[99]).toBe(9_999);
  });
});
