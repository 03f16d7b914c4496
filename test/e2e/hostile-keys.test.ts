/**
 * Hostile keys end to end: the BUILT bundle (dist/cli.js) in a REAL pseudo-terminal (CI=true), where the tty
 * delivers the bytes as a terminal does. Ctrl+F1–F4 and a paste with SGR sequences inside used to kill the app
 * ("hyperstack-tui crashed: Cannot read properties of undefined (reading startsWith)", from Ink 6.8's useInput);
 * a paste of hundreds of KB must be cut, not hang the UI.
 *
 * Run `npm run build` first (npm test does): these tests read dist/cli.js as it is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CTRL_F1_F4 } from '../support/hostile.js';
import { type PtyApp, type PtyExit, restoreProblems, spawnApp } from '../support/pty.js';

/** Generous: the first frame comes in ~1 s on an idle machine, much later on a loaded 2-core CI box. */
const START_MS = 30_000;
const STEP_MS = 30_000;

const apps: PtyApp[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.dispose();
});

function start(): PtyApp {
  const app = spawnApp(['--demo'], { cols: 120, rows: 40 });
  apps.push(app);
  return app;
}

async function exitWithin(app: PtyApp, ms = STEP_MS): Promise<PtyExit> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no exit within ${ms} ms; screen:\n${app.screenText()}`)), ms);
  });
  try {
    return await Promise.race([app.exit, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The row under the cursor. */
const selected = (screen: string) => screen.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('hostile keys in a real terminal', () => {
  it('Ctrl+F1–F4 and a paste with ESC[0m, ESC[5m, ESC[31m inside: the app lives on, draws, and quits cleanly', async () => {
    const app = start();
    let screen = await app.waitFor((s) => s.includes('ray-worker-1') && /ACTIVE/.test(s), START_MS);
    const row = selected(screen);
    for (const k of CTRL_F1_F4) app.write(k); // one by one, as pressed
    app.write(CTRL_F1_F4.join('')); // and all in one read
    // Still alive and acting on keys: j moves the cursor.
    app.write('j');
    screen = await app.waitFor((s) => selected(s) !== row && selected(s) !== '', STEP_MS);
    app.write('/');
    // the filter is open before the paste comes (in one read, `/` and the text would be one paste)
    // (the table's last line reads "/" and the row count while a filter is typed)
    screen = await app.waitFor((s) => /^\/ +\d+\/\d+ *$/m.test(s), STEP_MS);
    app.write('ray\x1b[0m-wor\x1b[5mker\x1b[31m-1');
    screen = await app.waitFor('/ray-worker-1', STEP_MS);
    expect(screen).not.toMatch(/\[(0|5|31)m/);
    app.write('\r');
    // The filter kept: only the ray-worker-1… rows are listed.
    await app.waitFor((s) => s.includes('filter: ray-worker-1') && !s.includes('bastion-2'), STEP_MS);
    app.write('r');
    await app.waitFor('refreshed', STEP_MS);
    app.write('q');
    const exit = await exitWithin(app);
    expect(app.raw()).not.toContain('crashed');
    expect(exit.exitCode).toBe(0);
    expect(restoreProblems(app)).toEqual([]);
  }, 120_000);

  it('a 200 KB paste into a form field is cut at its cap and said so; the UI keeps answering', async () => {
    const app = start();
    await app.waitFor((s) => s.includes('ray-worker-1') && /ACTIVE/.test(s), START_MS);
    app.write('c');
    await app.waitFor('Ctrl-S submit', STEP_MS);
    app.write('n'.repeat(200_000));
    await app.waitFor('at most 4096 characters here', STEP_MS);
    app.write('\x15'); // Ctrl+U empties the field at once
    await app.waitFor('0/50', STEP_MS);
    app.write('\x1b');
    await app.waitFor((s) => !s.includes('Ctrl-S submit'), STEP_MS);
    app.write('q');
    const exit = await exitWithin(app);
    expect(exit.exitCode).toBe(0);
    expect(restoreProblems(app)).toEqual([]);
  }, 120_000);
});
