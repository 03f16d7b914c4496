/**
 * Is a running VM idle? Judged from its metrics in real units (metrics.ts): CPU as a share of its vCPUs and network
 * as bytes a second, in and out together. The service reports no GPU utilisation, so "idle" means CPU and network:
 * a VM whose GPUs compute while its CPUs and network rest would read as idle (say so wherever the verdict shows).
 * Idle means every reading of the last `hours` is below both thresholds; a gap (the VM was off, its counters were
 * reset) ends the run: idleness is never assumed across what the metrics do not show. Pure.
 */
import { METRIC_DURATIONS, METRIC_HOURS, type MetricDuration } from './metric-durations.js';
import { type MetricFlavor, type MetricPoint, type MetricRows, readSeries } from './metrics.js';

import { DEFAULT_WASTE, type IdleSettings } from './waste-settings.js';

export type Idleness =
  /** Below both thresholds since `since`, for at least the hours asked; the highest readings of that run. */
  | { kind: 'idle'; since: number; cpuMax: number; netMax: number }
  /** Above one of them at `at` (the latest such reading). */
  | { kind: 'busy'; at: number; cpu: number; net: number }
  /** Not enough to say (too short a history, no CPU or network series, a unit the app cannot read). */
  | { kind: 'unknown'; why: string };

/**
 * The shortest span of metrics the service offers that is longer than `hours`: a span's rows begin a step after
 * its start, so one of exactly `hours` falls short of them.
 */
export function durationFor(hours: number): MetricDuration {
  return METRIC_DURATIONS.find((d) => METRIC_HOURS[d] > hours) ?? '30d';
}

/** Sums the points of several rate series at the same times (a time missing from one is a gap). */
function sumAt(series: readonly MetricPoint[][]): Map<number, number | null> {
  const out = new Map<number, number | null>();
  const [first, ...rest] = series;
  for (const p of first ?? []) out.set(p.t, p.v);
  for (const s of rest) {
    const byT = new Map(s.map((p) => [p.t, p.v]));
    for (const [t, v] of out) {
      const w = byT.get(t);
      out.set(t, v === null || w === undefined || w === null ? null : v + w);
    }
  }
  return out;
}

/**
 * The verdict on a VM from its metrics (`now`: the time they were read). CPU needs the flavor's vCPUs (a share of
 * them); network is `network.in` + `network.out`.
 */
export function judgeIdle(
  metrics: Readonly<Record<string, MetricRows>>,
  flavor: MetricFlavor | null | undefined,
  now: number,
  s: IdleSettings = DEFAULT_WASTE,
): Idleness {
  const cpuRows = metrics.cpu;
  if (!cpuRows) return { kind: 'unknown', why: 'no CPU series' };
  const cpu = readSeries(cpuRows, flavor);
  if (cpu.kind !== 'percent') return { kind: 'unknown', why: 'CPU not readable as a share of its vCPUs' };
  const nets = ['network.in', 'network.out'].map((k) =>
    metrics[k] ? readSeries(metrics[k], flavor) : undefined,
  );
  if (nets.some((r) => r?.kind !== 'rate')) return { kind: 'unknown', why: 'no network series in bytes' };
  const net = sumAt(nets.map((r) => r?.points ?? []));
  const points = cpu.points.filter((p) => p.t <= now);
  let since: number | undefined;
  let busy: Idleness | undefined;
  let cpuMax = 0;
  let netMax = 0;
  // from the latest reading back, while it stays quiet: the run ends at a busy reading or a gap
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i] as MetricPoint;
    const n = net.get(p.t);
    if (p.v === null || n === null || n === undefined) break;
    if (p.v >= s.cpuPercent || n >= s.networkBytesPerSecond) {
      busy = { kind: 'busy', at: p.t, cpu: p.v, net: n };
      break;
    }
    // a rate point covers the step before it: the run began a step earlier
    const step = i > 0 ? p.t - (points[i - 1] as MetricPoint).t : (points[1]?.t ?? p.t) - p.t;
    since = p.t - step;
    cpuMax = Math.max(cpuMax, p.v);
    netMax = Math.max(netMax, n);
  }
  if (since !== undefined && now - since >= s.hours * 3_600_000)
    return { kind: 'idle', since, cpuMax, netMax };
  if (busy) return busy;
  if (since === undefined) return { kind: 'unknown', why: 'no readings' };
  return { kind: 'unknown', why: `quiet for ${hoursText(now - since)} only (${s.hours} h asked)` };
}

const hoursText = (ms: number) => `${Math.round((ms / 3_600_000) * 10) / 10} h`;
