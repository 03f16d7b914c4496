import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHello, CLI, spawnPty } from './pty-run.js';
import { startSimProcess } from './sim-process.js';
import { median, report } from './stats.js';

const RUNS = 7;
// A row of the VM table: a status word the seeded demo organisation always has.
const HAS_DATA = (out: string) => /ACTIVE/.test(out) && /n3-/.test(out);
// The app's first frame: its header, whose tabs name the screens (src/app/Starting.tsx draws it before the data).
const HAS_FRAME = (out: string) => out.includes('1 stock');
const NO_CACHE = { HYPERSTACK_TUI_CODE_CACHE: '0' };

/**
 * Time to the first frame versus a bundled Ink "hello" render, both as a user meets them: "warm" is every start
 * after the first (V8's code cache saved, see src/boot.ts), measured to the first frame WITH DATA; "cold" the very
 * first one (empty cache directory), measured to the app's first frame (its header) and to the first with data.
 * Runs alternate with the baseline so machine noise hits both alike. The first start is also measured as the first
 * `npx` run meets it: against a service (the simulator in a process of its own), so the app's time is its own,
 * without the demo's simulator starting and seeding in the same process.
 */
export async function benchFirstFrame(): Promise<string> {
  const hello = await buildHello();
  const cacheHome = mkdtempSync(join(tmpdir(), 'hs-bench-cache-'));
  const env = { XDG_CACHE_HOME: cacheHome };
  const cacheDir = join(cacheHome, 'hyperstack-tui');
  const helloMs = async () => {
    const h = spawnPty(hello, []);
    const ms = await h.until((o) => o.includes('hello from ink'));
    h.kill();
    return ms;
  };
  /** Ms to the first frame and to the first frame with data of one start. */
  const timeStart = async (args: string[], startEnv: Record<string, string>) => {
    const a = spawnPty(CLI, args, startEnv);
    const frame = await a.until(HAS_FRAME);
    const data = await a.until(HAS_DATA);
    a.kill();
    return { frame, data };
  };
  const appMs = () => timeStart(['--demo'], env);

  const sim = await startSimProcess([]);
  const serviceMs = () =>
    timeStart(['--base-url', sim.url], {
      ...NO_CACHE,
      HYPERSTACK_API_KEY: sim.key,
      HOME: cacheHome,
      XDG_CONFIG_HOME: cacheHome,
    });
  const base: number[] = [];
  const cold: Array<{ frame: number; data: number }> = [];
  const coldService: Array<{ frame: number; data: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(await helloMs());
    rmSync(cacheDir, { recursive: true, force: true });
    cold.push(await appMs());
    coldService.push(await serviceMs());
  }
  sim.stop();
  // Let one start run long enough to save its cache (1 s after its first frame), as any real session does.
  const first = spawnPty(CLI, ['--demo'], env);
  const saved = () => existsSync(cacheDir) && readdirSync(cacheDir).some((f) => f.endsWith('.bin'));
  for (let waited = 0; !saved(); waited += 50) {
    if (waited > 20_000) throw new Error('the app never saved its code cache');
    await new Promise((r) => setTimeout(r, 50));
  }
  first.kill();
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(await helloMs());
    warm.push((await appMs()).data);
  }
  rmSync(cacheHome, { recursive: true, force: true });

  const b = median(base);
  const w = median(warm);
  const c = median(cold.map((r) => r.frame));
  const cd = median(cold.map((r) => r.data));
  const cs = median(coldService.map((r) => r.frame));
  const csd = median(coldService.map((r) => r.data));
  return [
    report(
      'time to first frame with data (demo, built bundle, code cache) vs bundled Ink hello',
      w / b,
      1.5,
      `medians of ${RUNS}: app ${w.toFixed(0)} ms from the code cache, hello ${b.toFixed(0)} ms; each includes ` +
        'simulator start, seed, first requests',
    ),
    report(
      'time to first frame on a first start (no code cache: the first npx run) vs bundled Ink hello',
      c / b,
      1.2,
      `medians of ${RUNS}: app ${c.toFixed(0)} ms to its header with an empty cache directory (its data at ` +
        `${cd.toFixed(0)} ms), hello ${b.toFixed(0)} ms (hello has no code cache: every start of it is a first start)`,
    ),
    report(
      'time to first frame on a first start against a service (the simulator in its own process) vs Ink hello',
      cs / b,
      1.2,
      `medians of ${RUNS}: app ${cs.toFixed(0)} ms, no code cache, hello ${b.toFixed(0)} ms: the app's own cost ` +
        '(no simulator in it), as a first `npx hyperstack-tui` against the service meets it',
    ),
    report(
      'time to first frame WITH DATA on a first start against a service vs Ink hello',
      csd / b,
      undefined,
      `medians of ${RUNS}: app ${csd.toFixed(0)} ms, hello ${b.toFixed(0)} ms: its header, then the HTTP client, ` +
        'zod and the screens compiled without a code cache, the requests and the table',
    ),
  ].join('\n');
}
