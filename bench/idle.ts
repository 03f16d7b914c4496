import { spawnApp } from '../test/support/pty.js';
import { report } from './stats.js';

const IDLE_MS = 30_000;

/**
 * Bytes written to the terminal during 30 s of idle refreshes with unchanged data (refresh every 2 s, VMs
 * settled), against the size of one full screen; and which screen rows changed at all, read from a headless
 * terminal. Target: only ages change (the header's "updated 3s ago", young VMs' AGE cells).
 */
export async function benchIdle(): Promise<string> {
  // VMs created by the seed settle within a second, so the data stops changing.
  const app = spawnApp(['--demo', '--refresh', '2', '--demo-vm-seconds', '1']);
  try {
    await app.waitFor((s) => /ACTIVE/.test(s) && /n3-/.test(s), 30_000);
    const fullFrame = Buffer.byteLength(app.raw());
    await new Promise((r) => setTimeout(r, 8000)); // seeded CREATING/BUILD VMs reach ACTIVE
    const before = Buffer.byteLength(app.raw());
    const changed = new Map<number, Set<string>>();
    let last = app.screenLines();
    const started = Date.now();
    while (Date.now() - started < IDLE_MS) {
      await new Promise((r) => setTimeout(r, 250));
      const now = app.screenLines();
      now.forEach((line, row) => {
        if (line !== last[row])
          changed.set(row, (changed.get(row) ?? new Set()).add(`${last[row] ?? ''} → ${line}`));
      });
      last = now;
    }
    const bytes = Buffer.byteLength(app.raw()) - before;
    const perSecond = bytes / (IDLE_MS / 1000);
    // A change that is not an age: the line differs in more than its age text.
    const stripAges = (s: string) =>
      s.replace(/\b\d+[smhd]( \d+m)?\b/g, '#').replace(/updated #? ?ago/, 'updated # ago');
    const nonAge = [...changed.values()]
      .flatMap((set) => [...set])
      .filter((c) => {
        const [a, b] = c.split(' → ');
        return stripAges(a ?? '') !== stripAges(b ?? '');
      });
    return report(
      'idle refreshes: bytes written per second vs one full screen',
      perSecond / fullFrame,
      undefined,
      `${bytes} bytes in ${IDLE_MS / 1000} s (${perSecond.toFixed(0)} B/s; a full screen is ${fullFrame} B), refresh ` +
        `every 2 s; rows that changed: ${[...changed.keys()].join(', ') || 'none'}; ` +
        (nonAge.length === 0
          ? 'every change was an age'
          : `changes other than ages: ${JSON.stringify(nonAge.slice(0, 3))}`),
    );
  } finally {
    app.kill();
  }
}
