import { describe, expect, it } from 'vitest';
import {
  counterRate,
  type MetricRows,
  pointStats,
  readingText,
  readSeries,
  readVmMetrics,
  seriesPoints,
  unitKind,
} from '../../src/domain/metrics.js';
import real from '../fixtures/api/real/Get_VM_metrics.json' with { type: 'json' };

const COLS = ['time', 'granularity', 'value'];
const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min)).toISOString();
/** A series of rows `step` minutes apart. */
const series = (unit: string, values: (number | null)[], step = 5): MetricRows => ({
  unit,
  columns: COLS,
  data: values.map((v, i) => [at(i * step), step * 60, v]),
});
const values = (points: { v: number | null }[]) => points.map((p) => p.v);

describe('metrics in real units', () => {
  it("CPU from ns: the provider's example, 8.25 s of CPU in 300 s, is 2.75 % of one vCPU, 0.69 % of four", () => {
    // the two rows of the provider's example (MetricsFields), five minutes apart
    const cpu: MetricRows = {
      unit: 'ns',
      columns: COLS,
      data: [
        ['2023-09-01T01:19:00+00:00', 60, 1041433070000000],
        ['2023-09-01T01:24:00+00:00', 60, 1041441320000000],
      ],
    };
    const one = readSeries(cpu, { cpu: 1 });
    expect(one.kind).toBe('percent');
    expect(one.points[0]!.v).toBeCloseTo(2.75, 10);
    expect(readSeries(cpu, { cpu: 4 }).points[0]!.v).toBeCloseTo(0.6875, 10);
    expect(readingText(one, one.points[0]!.v)).toBe('2.8 %');
    // without the vCPU count: vCPUs busy
    const cores = readSeries(cpu, { cpu: null });
    expect(cores.kind).toBe('cores');
    expect(readingText(cores, cores.points[0]!.v)).toBe('0.03 vCPU');
  });

  it('a counter that goes down is a reset: a gap, never a negative rate; rows far apart are a gap too', () => {
    const r = counterRate(seriesPoints(series('B', [0, 3000, 6000, 100, 400])));
    expect(values(r)).toEqual([10, 10, null, 1]);
    // a row missing (the VM was off for an hour): the step across it is a gap
    const off: MetricRows = {
      unit: 'B',
      columns: COLS,
      data: [
        [at(0), 300, 0],
        [at(5), 300, 300],
        [at(10), 300, 600],
        [at(70), 300, 900],
        [at(75), 300, 1200],
      ],
    };
    expect(values(readSeries(off, {}).points)).toEqual([1, 1, null, 1]);
    expect(values(counterRate(seriesPoints(series('B', [5, null, 9]))))).toEqual([null, null]);
  });

  it('memory in MB is a gauge of the flavor RAM: GB shown with its share', () => {
    const m = readSeries(series('MB', [14848, 29696]), { ram: 58 });
    expect(m).toMatchObject({ kind: 'memory', totalMb: 58 * 1024 });
    expect(readingText(m, 29696)).toBe('29.0 GB (50 %)');
    const unknownRam = readSeries(series('MB', [512]), {});
    expect(readingText(unknownRam, 512)).toBe('512.0 MB');
  });

  it('network and disk in B are counters: rates in B/s, KB/s, MB/s', () => {
    const r = readSeries(series('B', [0, 300 * 1536, 300 * 1536 + 300 * 5 * 1024 * 1024]), {});
    expect(r.kind).toBe('rate');
    expect(r.points.map((p) => readingText(r, p.v))).toEqual(['1.5 KB/s', '5.0 MB/s']);
    expect(readingText(r, 200)).toBe('200 B/s');
    expect(readingText(r, 882.4866)).toBe('882 B/s');
  });

  it('the unit decides, not the series name; an unknown unit is raw with its name, never %', () => {
    const asPercent = readSeries(series('%', [41.25]), { cpu: 8 });
    expect(readingText(asPercent, 41.25)).toBe('41.3 %');
    const rate = readSeries(series('bytes/s', [1536]), {});
    expect(readingText(rate, 1536)).toBe('1.5 KB/s');
    // the OpenAPI's placeholder unit: the numbers as sent
    const metrics = readVmMetrics(real as Record<string, MetricRows>, { cpu: 8, ram: 58 });
    expect(metrics.cpu).toMatchObject({ kind: 'raw', unit: 'unit' });
    expect(readingText(metrics.cpu!, 1041441320000000)).toBe('1041441320000000 unit');
    expect(readingText(readSeries(series('', [1.23456]), {}), 1.23456)).toBe('1.23 (no unit)');
    for (const u of ['Mb', 'b', 'ops', 'unit']) expect(unitKind(u)).toBeUndefined();
    for (const [u, k] of [
      ['ns', 'ns'],
      ['nanoseconds', 'ns'],
      ['MB', 'MB'],
      ['megabytes', 'MB'],
      ['B', 'B'],
      ['bytes', 'B'],
    ] as const)
      expect(unitKind(u)).toBe(k);
  });

  it('rows are read by their columns, whatever their order; stats skip gaps', () => {
    const pts = seriesPoints({
      columns: ['value', 'time'],
      data: [
        [2, at(1)],
        [1, at(0)],
        ['x', at(2)],
      ],
    });
    expect(values(pts)).toEqual([1, 2, null]);
    expect(pointStats(pts)).toEqual({ last: 2, min: 1, max: 2, mean: 1.5 });
    expect(pointStats([{ t: 0, v: null }])).toBeUndefined();
    expect(readingText(readSeries(series('%', [1]), {}), Number.NaN)).toBe('—');
  });
});
