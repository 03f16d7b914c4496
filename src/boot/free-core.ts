/**
 * Whether a core looks free, for work on a second thread (compile-ahead.ts): on a machine whose cores are all busy,
 * a second thread only takes turns from the main one. Free when the last minute's load average leaves a core idle
 * and, on Linux, fewer threads than cores are running this very moment (/proc/loadavg's fourth field,
 * "running/all", the asking thread included).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export function freeCore(
  read: (path: string) => string = (p) => readFileSync(p, 'latin1'),
  load: number = loadavg()[0] ?? 0,
): boolean {
  const cores = availableParallelism();
  if (load > cores - 1) return false;
  try {
    const running = Number(/^\S+ \S+ \S+ (\d+)\//.exec(read('/proc/loadavg'))?.[1]);
    return !(Number.isInteger(running) && running >= cores);
  } catch {
    return true; // not Linux: the load average alone
  }
}
