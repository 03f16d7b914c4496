/**
 * Performance metrics of a VM as the real service sends them (the provider's reference page and real answers):
 * every series `[time, granularity, value]` rows with its unit: `cpu` in "ns" (the CPU time of all vCPUs since the
 * VM booted, a counter), `memory.usages` in "MB" (in use, a gauge), `network.in`/`network.out`/`disk.read`/
 * `disk.write` in "B" (bytes since boot, counters). The values follow the VM's workload (workload.ts) while it
 * runs (vm-runs.ts: no rows while it is off, counters from 0 after each boot). Same VM and time, same numbers.
 */
import { METRIC_DURATIONS, METRIC_HOURS, type MetricDuration } from '../../domain/metric-durations.js';
import { invalid } from './errors.js';
import type { Counters, VmRecord, VmRun, WorkloadPhase } from './types.js';
import { RETENTION_MS, runAt } from './vm-runs.js';
import { newRates, type Rates, ratesAt } from './workload.js';

// the spans the service offers: one table for the app and the simulator
type Duration = MetricDuration;

/** No duration: every point kept (the reference page: "all recorded performance metrics are returned"). */
export function parseDuration(v: string | null): Duration | 'all' {
  if (v === null) return 'all';
  if (v in METRIC_HOURS) return v as Duration;
  throw invalid(`duration must be one of ${METRIC_DURATIONS.join(', ')}.`);
}

export interface MetricSeries {
  columns: string[];
  unit: string;
  data: [string, number, number][];
}

const MIN = 60_000;
const HOUR = 3_600_000;
/** The finest granularity kept: 300 s (the reference page's example). */
const CELL = 5 * MIN;

/** The counter behind each series the service names (the gauge `memory.usages` aside). */
const COUNTER_SERIES: readonly [string, keyof Counters][] = [
  ['cpu', 'cpu'],
  ['network.in', 'netIn'],
  ['network.out', 'netOut'],
  ['disk.read', 'diskRead'],
  ['disk.write', 'diskWrite'],
];

/** Adds what the counters grew by from `a` to `b` (each 5-minute cell at the rates of its middle) to `acc`. */
function integrate(vm: VmRecord, run: VmRun, a: number, b: number, acc: Counters, r: Rates): void {
  for (let c = Math.floor(a / CELL) * CELL; c < b; c += CELL) {
    const s = (Math.min(b, c + CELL) - Math.max(a, c)) / 1000;
    if (s <= 0) continue;
    ratesAt(vm, c + CELL / 2, r);
    acc.cpu += r.cpu * run.vcpus * 1e9 * s;
    acc.netIn += r.netIn * s;
    acc.netOut += r.netOut * s;
    acc.diskRead += r.diskRead * s;
    acc.diskWrite += r.diskWrite * s;
  }
}

/** The counters at each whole hour of a run (from `start`), for the workload they were summed under. */
interface HourSums {
  workload: readonly WorkloadPhase[];
  start: number;
  hours: Counters[];
}
const sums = new WeakMap<VmRun, HourSums>();

/** The run's counters at `t`: from its last whole hour (kept), plus the cells since. */
function countersAt(vm: VmRecord, run: VmRun, t: number, r: Rates): Counters {
  let s = sums.get(run);
  if (!s || s.workload !== vm.workload) {
    s = { workload: vm.workload, start: Math.ceil(run.counted / HOUR) * HOUR, hours: [] };
    sums.set(run, s);
  }
  if (t < s.start) {
    const acc = { ...run.base };
    integrate(vm, run, run.counted, t, acc, r);
    return acc;
  }
  const i = Math.floor((t - s.start) / HOUR);
  if (s.hours.length === 0) {
    const first = { ...run.base };
    integrate(vm, run, run.counted, s.start, first, r);
    s.hours.push(first);
  }
  while (s.hours.length <= i) {
    const next = { ...(s.hours.at(-1) as Counters) };
    const from = s.start + (s.hours.length - 1) * HOUR;
    integrate(vm, run, from, from + HOUR, next, r);
    s.hours.push(next);
  }
  const acc = { ...(s.hours[i] as Counters) };
  integrate(vm, run, s.start + i * HOUR, t, acc, r);
  return acc;
}

/** Memory in use over the step before `t` (MB): the mean of up to 12 samples within the run. */
function memoryMb(vm: VmRecord, run: VmRun, t: number, stepMs: number, r: Rates): number {
  const n = Math.min(12, Math.max(1, Math.round(stepMs / CELL)));
  let sum = 0;
  for (let i = 0; i < n; i++) sum += ratesAt(vm, Math.max(run.from, t - ((i + 0.5) * stepMs) / n), r).memory;
  return (sum / n) * run.ramGb * 1024;
}

/**
 * How far back the rows go: the duration, or with none, to the oldest point kept (the VM's first run within the
 * retention). The reference page says only that all recorded metrics are returned, not at what granularity: the
 * simulator sends them as any duration's, about 60 rows.
 */
function spanOf(vm: VmRecord, duration: Duration | 'all', now: number): number {
  if (duration !== 'all') return METRIC_HOURS[duration] * HOUR;
  const oldest = vm.runs[0]?.counted ?? now;
  return Math.min(RETENTION_MS, Math.max(CELL, now - oldest));
}

/** About 60 rows over the duration (at 5-minute granularity at least), only while the VM ran. */
export function vmMetrics(
  vm: VmRecord,
  duration: Duration | 'all',
  now: number,
): Record<string, MetricSeries> {
  const spanMs = spanOf(vm, duration, now);
  const stepMs = Math.max(CELL, Math.round(spanMs / 60 / CELL) * CELL);
  const end = Math.floor(now / stepMs) * stepMs;
  const first = end - (Math.ceil(spanMs / stepMs) - 1) * stepMs;
  const rows = (): [string, number, number][] => [];
  const out = {
    cpu: rows(),
    'memory.usages': rows(),
    'network.in': rows(),
    'network.out': rows(),
    'disk.read': rows(),
    'disk.write': rows(),
  };
  const r = newRates();
  for (let t = first; t <= end; t += stepMs) {
    const run = runAt(vm, t, now);
    if (!run || t < run.from) continue;
    const time = new Date(t).toISOString();
    const g = stepMs / 1000;
    const c = countersAt(vm, run, t, r);
    for (const [name, key] of COUNTER_SERIES) out[name as 'cpu'].push([time, g, Math.round(c[key])]);
    out['memory.usages'].push([time, g, Math.round(memoryMb(vm, run, t, stepMs, r))]);
  }
  const series = (unit: string, data: [string, number, number][]): MetricSeries => ({
    columns: ['time', 'granularity', 'value'],
    unit,
    data,
  });
  return {
    cpu: series('ns', out.cpu),
    'memory.usages': series('MB', out['memory.usages']),
    'network.in': series('B', out['network.in']),
    'network.out': series('B', out['network.out']),
    'disk.read': series('B', out['disk.read']),
    'disk.write': series('B', out['disk.write']),
  };
}
