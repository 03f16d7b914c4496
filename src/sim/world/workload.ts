/**
 * What a VM does, as its metrics show it: a per-VM schedule of workloads (`VmRecord.workload`), explicit and
 * deterministic, so a test can say "idle for the last 6 hours" (`setWorkload`) and read it back through the
 * metrics the service reports.
 * - `training`: jobs of a few hours with idle gaps between them. A job starts by reading its data set (disk read
 *   and network in high), computes (CPU high, memory climbing to a plateau), writes a checkpoint every half hour
 *   (disk write spikes) and uploads its results at the end (network out); between jobs the VM idles.
 * - `serving`: an inference server: steady CPU and memory, traffic both ways, following the time of day.
 * - `idle`: nothing runs: a fraction of a % of CPU, memory at its baseline, a trickle of traffic.
 * Rates are per second of time: `cpu` the share of the vCPUs busy (0–1), `memory` the share of the RAM in use,
 * the rest bytes per second.
 */
import type { VmRecord, WorkloadKind, WorkloadPhase } from './types.js';

export interface Rates {
  cpu: number;
  memory: number;
  netIn: number;
  netOut: number;
  diskRead: number;
  diskWrite: number;
}

const MIN = 60_000;
const HOUR = 3_600_000;

/** A value in [0, 1) from integers, stable across runs. */
export function noise(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35) ^ Math.imul(c + 1, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4_294_967_296;
}

/** Smooth noise in [0, 1): hashed knots every `knotMs`, cosine-interpolated, so a series wanders instead of jumping. */
function wander(id: number, t: number, k: number, knotMs: number): number {
  const i = Math.floor(t / knotMs);
  const f = (t - i * knotMs) / knotMs;
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return noise(id, i, k) * (1 - w) + noise(id, i + 1, k) * w;
}

/** The kind of work the VM does at `t`: the last phase that has begun (idle before the first). */
export function kindAt(schedule: readonly WorkloadPhase[], t: number): WorkloadKind {
  let kind: WorkloadKind = 'idle';
  for (const p of schedule) if (p.from <= t) kind = p.kind;
  return kind;
}

/** From `from` on, the VM does `kind` (a later phase of the schedule is dropped: this one replaces it). */
export function setWorkload(vm: VmRecord, kind: WorkloadKind, from: number): void {
  vm.workload = [...vm.workload.filter((p) => p.from < from), { from, kind }];
}

function idle(id: number, t: number, out: Rates): void {
  out.cpu = 0.003 + 0.012 * wander(id, t, 10, 10 * MIN);
  out.memory = 0.06 + 0.04 * noise(id, 4, 90) + 0.01 * wander(id, t, 20, 30 * MIN);
  out.netIn = 800 + 4_000 * wander(id, t, 30, 10 * MIN);
  out.netOut = 600 + 2_500 * wander(id, t, 40, 10 * MIN);
  out.diskRead = 200 * wander(id, t, 50, 10 * MIN);
  out.diskWrite = 4_000 + 12_000 * wander(id, t, 60, 10 * MIN);
}

function serving(id: number, t: number, out: Rates): void {
  // busier by day (UTC) than by night
  const day = 0.5 - 0.5 * Math.cos(((t % (24 * HOUR)) / (24 * HOUR)) * 2 * Math.PI);
  const load = 0.4 + 0.6 * day * (0.85 + 0.15 * wander(id, t, 11, 15 * MIN));
  out.cpu = 0.05 + 0.4 * load;
  out.memory = 0.45 + 0.1 * noise(id, 4, 90) + 0.02 * wander(id, t, 21, 30 * MIN);
  out.netIn = 300_000 + 4_000_000 * load;
  out.netOut = 900_000 + 14_000_000 * load;
  out.diskRead = 20_000 + 200_000 * wander(id, t, 51, 10 * MIN);
  out.diskWrite = 60_000 + 400_000 * load;
}

function training(id: number, t: number, out: Rates): void {
  const periodMs = Math.round((3 + 5 * noise(id, 1, 90)) * HOUR);
  const jobMs = Math.round(periodMs * (0.55 + 0.3 * noise(id, 2, 90)));
  const offset = Math.floor(noise(id, 3, 90) * periodMs);
  const cycle = Math.floor((t + offset) / periodMs);
  const at = t + offset - cycle * periodMs;
  if (at >= jobMs) {
    // between jobs: a little more than idle (the next job is being prepared)
    idle(id, t, out);
    out.cpu = 0.02 + 0.05 * wander(id, t, 10, 10 * MIN);
    return;
  }
  const toEnd = jobMs - at;
  // every job is a little different
  const intensity = 0.75 + 0.25 * noise(id, cycle, 91);
  const jitter = wander(id, t, 11, 5 * MIN);
  const ramp = Math.min(1, at / (15 * MIN));
  out.cpu = Math.min(0.995, (0.2 + 0.7 * ramp * intensity) * (0.92 + 0.08 * jitter));
  const base = 0.14 + 0.08 * noise(id, 4, 90);
  out.memory = Math.min(0.97, base + (0.55 + 0.2 * intensity) * (1 - Math.exp(-at / (25 * MIN))));
  out.netIn = 400_000 + 95_000_000 * intensity * Math.exp(-at / (12 * MIN)) + 2_000_000 * jitter;
  out.netOut = 150_000 + (toEnd < 10 * MIN ? 45_000_000 * intensity : 0) + 500_000 * jitter;
  out.diskRead = 2_000_000 + 380_000_000 * intensity * Math.exp(-at / (8 * MIN)) + 6_000_000 * jitter;
  const writing = at >= 30 * MIN && at % (30 * MIN) < 3 * MIN;
  out.diskWrite = 500_000 + (writing ? 220_000_000 * intensity : 0) + 1_500_000 * jitter;
}

const PROFILES: Record<WorkloadKind, (id: number, t: number, out: Rates) => void> = {
  idle,
  serving,
  training,
};

/** The VM's rates at `t`, by the workload of its schedule then (written into `out`). */
export function ratesAt(vm: Pick<VmRecord, 'id' | 'workload'>, t: number, out: Rates): Rates {
  PROFILES[kindAt(vm.workload, t)](vm.id, t, out);
  return out;
}

export const newRates = (): Rates => ({ cpu: 0, memory: 0, netIn: 0, netOut: 0, diskRead: 0, diskWrite: 0 });
