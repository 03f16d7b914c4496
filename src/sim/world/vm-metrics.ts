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

const SERIES = [
  ['cpu', '%', 100],
  ['memory.usages', '%', 100],
  ['network.in', 'bytes/s', 50_000_000],
  ['network.out', 'bytes/s', 20_000_000],
  ['disk.read', 'bytes/s', 200_000_000],
  ['disk.write', 'bytes/s', 150_000_000],
] as const;

export interface MetricSeries {
  columns: string[];
  unit: string;
  data: [string, number, number][];
}

/** About 60 points over the duration (fewer for a young VM), zeros while the VM is not running. */
export function vmMetrics(vm: VmRecord, duration: Duration, now: number): Record<string, MetricSeries> {
  const spanMs = DURATIONS[duration] * 3_600_000;
  const stepMs = Math.max(60_000, Math.round(spanMs / 60 / 60_000) * 60_000);
  const end = Math.floor(now / stepMs) * stepMs;
  const start = Math.max(end - spanMs + stepMs, Math.ceil(vm.createdAt / stepMs) * stepMs);
  const running = RUNNING.has(vm.status);
  const out: Record<string, MetricSeries> = {};
  SERIES.forEach(([name, unit, scale], k) => {
    const data: [string, number, number][] = [];
    const base = 0.2 + 0.6 * noise(vm.id, 0, k);
    for (let t = start; t <= end; t += stepMs) {
      const v = running ? Math.min(1, base * (0.7 + 0.6 * noise(vm.id, Math.floor(t / 60_000), k))) : 0;
      data.push([new Date(t).toISOString(), stepMs / 1000, Math.round(v * scale * 100) / 100]);
    }
    out[name] = { columns: ['time', 'granularity', 'value'], unit, data };
  });
  return out;
}
