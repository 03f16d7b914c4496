/**
 * The times a VM ran: a run begins when it becomes ACTIVE (created, started, rebooted, restored, resized) and
 * ends when it stops running (stop, hibernate, a hard reboot or a resize: the guest is restarted). Each run's
 * counters start at 0, so a reboot is a counter reset in its metrics, as the real service's are.
 */
import type { Counters, VmRecord, VmRun, VmStatus } from './types.js';
import { noise } from './workload.js';

/** The states in which the guest runs (and reports metrics). */
const RUNNING: ReadonlySet<VmStatus> = new Set<VmStatus>(['ACTIVE', 'STOPPING', 'HIBERNATING']);
/** The service keeps 30 days of metrics (the longest duration it offers). */
export const RETENTION_MS = 30 * 86_400_000;
const KEEP = 4;

export const isRunning = (vm: Pick<VmRecord, 'status'>): boolean => RUNNING.has(vm.status);

const ZERO: Counters = { cpu: 0, netIn: 0, netOut: 0, diskRead: 0, diskWrite: 0 };

/**
 * A run from `from`. One that began before the retention (a seeded VM up for months) is counted from `now` minus
 * the retention, with counters as a VM of its size would have them by then (their values are not shown, only
 * their differences are: a stable made-up start costs no integration over months).
 */
export function newRun(vm: VmRecord, from: number, now: number, to: number | null = null): VmRun {
  const counted = Math.max(from, now - RETENTION_MS - 3_600_000);
  const s = (counted - from) / 1000;
  const n = noise(vm.id, 7, 92);
  const base =
    s === 0
      ? ZERO
      : {
          cpu: Math.round(s * vm.flavor.cpu * 1e9 * (0.05 + 0.3 * n)),
          netIn: Math.round(s * 2e5 * (0.5 + n)),
          netOut: Math.round(s * 1e5 * (0.5 + n)),
          diskRead: Math.round(s * 5e5 * (0.5 + n)),
          diskWrite: Math.round(s * 3e5 * (0.5 + n)),
        };
  return { from, to, vcpus: vm.flavor.cpu, ramGb: vm.flavor.ram, counted, base };
}

/** After a change at `at`: a VM that started running begins a run, one that stopped ends its run. */
export function noteRun(vm: VmRecord, at: number): void {
  const last = vm.runs.at(-1);
  const open = last !== undefined && last.to === null;
  if (isRunning(vm) && !open) {
    vm.runs.push(newRun(vm, at, at));
    if (vm.runs.length > KEEP) vm.runs.splice(0, vm.runs.length - KEEP);
  } else if (!isRunning(vm) && open) last.to = at;
}

/** The run during which `t` fell (an open run ends now). */
export function runAt(vm: VmRecord, t: number, now: number): VmRun | undefined {
  for (let i = vm.runs.length - 1; i >= 0; i--) {
    const r = vm.runs[i] as VmRun;
    if (t >= r.counted && t <= (r.to ?? now)) return r;
  }
  return undefined;
}
