import { CLI, spawnPty } from './pty-run.js';
import { report } from './stats.js';

const IDLE_MS = 30_000;

/**
 * Bytes written to the terminal during 30 s of idle refreshes with unchanged data (refresh every 2 s, VMs
 * settled). Target: only the age indicator ("updated 1s ago") changes.
 */
export async function benchIdle(): Promise<string> {
  // VMs created by the seed settle within a second, so the data stops changing.
  const app = spawnPty(CLI, ['--demo', '--refresh', '2'], { HYPERSTACK_DEMO_VM_CREATE_SECONDS: '1' });
  try {
    await app.until((o) => /ACTIVE/.test(o) && /n3-/.test(o));
    await new Promise((r) => setTimeout(r, 8000)); // seeded CREATING/BUILD VMs reach ACTIVE
    const before = app.bytes();
    const startOut = app.output().length;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const bytes = app.bytes() - before;
    const written = app.output().slice(startOut);
    // Each Ink frame rewrites changed lines; collect the visible text it wrote (escape codes removed).
    const texts = new Set(
      written
        .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '\n')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const other = [...texts].filter((t) => !/updated \d+s ago|✓ API ok/.test(t));
    const perSecond = bytes / (IDLE_MS / 1000);
    return report(
      'idle refreshes: bytes per second written while nothing changes',
      perSecond / 1,
      undefined,
      `${bytes} bytes in ${IDLE_MS / 1000} s (${perSecond.toFixed(0)} B/s) with a refresh every 2 s; ` +
        (other.length === 0
          ? 'only the age indicator changed'
          : `other text written: ${JSON.stringify(other.slice(0, 5))}`),
    );
  } finally {
    app.kill();
  }
}
