/** A VM's metrics as charts for its detail pane: one chart per series, with its unit, last, min, max and span. */

import type { MetricDuration, MetricSeries, VmMetrics } from '../../api/schemas/metrics.js';
import { bytes } from '../../domain/format.js';
import { maxOf, minOf } from '../../domain/lists.js';
import { sparkRows } from '../charts/sparkline.js';
import { type DetailLine, section, text } from '../DetailPane.js';

/** The series the service reports, in the order shown, with how their values read. */
const CHARTS: readonly { key: string; title: string; percent: boolean }[] = [
  { key: 'cpu', title: 'CPU', percent: true },
  { key: 'memory.usages', title: 'memory', percent: true },
  { key: 'network.in', title: 'network in', percent: false },
  { key: 'network.out', title: 'network out', percent: false },
  { key: 'disk.read', title: 'disk read', percent: false },
  { key: 'disk.write', title: 'disk write', percent: false },
];

export const NO_GPU_METRICS =
  'The service reports no GPU utilisation: these are the VM’s CPU, memory, network and disk.';

export interface MetricsInput {
  metrics: VmMetrics | undefined;
  duration: MetricDuration;
  /** The next duration (the key's label says where it goes). */
  next: MetricDuration;
  previous: MetricDuration;
  loading: boolean;
  error: string | undefined;
  width: number;
  /** Lines each chart takes. */
  chartRows?: number;
}

interface Point {
  t: number;
  v: number | null;
}

/** The rows of a series as points, by its `columns` (time and value found by name; [time, granularity, value] else). */
export function seriesPoints(s: MetricSeries): Point[] {
  const cols = s.columns ?? [];
  const ti = cols.indexOf('time') >= 0 ? cols.indexOf('time') : 0;
  const vi = cols.indexOf('value') >= 0 ? cols.indexOf('value') : Math.max(1, (s.data[0]?.length ?? 3) - 1);
  const out: Point[] = [];
  for (const row of s.data) {
    const t = Date.parse(String(row[ti] ?? ''));
    const raw = row[vi];
    const v = typeof raw === 'number' ? raw : typeof raw === 'string' && raw !== '' ? Number(raw) : null;
    if (!Number.isNaN(t)) out.push({ t, v: v !== null && Number.isFinite(v) ? v : null });
  }
  return out.sort((a, b) => a.t - b.t);
}

/** A value with its unit: "41.2 %", "12.3 MB/s"; a unit the app does not know is printed as the service says it. */
export function metricValue(
  v: number | null | undefined,
  unit: string | null | undefined,
  percent: boolean,
): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const u = (unit ?? '').trim();
  if (percent || u === '%') return `${v.toFixed(1)} %`;
  if (/^(bytes?|B)\/s$/i.test(u) || u === '') return `${bytes(v)}/s`;
  return `${Math.round(v * 100) / 100} ${u}`;
}

/** Fewer points than columns: each point drawn over its share of the width, so a chart spans the pane. */
function stretch<V>(values: readonly V[], width: number): readonly V[] {
  const n = values.length;
  if (n === 0 || n >= width) return values;
  return Array.from({ length: width }, (_, i) => values[Math.min(n - 1, Math.floor((i * n) / width))] as V);
}

const hhmm = (t: number) => new Date(t).toISOString().slice(11, 16);
const dayHhmm = (t: number) => new Date(t).toISOString().slice(5, 16).replace('T', ' ');

function stepText(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  return `${Math.max(1, Math.round(ms / 60_000))} min`;
}

/** The Metrics section: the span, the key to change it, one chart per series, and what the service does not report. */
export function metricsLines(p: MetricsInput): DetailLine[] {
  const lines: DetailLine[] = [section(`Metrics, last ${p.duration} (m: ${p.next}, M: ${p.previous})`)];
  lines.push(text(NO_GPU_METRICS, 'dim'));
  if (!p.metrics) {
    if (p.error) lines.push(text(`✖ cannot load metrics: ${p.error}`, 'error'));
    else lines.push(text(p.loading ? `loading metrics of the last ${p.duration}…` : 'not available', 'dim'));
    return lines;
  }
  // each series read once (a long one is 1,000,000 rows), its points sorted by time
  const all = CHARTS.map((c) => {
    const series = p.metrics?.[c.key];
    return { ...c, series, pts: series ? seriesPoints(series) : [] };
  });
  const count = all.reduce((n, c) => n + c.pts.length, 0);
  if (count === 0) {
    lines.push(text(`no data in the last ${p.duration} (a VM reports while it runs)`, 'dim'));
    return lines;
  }
  const first = minOf(all.flatMap((c) => (c.pts.length ? [c.pts[0]!.t] : [])));
  const last = maxOf(all.flatMap((c) => (c.pts.length ? [c.pts.at(-1)!.t] : [])));
  const cpu = all[0]?.pts ?? [];
  const step = cpu.length > 1 ? (cpu.at(-1)!.t - cpu[0]!.t) / (cpu.length - 1) : 0;
  const fmt = last - first >= 86_400_000 ? dayHhmm : hhmm;
  lines.push(
    text(
      `${fmt(first)} → ${fmt(last)} UTC, ${cpu.length || count} points${step ? `, one every ${stepText(step)}` : ''}${p.error ? ` (refresh failed: ${p.error})` : ''}`,
      p.error ? 'warn' : 'dim',
    ),
  );
  const width = Math.max(10, p.width);
  for (const c of all) {
    if (!c.series) {
      lines.push(text(`${c.title}: not reported`, 'dim'));
      continue;
    }
    const values = c.pts.map((x) => x.v);
    const vals = values.filter((v): v is number => v !== null);
    const percent = c.percent || (c.series.unit ?? '') === '%';
    const fmtV = (v: number | undefined) => metricValue(v, c.series?.unit, percent);
    const unit = percent ? '%' : `${c.series.unit || 'bytes/s'}`;
    const stats = vals.length
      ? `last ${fmtV(vals.at(-1))}  min ${fmtV(minOf(vals))}  max ${fmtV(maxOf(vals))}`
      : 'no values';
    lines.push(text(`${c.title} (${unit})  ${stats}${percent ? '  [0–100 %]' : ''}`));
    const range = percent ? { min: 0, max: 100 } : { min: 0 };
    for (const row of sparkRows(stretch(values, width), width, p.chartRows ?? 2, range))
      lines.push(text(row));
  }
  return lines;
}
