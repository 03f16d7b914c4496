/**
 * A series of 1,000,000 points (what fits under the client's 64 MB body cap: ~35 bytes a metric row, ~50 a cost
 * point) is charted and summed without overflowing the stack: `Math.max(...values)` once threw "Maximum call stack
 * size exceeded" at 150,000. Each chart and sum the app draws from a series is run on one.
 */
import { describe, expect, it } from 'vitest';
import { historyLines } from '../../screens/billing/history.js';
import { historyOf } from '../../screens/billing/history-target.js';
import { usageTotals } from '../../screens/billing/usage.js';
import { sum } from '../../src/domain/billing.js';
import { maxOf, minOf, pushAll, sumOf } from '../../src/domain/lists.js';
import { sparkline, sparkRows } from '../../src/ui/charts/sparkline.js';
import type { DetailLine } from '../../src/ui/DetailPane.js';
import { metricsLines } from '../../src/ui/details/vm-metrics.js';

const N = 1_000_000;
const T0 = Date.UTC(2026, 0, 1);
const wave = (i: number) => 50 + 40 * Math.sin(i / 1000);
const textOf = (lines: readonly DetailLine[]) => JSON.stringify(lines);
const pad = (n: number) => String(n).padStart(2, '0');
const DAYS = new Map<number, string>();
/** The ISO time `minutes` after T0, made cheaply (a million Date objects would be most of the test's time). */
function iso(minutes: number): string {
  const day = Math.floor(minutes / 1440);
  let d = DAYS.get(day);
  if (d === undefined) {
    d = new Date(T0 + day * 86_400_000).toISOString().slice(0, 10);
    DAYS.set(day, d);
  }
  const m = minutes % 1440;
  return `${d}T${pad(Math.floor(m / 60))}:${pad(m % 60)}:00Z`;
}

describe('a series of 1,000,000 points', () => {
  const values = Array.from({ length: N }, (_, i) => wave(i));

  it('the folds are iterative: max, min, sum, append', () => {
    expect(maxOf(values)).toBeCloseTo(90, 3);
    expect(minOf(values)).toBeCloseTo(10, 3);
    expect(sumOf(values) / N).toBeCloseTo(50, 0);
    expect(pushAll([0], values)).toHaveLength(N + 1);
    expect(maxOf([], 0)).toBe(0);
    expect(maxOf([Number.NaN, -3])).toBe(-3);
    expect(minOf([Number.NaN])).toBe(Number.POSITIVE_INFINITY);
  });

  it('sparklines draw it', () => {
    expect(sparkline(values, 80)).toHaveLength(80);
    expect(sparkRows(values, 80, 3)).toHaveLength(3);
  });

  it('the billing sums add it up', () => {
    expect(sum(values)).toBeCloseTo(sumOf(values), 3);
    const records = values.map((v) => ({ total_bill: v, bill_per_minute: 1 / 60 }));
    expect(usageTotals(records as never)).toMatch(
      /^1000000 resources · \$50,0\d\d,\d\d\d\.\d\d billed · \$1,000,000\.00\/h now$/,
    );
  });

  it('a VM’s metrics: one series of 1,000,000 rows is charted with its min and max', () => {
    const data = values.map((v, i) => [iso(i), 60, v]);
    const lines = metricsLines({
      metrics: { cpu: { unit: '%', columns: ['time', 'granularity', 'value'], data } },
      duration: '30d',
      next: '1h',
      previous: '15d',
      loading: false,
      error: undefined,
      width: 80,
    });
    const text = textOf(lines);
    expect(text).toContain('1000000 points');
    expect(text).toMatch(/min 10\.0 %\s+max 90\.0 %/);
  });

  it('a cost history of 1,000,000 hourly points: its peak, its total and its days', () => {
    const points = values.map((value, i) => ({ datetime: iso(i * 60), value }));
    const lines = historyLines({
      state: historyOf({ kind: 'vm', id: 1, name: 'big' }, T0),
      graph: { name: 'big', total: null, points },
      loading: false,
      error: undefined,
      width: 80,
      chartRows: 3,
    });
    const text = textOf(lines);
    expect(text).toContain('peak $90.00 in an hour');
    expect(text).toContain(`${N}, one per hour`);
    // and its cost per day, a bar chart of 41,667 days
    expect(text).toContain('Cost per day (UTC)');
    expect(lines.length).toBeGreaterThan(Math.ceil(N / 24));
  });
});
