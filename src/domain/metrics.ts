/**
 * A VM's metrics in real units (GET /core/virtual-machines/{id}/metrics). Each series names its unit, and the unit
 * alone says how its numbers read (the provider's reference page and real answers):
 * - "ns": cumulative CPU time of all the VM's vCPUs (a counter): CPU % = Δns ÷ (Δt × vCPUs × 10⁹) × 100;
 * - "MB": memory in use (a gauge), of the flavor's RAM (GB, counted as 1024 MB like every size the app shows);
 * - "B": cumulative bytes (a counter): network and disk as rates, B/s;
 * - "%" and "B/s": already a percentage or a rate;
 * - anything else: drawn as sent, with its unit's name, never as a percentage.
 * A counter that goes down was reset (the VM rebooted): that step is a gap, never a negative rate; so is a step
 * across missing rows (more than 2.5 times the series' usual spacing: the VM was off).
 * Pure: the VM detail draws these; the cost guard judges idleness with them.
 */
import { bytes, NONE } from './format.js';

/** One series as the service sends it: `columns` names the cells of each row, [time, granularity, value]. */
export interface MetricRows {
  unit?: string | null;
  columns?: readonly string[] | null;
  data: readonly (readonly (string | number | null)[])[];
}

/** The VM's size the readings are relative to: vCPUs and RAM in GB (the flavor's `cpu` and `ram`). */
export interface MetricFlavor {
  cpu?: number | null;
  ram?: number | null;
}

export interface MetricPoint {
  /** Milliseconds since the epoch. */
  t: number;
  /** null: a gap (no value, a reset, missing rows). */
  v: number | null;
}

/**
 * What a series means, by its unit. `percent`: 0–100 (CPU from ns needs the vCPUs); `cores`: CPU from ns without
 * a vCPU count (vCPUs busy); `memory`: MB in use, with the RAM when known; `rate`: bytes per second; `raw`: a unit
 * the app does not know, the values as sent.
 */
export type Reading =
  | { kind: 'percent'; points: MetricPoint[] }
  | { kind: 'cores'; points: MetricPoint[] }
  | { kind: 'memory'; points: MetricPoint[]; totalMb: number | null }
  | { kind: 'rate'; points: MetricPoint[] }
  | { kind: 'raw'; points: MetricPoint[]; unit: string };

type UnitKind = 'ns' | 'MB' | 'B' | '%' | 'B/s';

const UNITS: Record<string, UnitKind> = {
  ns: 'ns',
  nanoseconds: 'ns',
  MB: 'MB',
  megabytes: 'MB',
  B: 'B',
  bytes: 'B',
  '%': '%',
  percent: '%',
  'B/s': 'B/s',
  'bytes/s': 'B/s',
};

/** The unit as the app knows it, or undefined ("MB" and "B" are case-sensitive: "Mb" and "b" would be bits). */
export function unitKind(unit: string | null | undefined): UnitKind | undefined {
  const u = (unit ?? '').trim();
  return UNITS[u] ?? UNITS[u.toLowerCase()];
}

const toNumber = (x: unknown): number | null => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** The rows of a series by its `columns` (time and value found by name; [time, granularity, value] else), oldest first. */
export function seriesPoints(s: MetricRows): MetricPoint[] {
  const cols = s.columns ?? [];
  const ti = cols.indexOf('time') >= 0 ? cols.indexOf('time') : 0;
  const vi = cols.indexOf('value') >= 0 ? cols.indexOf('value') : Math.max(1, (s.data[0]?.length ?? 3) - 1);
  const out: MetricPoint[] = [];
  for (const row of s.data) {
    const t = Date.parse(String(row[ti] ?? ''));
    if (!Number.isNaN(t)) out.push({ t, v: toNumber(row[vi]) });
  }
  return out.sort((a, b) => a.t - b.t);
}

/** The usual time between rows (the median), 0 with fewer than three rows. */
function usualStep(points: readonly MetricPoint[]): number {
  if (points.length < 3) return 0;
  const steps = points.slice(1).map((p, i) => p.t - (points[i] as MetricPoint).t);
  return steps.sort((a, b) => a - b)[Math.floor(steps.length / 2)] as number;
}

/**
 * A counter as its rate per second between consecutive rows (placed at the later row), times `scale`. A counter
 * that goes down (a reset), a missing value or rows far apart (missing rows) give a gap (null).
 */
export function counterRate(points: readonly MetricPoint[], scale = 1): MetricPoint[] {
  const usual = usualStep(points);
  const out: MetricPoint[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as MetricPoint;
    const b = points[i] as MetricPoint;
    const ms = b.t - a.t;
    const ok = a.v !== null && b.v !== null && b.v >= a.v && ms > 0 && !(usual > 0 && ms > 2.5 * usual);
    out.push({ t: b.t, v: ok ? (((b.v as number) - (a.v as number)) / (ms / 1000)) * scale : null });
  }
  return out;
}

const positive = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;

/** One series read in real units, relative to the VM's flavor. */
export function readSeries(series: MetricRows, flavor: MetricFlavor | null | undefined): Reading {
  return readPoints(seriesPoints(series), series.unit, flavor);
}

/** Rows already read (`seriesPoints`) in real units, by the series' unit. */
export function readPoints(
  points: MetricPoint[],
  unit: string | null | undefined,
  flavor: MetricFlavor | null | undefined,
): Reading {
  const vcpus = positive(flavor?.cpu);
  const ramGb = positive(flavor?.ram);
  switch (unitKind(unit)) {
    case 'ns':
      // ns of CPU per second of time, per vCPU: 10⁹ is one vCPU fully busy
      return vcpus === null
        ? { kind: 'cores', points: counterRate(points, 1e-9) }
        : { kind: 'percent', points: counterRate(points, 100 / (vcpus * 1e9)) };
    case 'MB':
      return { kind: 'memory', points, totalMb: ramGb === null ? null : ramGb * 1024 };
    case 'B':
      return { kind: 'rate', points: counterRate(points) };
    case '%':
      return { kind: 'percent', points };
    case 'B/s':
      return { kind: 'rate', points };
    default:
      return { kind: 'raw', points, unit: (unit ?? '').trim() };
  }
}

/** Every series of a metrics answer, read (`cpu`, `memory.usages`, `network.in` … as the service names them). */
export function readVmMetrics(
  metrics: Readonly<Record<string, MetricRows>>,
  flavor: MetricFlavor | null | undefined,
): Record<string, Reading> {
  const out: Record<string, Reading> = {};
  for (const [key, series] of Object.entries(metrics)) out[key] = readSeries(series, flavor);
  return out;
}

export interface Stats {
  last: number;
  min: number;
  max: number;
  mean: number;
}

/** last, min, max and mean of the values (gaps skipped); undefined when there is none. */
export function pointStats(points: readonly MetricPoint[]): Stats | undefined {
  const vals = points.map((p) => p.v).filter((v): v is number => v !== null);
  if (vals.length === 0) return undefined;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of vals) {
    min = Math.min(min, v);
    max = Math.max(max, v);
    sum += v;
  }
  return { last: vals[vals.length - 1] as number, min, max, mean: sum / vals.length };
}

/** A value of a reading in words: "41.2 %", "1.50 vCPU", "21.3 GB (37 %)", "12.3 MB/s", "1041441320000000 unit". */
export function readingText(r: Reading, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return NONE;
  switch (r.kind) {
    case 'percent':
      return `${v.toFixed(1)} %`;
    case 'cores':
      return `${v.toFixed(2)} vCPU`;
    case 'memory':
      return `${bytes(v * MB)}${r.totalMb ? ` (${((v / r.totalMb) * 100).toFixed(0)} %)` : ''}`;
    case 'rate':
      return `${bytes(Math.round(v))}/s`;
    case 'raw':
      return `${Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100)} ${r.unit || '(no unit)'}`;
  }
}

const MB = 1024 * 1024;
