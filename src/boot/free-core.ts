/**
 * Whether a core looks free right now, for work on a second thread (compile-ahead.ts): on a machine whose cores are
 * all busy, a second thread only takes turns from the main one. Linux says how many threads are running this very
 * moment (/proc/loadavg's fourth field, "running/all", the asking thread included); elsewhere the last minute's load
 * average stands in.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export function freeCore(read: (path: string) => string = (p) => readFileSync(p, 'latin1')): boolean {
  const cores = availableParallelism();
  try {
    const running = Number(/^\S+ \S+ \S+ (\d+)\//.exec(read('/proc/loadavg'))?.[1]);
    if (Number.isInteger(running) && running > 0) return running < cores;
  } catch {
    // not Linux
  }
  return (loadavg()[0] ?? 0) + 1 <= cores;
}
