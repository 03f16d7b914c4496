/**
 * Where a warm start's time goes (`npm run bench start-steps`): the app's HYPERSTACK_TUI_TRACE milestones, per
 * step the median wall and CPU ms since the step before, over BENCH_RUNS warm starts (code cache saved first), with
 * `--demo` and against a service in its own process, beside Ink hello's first frame in the same rounds. CPU ms tell
 * on a busy machine, where wall ms mostly say how long the process waited for a core. With BENCH_PROF=DIR, one more
 * start per mode runs under `node --cpu-prof` into DIR: a trace line's last field (µs of the monotonic clock) lines
 * the marks up with the profile's samples (its `startTime` and `timeDeltas` are on the same clock).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHello, CLI, spawnPty } from './pty-run.js';
import { startSimProcess } from './sim-process.js';
import { HAS_DATA, marksOf, readIfAny, type StartMode, startOf } from './start-cost.js';
import { median } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PROF = process.env.BENCH_PROF;

export async function benchStartSteps(): Promise<string> {
  const hello = await buildHello();
  const sim = await startSimProcess([]);
  const home = mkdtempSync(join(tmpdir(), 'hs-bench-steps-'));
  const start = async (mode: StartMode, settle: boolean, node: string[] = []) => {
    const { args, env } = startOf(mode, sim);
    const trace = join(home, `trace-${mode}.txt`);
    rmSync(trace, { force: true });
    const traced = { ...env, XDG_CACHE_HOME: home, HYPERSTACK_TUI_TRACE: trace };
    const a = spawnPty(CLI, args, traced, 120, 40, node);
    const ms = await a.until(HAS_DATA);
    for (let waited = 0; !readIfAny(trace).includes(' rendered ') && waited < 10_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    // the code cache is written a second after the first frame: a start that primes it stays that long
    if (settle) await new Promise((r) => setTimeout(r, 2500));
    // Ctrl+C: a clean exit (a profile is written then)
    a.write('\x03');
    await a.exited();
    return { ms, marks: marksOf(readFileSync(trace, 'utf8')) };
  };
  const lines: string[] = [];
  try {
    const base: number[] = [];
    const steps = new Map<
      string,
      { data: number[]; wall: Map<string, number[]>; cpu: Map<string, number[]> }
    >();
    for (const mode of ['demo', 'service'] as StartMode[]) {
      await start(mode, true);
      await start(mode, true);
    }
    for (let i = 0; i < RUNS; i++) {
      const h = spawnPty(hello, []);
      base.push(await h.until((o) => o.includes('hello from ink')));
      await h.stop();
      for (const mode of ['demo', 'service'] as StartMode[]) {
        const { ms, marks } = await start(mode, false);
        const s = steps.get(mode) ?? { data: [] as number[], wall: new Map(), cpu: new Map() };
        steps.set(mode, s);
        s.data.push(ms);
        let prev = { ms: 0, cpuMs: 0 };
        for (const m of marks) {
          s.wall.set(m.label, [...(s.wall.get(m.label) ?? []), m.ms - prev.ms]);
          s.cpu.set(m.label, [...(s.cpu.get(m.label) ?? []), m.cpuMs - prev.cpuMs]);
          prev = m;
        }
      }
    }
    const b = median(base);
    lines.push(`warm starts, medians of ${RUNS}: Ink hello ${b.toFixed(0)} ms`);
    for (const [mode, s] of steps) {
      const d = median(s.data);
      const each = [...s.wall.keys()].map(
        (l) => `${l} +${median(s.wall.get(l) ?? []).toFixed(0)}/${median(s.cpu.get(l) ?? []).toFixed(0)}`,
      );
      lines.push(`  ${mode}: first frame with data ${d.toFixed(0)} ms (${(d / b).toFixed(2)}× hello)`);
      lines.push(`    steps (ms since the step before, wall/CPU): ${each.join(', ')}`);
    }
    if (PROF) {
      for (const mode of ['demo', 'service'] as StartMode[]) {
        await start(mode, false, ['--cpu-prof', '--cpu-prof-dir', PROF]);
        lines.push(`  ${mode}: a profile in ${PROF}, its trace ${join(home, `trace-${mode}.txt`)} (kept)`);
      }
    }
    return lines.join('\n');
  } finally {
    sim.stop();
    if (!PROF) rmSync(home, { recursive: true, force: true });
  }
}
