/**
 * What each test file costs in CPU time (`npm run test:cost`, scripts/test-cost.mjs): loaded as a setup file only
 * then. CPU time, not wall time, because the machine the suite runs on is shared: a file's wall time says how busy
 * the others were, its CPU time what it asks of the two cores. A worker runs one file at a time, so the worker's
 * CPU between a file's first and last hook is that file's, and the children it waited for (a bundle in a pty, a
 * shell) are counted from the kernel's cutime/cstime.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const out = process.env.TEST_COST;

/** CPU milliseconds of the waited-for children (Linux: /proc/self/stat's cutime + cstime, in clock ticks). */
function childrenMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

if (out) {
  // Measured from here: a setup file runs again before each test file is imported, so its imports are counted.
  const self = process.cpuUsage();
  const children = childrenMs();
  const wall = performance.now();
  afterAll(() => {
    const used = process.cpuUsage(self);
    const file = relative(process.cwd(), expect.getState().testPath ?? '?');
    const line = {
      file,
      cpuMs: Math.round((used.user + used.system) / 1000),
      childMs: childrenMs() - children,
      wallMs: Math.round(performance.now() - wall),
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
