/**
 * Whether a core looks free right now, for work on a second thread (compile-ahead.ts): on a machine whose cores are
 * all busy, a second thread only takes turns from the main one. Linux says how many threads are running this very
 * moment (/proc/loadavg's fourth field, "running/all", the asking thread included). The minute's load average is no
 * guide: a start is shorter than a second, and a run of starts (a bench) keeps it high on an idle machine.
 * Elsewhere, a second core is taken as free.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export function freeCore(read: (path: string) => string = (p) => readFileSync(p, 'latin1')): boolean {
  const cores = availableParallelism();
  if (cores < 2) return false;
  try {
    const running = Number(/^\S+ \S+ \S+ (\d+)\//.exec(read('/proc/loadavg'))?.[1]);
    return !(Number.isInteger(running) && running >= cores);
  } catch {
    return true; // not Linux
  }
}
