import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../src/ui/table/fit.js';
import { measureColumns, sampleRows } from '../../src/ui/table/measure.js';
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
  { id: 'name', title: 'Name', value: (r) => r.name, priority: 0, grow: 1 },
  { id: 'status', title: 'Status', value: (r) => r.status, priority: 0 },
  { id: 'gpus', title: 'GPUs', value: (r) => r.gpus, priority: 1 },
  { id: 'region', title: 'Region', value: (r) => r.region, priority: 2 },
];

const ids = (fitted: { column: { id: string } }[]) => fitted.map((f) => f.column.id);
const used = (fitted: { width: number }[]) =>
  fitted.reduce((s, f) => s + f.width, 0) + Math.max(0, fitted.length - 1);

describe('fitColumns', () => {
  it('shows every column at its natural width when there is room, and gives the rest to grow', () => {
    const fitted = fitColumns(columns, rows, 80);
    expect(ids(fitted)).toEqual(['name', 'status', 'gpus', 'region']);
    const [name, status, gpus, region] = fitted.map((f) => f.width);
    expect(status).toBe(7); // "SHUTOFF"
    expect(gpus).toBe(5); // title "GPUs" + room for the sort mark
    expect(region).toBe(8);
    expect(name).toBe(80 - 7 - 5 - 8 - 3);
    expect(used(fitted)).toBe(80);
  });

  it('does not grow past the natural width without a grow weight', () => {
    const fitted = fitColumns(
      columns.map((c) => ({ ...c, grow: 0 })),
      rows,
      80,
    );
    expect(fitted[0]?.width).toBe('train-large-h100'.length);
  });

  it('drops the highest priority numbers first when narrow, never priority 0', () => {
    // Minimum widths: name 6, status 6, gpus 5, region 6, plus 1-space gaps.
    expect(ids(fitColumns(columns, rows, 26))).toEqual(['name', 'status', 'gpus', 'region']);
    expect(ids(fitColumns(columns, rows, 25))).toEqual(['name', 'status', 'gpus']);
    expect(ids(fitColumns(columns, rows, 18))).toEqual(['name', 'status']);
    const tiny = fitColumns(columns, rows, 9);
    expect(ids(tiny)).toEqual(['name', 'status']);
    expect(used(tiny)).toBeLessThanOrEqual(9);
  });

  it('drops the rightmost column among equal priorities', () => {
    const same = columns.map((c) => ({ ...c, priority: c.id === 'name' ? 0 : 3 }));
    expect(ids(fitColumns(same, rows, 24))).toEqual(['name', 'status', 'gpus']);
  });

  it('shrinks towards the natural widths proportionally before dropping anything', () => {
    const fitted = fitColumns(columns, rows, 36);
    expect(ids(fitted)).toHaveLength(4);
    expect(used(fitted)).toBe(36);
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
