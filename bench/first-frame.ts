import { buildHello, CLI, spawnPty } from './pty-run.js';
import { median, report } from './stats.js';

const RUNS = 5;
// A row of the VM table: a status word the seeded demo organisation always has.
const HAS_DATA = (out: string) => /ACTIVE/.test(out) && /n3-/.test(out);

/** Time to the first frame WITH DATA (built bundle, --demo) versus a bundled Ink "hello" render. */
export async function benchFirstFrame(): Promise<string> {
  const hello = await buildHello();
  const app: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const h = spawnPty(hello, []);
    base.push(await h.until((o) => o.includes('hello from ink')));
    h.kill();
    const a = spawnPty(CLI, ['--demo']);
    app.push(await a.until(HAS_DATA));
    a.kill();
  }
  const m = median(app);
  const b = median(base);
  return report(
    'time to first frame with data (demo, built bundle) vs bundled Ink hello',
    m / b,
    1.5,
    `medians of ${RUNS}: app ${m.toFixed(0)} ms (simulator start, seed, first requests), hello ${b.toFixed(0)} ms`,
  );
}
