/** A VM's metrics as charts for its detail pane: one chart per series, in real units (src/domain/metrics.ts). */
import type { MetricDuration, VmMetrics } from '../../api/schemas/metrics.js';
import { maxOf, minOf } from '../../domain/lists.js';
import {
  type MetricFlavor,
  type MetricPoint,
  pointStats,
  type Reading,
  readingText,
  readPoints,
  seriesPoints,
  unitKind,
} from '../../domain/metrics.js';
import { sparkRows } from '../charts/sparkline.js';
import { type DetailLine, section, text } from '../DetailPane.js';

/** The series the service reports, in the order shown. */
const CHARTS: readonly { key: string; title: string }[] = [
  { key: 'cpu', title: 'CPU' },
  { key: 'memory.usages', title: 'memory' },
  { key: 'network.in', title: 'network in' },
  { key: 'network.out', title: 'network out' },
  { key: 'disk.read', title: 'disk read' },
  { key: 'disk.write', title: 'disk write' },
];

export const NO_GPU_METRICS =
  'The service reports no GPU utilisation: these are the VM’s CPU, memory, network and disk.';

export interface MetricsInput {
  metrics: VmMetrics | undefined;
  /** The VM's flavor: CPU is a share of its vCPUs, memory of its RAM. */
  flavor?: MetricFlavor | null | undefined;
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

/** What a chart's numbers are, after its title: "% of 8 vCPUs", "GB of 58 GB", "B/s", "unit \"x\" unknown: as sent". */
function unitText(r: Reading, unit: string | null | undefined, vcpus: number | null | undefined): string {
  switch (r.kind) {
    case 'percent':
      return unitKind(unit) === 'ns' ? `% of ${vcpus} vCPU${vcpus === 1 ? '' : 's'}` : '%';
    case 'cores':
      return 'vCPUs busy; the flavor does not say how many it has';
    case 'memory':
      return r.totalMb ? `of ${readingText({ ...r, totalMb: null }, r.totalMb)} RAM` : 'in use';
    case 'rate':
      return unitKind(unit) === 'B' ? 'B/s, from a byte counter' : 'B/s';
    case 'raw':
      return `unit "${r.unit}" unknown to the app: values as sent`;
  }
}

/** The scale of a chart: percentages 0–100, memory up to the RAM, the rest from 0 (raw values: their own range). */
function chartScale(r: Reading): { min?: number; max?: number } {
  if (r.kind === 'percent') return { min: 0, max: 100 };
  if (r.kind === 'memory') return r.totalMb ? { min: 0, max: r.totalMb } : { min: 0 };
  return r.kind === 'raw' ? {} : { min: 0 };
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
  // each series read once (a long one is 1,000,000 rows), its rows sorted by time
  const all = CHARTS.map((c) => {
    const series = p.metrics?.[c.key];
    return { ...c, series, pts: series ? seriesPoints(series) : [] };
  });
  const count = all.reduce((n, c) => n + c.pts.length, 0);
  if (count === 0) {
    lines.push(text(`no data in the last ${p.duration} (a VM reports while it runs)`, 'dim'));
    return lines;
  }
  const first = minOf(all.flatMap((c) => (c.pts.length ? [(c.pts[0] as MetricPoint).t] : [])));
  const last = maxOf(all.flatMap((c) => (c.pts.length ? [(c.pts.at(-1) as MetricPoint).t] : [])));
  const cpu = all[0]?.pts ?? [];
  const step =
    cpu.length > 1 ? ((cpu.at(-1) as MetricPoint).t - (cpu[0] as MetricPoint).t) / (cpu.length - 1) : 0;
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
    const reading = readPoints(c.pts, c.series.unit, p.flavor);
    const s = pointStats(reading.points);
    const say = (v: number | undefined) => readingText(reading, v);
    const stats = s ? `last ${say(s.last)}  min ${say(s.min)}  max ${say(s.max)}` : 'no values';
    const unit = unitText(reading, c.series.unit, p.flavor?.cpu);
    lines.push(text(`${c.title} (${unit})  ${stats}${reading.kind === 'percent' ? '  [0–100 %]' : ''}`));
    const values = reading.points.map((x) => x.v);
    for (const row of sparkRows(stretch(values, width), width, p.chartRows ?? 2, chartScale(reading)))
      lines.push(text(row));
  }
  return lines;
}
