import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BeforeBuild, buildBefore } from './before-build.js';
import { compareTable, type Samples, type Timed } from './first-frame-table.js';
import { buildHello, CLI, spawnPty } from './pty-run.js';
import { cpuMsExact, type SimProcess, startSimProcess } from './sim-process.js';
import {
  budgetEntryOf,
  cacheWhole,
  describePieces,
  HAS_DATA,
  kb,
  measureStart,
  readBudget,
  readIfAny,
  readPieces,
  type StartMode,
  startOf,
  totalBytes,
  tracedStart,
} from './start-cost.js';
import { median, report } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
// The app's first frame: its header, whose tabs name the screens (src/app/Starting.tsx draws it before the data).
const HAS_FRAME = (out: string) => out.includes('1 stock');
// The VMs table's cursor on its second row, after one `j`.
const MOVED = (out: string) => /\b2\/\d+/.test(out);
// The Stock screen with data (key 1).
const STOCK = (out: string) => out.includes('GPU MODEL') && out.includes('in stock');
const NO_CACHE = { HYPERSTACK_TUI_CODE_CACHE: '0' };

/** One build of the app (dist/cli.js, or another given with --against), with a code cache of its own. */
function starter(cli: string, sim: SimProcess) {
  const cacheHome = mkdtempSync(join(tmpdir(), 'hs-bench-cache-'));
  type Start = { args: string[]; env: Record<string, string> };
  const demo = startOf('demo');
  const service = startOf('service', sim);
  for (const s of [demo, service]) s.env = { ...s.env, XDG_CACHE_HOME: cacheHome };
  const start = async (s: Start, extra: Record<string, string> = {}) => {
    const a = spawnPty(cli, s.args, { ...s.env, ...extra });
    const frame = await a.until(HAS_FRAME);
    const data = await a.until(HAS_DATA);
    return { a, frame, data, cpu: cpuMsExact(a.pid) };
  };
  /** Ms from sending `key` (at the first frame with data) to `done` holding for what came after. */
  const afterKey = async (key: string, done: (out: string) => boolean) => {
    const { a } = await start(demo);
    const before = a.output().length;
    const sent = performance.now();
    a.write(key);
    await a.until((o) => done(o.slice(before)));
    const ms = performance.now() - sent;
    await a.stop();
    return ms;
  };
  const samples: Samples = {
    warmDemo: [],
    warmService: [],
    coldDemo: [],
    coldDemoFrame: [],
    coldService: [],
    coldServiceFrame: [],
    firstKey: [],
    secondScreen: [],
    cpu: { warmDemo: [], warmService: [], coldDemo: [], coldService: [] },
  };
  return {
    samples,
    /** Starts until the code cache holds all it compiled (what loads after the frame too), as a session does. */
    async prime() {
      const trace = join(cacheHome, 'prime-trace.txt');
      for (const s of [demo, service]) {
        rmSync(trace, { force: true });
        const { a } = await start(s, { HYPERSTACK_TUI_TRACE: trace });
        // A start from a cache that held all it needed compiles nothing new, so saves nothing (a save comes a
        // second after a new piece): 2.5 s after 'preloaded' (an older build: after 2.5 s) with no save, none is due.
        let doneAt: number | undefined;
        for (let waited = 0; ; waited += 50) {
          const t = readIfAny(trace);
          if (t.includes(' preloaded ') || waited >= 2500) doneAt ??= waited;
          if (cacheWhole(t, waited >= 2500)) break;
          if (doneAt !== undefined && t.includes(' code-cache-used ') && waited - doneAt >= 2500) break;
          if (waited > 30_000) throw new Error('the app never saved all it compiled in its code cache');
          await new Promise((r) => setTimeout(r, 50));
        }
        await a.stop();
      }
    },
    async round() {
      const take = async (s: Start, extra: Record<string, string> = {}) => {
        const r = await start(s, extra);
        await r.a.stop();
        return r;
      };
      const cd = await take(demo, NO_CACHE);
      samples.coldDemo.push(cd.data);
      samples.coldDemoFrame.push(cd.frame);
      samples.cpu.coldDemo.push(cd.cpu);
      const cs = await take(service, NO_CACHE);
      samples.coldService.push(cs.data);
      samples.coldServiceFrame.push(cs.frame);
      samples.cpu.coldService.push(cs.cpu);
      const wd = await take(demo);
      samples.warmDemo.push(wd.data);
      samples.cpu.warmDemo.push(wd.cpu);
      const ws = await take(service);
      samples.warmService.push(ws.data);
      samples.cpu.warmService.push(ws.cpu);
      samples.firstKey.push(await afterKey('j', MOVED));
      samples.secondScreen.push(await afterKey('1', STOCK));
    },
    dispose: () => rmSync(cacheHome, { recursive: true, force: true }),
  };
}

/**
 * Time to the first frame WITH DATA versus a bundled Ink "hello" render, both as a user meets them: "warm" is every
 * start after the first (V8's code cache saved, see src/boot.ts), "first start" the very first one (no code cache),
 * each with `--demo` (the simulator starts and seeds in the app's process) and against a service (the simulator in a
 * process of its own, as a real account). Then what a user pays right after: the first keypress, and the first
 * frame of a second screen. Runs alternate with the baseline so machine noise hits both alike. With
 * `--before REF` (a git commit, built beside this one) or `--against OTHER/cli.js`, another build is timed in the
 * same rounds, and the figures of both are one before/after table.
 */
export async function benchFirstFrame(): Promise<string> {
  const before = beforeBuild();
  const hello = await buildHello();
  const sim = await startSimProcess([]);
  const builds = [CLI, ...(before ? [before.cli] : [])];
  const starters = builds.map((cli) => starter(cli, sim));
  const base: number[] = [];
  const baseCpu: number[] = [];
  const load = [loadavg()[0] as number];
  const helloMs = async () => {
    const h = spawnPty(hello, []);
    const ms = await h.until((o) => o.includes('hello from ink'));
    baseCpu.push(cpuMsExact(h.pid));
    await h.stop();
    return ms;
  };
  try {
    for (const s of starters) await s.prime();
    for (let i = 0; i < RUNS; i++) {
      for (const s of starters) {
        base.push(await helloMs());
        await s.round();
      }
    }
    load.push(loadavg()[0] as number);
    const b = median(base);
    const after = starters[0] as ReturnType<typeof starter>;
    const lines = figures(after.samples, b);
    lines.push(await startBytes(sim));
    if (before) {
      const timed = async (cli: string, label: string, samples: Samples): Promise<Timed> => ({
        label,
        samples,
        bytes: { demo: await bytesOf(cli, 'demo', sim), service: await bytesOf(cli, 'service', sim) },
      });
      const was = await timed(before.cli, before.label, (starters[1] as typeof after).samples);
      const now = await timed(CLI, 'this build', after.samples);
      const helloCpu = median(baseCpu);
      lines.unshift(
        compareTable(was, now, { hello: b, helloCpu, rounds: RUNS, load }),
        '',
        'this build in detail:',
      );
    }
    return lines.join('\n');
  } finally {
    for (const s of starters) s.dispose();
    before?.dispose();
    sim.stop();
  }
}

/** The build to compare with: `--before REF` builds a commit, `--against PATH` takes a build as it is. */
function beforeBuild(): BeforeBuild | undefined {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const ref = arg('--before');
  if (ref) return buildBefore(ref);
  const cli = arg('--against');
  return cli ? { cli, label: cli, dispose: () => {} } : undefined;
}

async function bytesOf(cli: string, mode: StartMode, sim: SimProcess): Promise<number> {
  const { args, env } = startOf(mode, sim);
  return totalBytes(await measureStart(args, env, cli));
}

function figures(s: Samples, hello: number): string[] {
  const line = (name: string, xs: number[], target: number | undefined, what: string) => {
    const m = median(xs);
    return report(
      name,
      m / hello,
      target,
      `medians of ${xs.length}: ${m.toFixed(0)} ms, hello ${hello.toFixed(0)} ms; ${what}`,
    );
  };
  return [
    line(
      'first frame with data, warm (code cache), --demo, vs Ink hello',
      s.warmDemo,
      1.1,
      'simulator start, seed and requests included',
    ),
    line(
      'first frame with data, warm, against a service (own process), vs Ink hello',
      s.warmService,
      1.1,
      'the app alone',
    ),
    line(
      'first frame with data, first start (no code cache), --demo, vs Ink hello',
      s.coldDemo,
      1.3,
      `its header at ${median(s.coldDemoFrame).toFixed(0)} ms`,
    ),
    line(
      'first frame with data, first start, against a service, vs Ink hello',
      s.coldService,
      1.3,
      `its header at ${median(s.coldServiceFrame).toFixed(0)} ms (the first npx run)`,
    ),
    line(
      'first keypress (j the moment the frame is out) to its frame, vs Ink hello',
      s.firstKey,
      undefined,
      'warm --demo',
    ),
    line(
      'second screen (1 the moment the frame is out) to its data, vs Ink hello',
      s.secondScreen,
      undefined,
      'warm --demo, Stock',
    ),
  ];
}

/** What a start compiles before its first frame with data, against its budget (test/e2e/start-budget.test.ts). */
async function startBytes(sim: SimProcess): Promise<string> {
  const contents = readPieces();
  const budget = readBudget();
  const out: string[] = [];
  for (const mode of ['demo', 'service'] as StartMode[]) {
    const { args, env } = startOf(mode, sim);
    const { pieces, marks, handedOver } = await tracedStart(args, env);
    const { bytes } = budgetEntryOf(pieces, contents);
    // where a first start's time goes: each step's wall and CPU ms since the one before (one traced start)
    let prev = { ms: 0, cpuMs: 0 };
    const steps = marks.map((m) => {
      const step = `${m.label} +${(m.ms - prev.ms).toFixed(0)}/${(m.cpuMs - prev.cpuMs).toFixed(0)}`;
      prev = m;
      return step;
    });
    out.push(
      report(
        `bytes compiled before the first frame with data (${mode}) vs its budget`,
        bytes / budget[mode].bytes,
        1.1,
        `${kb(bytes)} in ${pieces.length} pieces, budget ${kb(budget[mode].bytes)} (bench/start-budget.json)\n` +
          `    its steps (ms since the step before, wall/CPU; a first start, traced): ${steps.join(', ')}\n` +
          `    of its pieces, ${handedOver} came compiled from the second thread (src/boot/compile-ahead.ts)\n` +
          '    the largest pieces:\n' +
          describePieces(pieces, contents, 6)
            .map((l) => `      ${l}`)
            .join('\n'),
      ),
    );
  }
  return out.join('\n');
}
