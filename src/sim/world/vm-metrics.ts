/** Performance metrics of a VM: deterministic, plausible series (same VM and time → same numbers). */
import { invalid } from './errors.js';
import type { VmRecord, VmStatus } from './types.js';

export const DURATIONS = {
  '1h': 1,
  '2h': 2,
  '4h': 4,
  '6h': 6,
  '12h': 12,
  '1d': 24,
  '3d': 72,
  '7d': 168,
  '15d': 360,
  '30d': 720,
} as const;
export type Duration = keyof typeof DURATIONS;

export function parseDuration(v: string | null): Duration {
  if (v === null) return '1h';
  if (v in DURATIONS) return v as Duration;
  throw invalid(`duration must be one of ${Object.keys(DURATIONS).join(', ')}.`);
}

const RUNNING: ReadonlySet<VmStatus> = new Set<VmStatus>(['ACTIVE', 'STOPPING', 'REBOOTING', 'HIBERNATING']);

/** A value in [0, 1) from integers, stable across runs. */
function noise(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35) ^ Math.imul(c + 1, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4_294_967_296;
}

/** The series the service reports (no GPU utilisation among them), with their units. */
const SERIES = [
  ['cpu', '%'],
  ['memory.usages', '%'],
  ['network.in', 'bytes/s'],
  ['network.out', 'bytes/s'],
  ['disk.read', 'bytes/s'],
  ['disk.write', 'bytes/s'],
] as const;
type SeriesName = (typeof SERIES)[number][0];

export interface MetricSeries {
  columns: string[];
  unit: string;
  data: [string, number, number][];
}

const MIN = 60_000;
const HOUR = 3_600_000;

/** Smooth noise in [0, 1): hashed knots every `knotMs`, cosine-interpolated, so a series wanders instead of jumping. */
function wander(id: number, t: number, k: number, knotMs: number): number {
  const i = Math.floor(t / knotMs);
  const f = (t - i * knotMs) / knotMs;
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return noise(id, i, k) * (1 - w) + noise(id, i + 1, k) * w;
}

/**
 * A training workload, as a GPU VM runs one: jobs of a few hours with idle gaps between them. A job starts by
 * reading its data set (disk read and network in high), computes (CPU high, memory climbing to a plateau),
 * writes a checkpoint every half hour (disk write spikes) and uploads its results at the end (network out).
 * Between jobs the VM idles: a few % CPU, memory at its baseline, a trickle of traffic.
 */
export function workload(id: number, t: number, name: SeriesName): number {
  const periodMs = Math.round((3 + 5 * noise(id, 1, 90)) * HOUR);
  const jobMs = Math.round(periodMs * (0.55 + 0.3 * noise(id, 2, 90)));
  const offset = Math.floor(noise(id, 3, 90) * periodMs);
  const cycle = Math.floor((t + offset) / periodMs);
  const at = t + offset - cycle * periodMs;
  const inJob = at < jobMs;
  const sinceStart = at;
  const toEnd = jobMs - at;
  // every job is a little different
  const intensity = 0.75 + 0.25 * noise(id, cycle, 91);
  const jitter = (k: number, knot = 10 * MIN) => wander(id, t, k, knot);
  switch (name) {
    case 'cpu': {
      if (!inJob) return 2 + 5 * jitter(10);
      const ramp = Math.min(1, sinceStart / (15 * MIN));
      return Math.min(99.5, (20 + 70 * ramp * intensity) * (0.92 + 0.08 * jitter(11, 5 * MIN)));
    }
    case 'memory.usages': {
      const base = 14 + 8 * noise(id, 4, 90);
      if (!inJob) return base + 2 * jitter(20, 30 * MIN);
      const fill = 1 - Math.exp(-sinceStart / (25 * MIN));
      return Math.min(97, base + (55 + 20 * intensity) * fill + 2 * jitter(21, 20 * MIN));
    }
    case 'network.in': {
      if (!inJob) return 20_000 + 60_000 * jitter(30);
      const loading = Math.exp(-sinceStart / (12 * MIN));
      return 400_000 + 95_000_000 * intensity * loading + 2_000_000 * jitter(31, 5 * MIN);
    }
    case 'network.out': {
      if (!inJob) return 15_000 + 40_000 * jitter(40);
      const upload = toEnd < 10 * MIN ? 1 : 0;
      return 150_000 + 45_000_000 * intensity * upload + 500_000 * jitter(41, 5 * MIN);
    }
    case 'disk.read': {
      if (!inJob) return 5_000 + 50_000 * jitter(50);
      const loading = Math.exp(-sinceStart / (8 * MIN));
      return 2_000_000 + 380_000_000 * intensity * loading + 6_000_000 * jitter(51, 5 * MIN);
    }
    case 'disk.write': {
      if (!inJob) return 10_000 + 80_000 * jitter(60);
      const intoCheckpoint = sinceStart % (30 * MIN);
      const writing = sinceStart >= 30 * MIN && intoCheckpoint < 3 * MIN ? 1 : 0;
      return 500_000 + 220_000_000 * intensity * writing + 1_500_000 * jitter(61, 5 * MIN);
    }
  }
}

/** The mean of the workload over one step (sampled each minute, at most 12 samples), as a monitor reports it. */
function stepMean(id: number, from: number, stepMs: number, name: SeriesName): number {
  const n = Math.min(12, Math.max(1, Math.round(stepMs / MIN)));
  let sum = 0;
  for (let i = 0; i < n; i++) sum += workload(id, from + Math.floor((i * stepMs) / n), name);
  return sum / n;
}

/** About 60 points over the duration (fewer for a young VM), zeros while the VM is not running. */
export function vmMetrics(vm: VmRecord, duration: Duration, now: number): Record<string, MetricSeries> {
  const spanMs = DURATIONS[duration] * HOUR;
  const stepMs = Math.max(MIN, Math.round(spanMs / 60 / MIN) * MIN);
  const end = Math.floor(now / stepMs) * stepMs;
  const start = Math.max(end - spanMs + stepMs, Math.ceil(vm.createdAt / stepMs) * stepMs);
  const running = RUNNING.has(vm.status);
  const out: Record<string, MetricSeries> = {};
  for (const [name, unit] of SERIES) {
    const data: [string, number, number][] = [];
    for (let t = start; t <= end; t += stepMs) {
      const v = running ? stepMean(vm.id, t, stepMs, name) : 0;
      data.push([new Date(t).toISOString(), stepMs / 1000, Math.round(v * 100) / 100]);
    }
    out[name] = { columns: ['time', 'granularity', 'value'], unit, data };
  }
  return out;
}
