/**
 * Every screen, overlay, form and error path, drawn from a hostile service (test/support/hostile.ts): the bytes the
 * app writes to the terminal are scanned for anything that could act on it. The app talks to the simulator
 * through a proxy that appends escape sequences, OSC title and clipboard writes, C1 controls, bidi overrides, lone
 * surrogates or 10 KB of text to every string it answers, or answers every request with hostile errors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/domain/text.js';
import { type HostileMode, startHostileProxy, terminalHazards } from '../support/hostile.js';
import { type AppHarness, cleanupApps, KEY, renderApp, settle } from '../support/render-app.js';
import { FULL, runSeed, sample } from '../support/sampling.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);
// Keys like "s" (save a kubeconfig) and Enter in its prompt write files in the working directory: a private one.
const cwd = process.cwd();
const dir = mkdtempSync(join(tmpdir(), 'hs-hostile-'));
beforeAll(() => process.chdir(dir));
afterAll(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The keys tried on every screen: detail and raw JSON, help, palette, filter, sort, region, and every key a screen
 * binds (forms, confirmations, actions; each followed by Esc, which cancels a dialog before anything is sent).
 */
const SCREEN_KEYS = ['c', 'n', 'a', 'A', 'x', 'D', 'P', 's', 'E', 'i', 'p', 'u', 'd', 'e', 'h', 'w', KEY.tab];
const SCREENS = ['1', '2', '3', '4', '5', '6'];
/**
 * The screen keys tried on each screen in one run: a sample, drawn anew for every screen and mode from a seed that
 * changes each run and is printed (SEED=N replays it; FULL=1 tries all 17 everywhere), so every key is tried on
 * every screen over a few runs (test/support/sampling.ts).
 */
const KEYS_PER_SCREEN = 6;
const SEED = runSeed('render-everything');
const keysFor = (mode: HostileMode, screen: string) =>
  sample(SCREEN_KEYS, KEYS_PER_SCREEN, SEED + 10 * cases.indexOf(mode) + Number(screen));
/** The steps a visit takes: 14 on each screen, and 3 per screen key tried. */
const STEPS =
  SCREENS.length * (14 + 3 * Math.min(FULL ? SCREEN_KEYS.length : KEYS_PER_SCREEN, SCREEN_KEYS.length));

/** Visits everything and returns how many steps (each a frame set scanned) it took. */
async function visitEverything(a: AppHarness, mode: HostileMode): Promise<number> {
  let steps = 0;
  const step = async (...keys: string[]) => {
    await a.press(...keys);
    await settle(a);
    steps++;
  };
  for (const screen of SCREENS) {
    await step(screen);
    await step(KEY.enter);
    await step('y');
    await step('j', 'j');
    await step(KEY.esc, KEY.esc);
    await step('?');
    await step('G');
    await step(KEY.esc);
    await step(':', 'v', 'm');
    await step(KEY.esc);
    await step('/', 'a');
    await step(KEY.esc, KEY.esc);
    await step('o', 'O', 'R');
    for (const key of keysFor(mode, screen)) {
      await step(key);
      // A form that loaded: Tab through its fields and open a list, then leave.
      await step(KEY.tab, KEY.tab, KEY.enter);
      await step(KEY.esc, KEY.esc, KEY.esc);
    }
    await step('r');
  }
  return steps;
}

function hazards(a: AppHarness): string[] {
  return [...new Set(a.frames().flatMap((f) => terminalHazards(f)))];
}

/**
 * Frames that do not fit the terminal: a line wider than it (it would wrap and shift everything under it, as lone
 * surrogates once did) or more lines than it has rows.
 */
function misfits(a: AppHarness, width = 120, height = 40): string[] {
  const out: string[] = [];
  for (const f of a.frames()) {
    const lines = f.split('\n');
    if (lines.length > height) out.push(`${lines.length} lines`);
    for (const l of lines) {
      const w = displayWidth(l.replace(/\x1b\[[0-9;]*m/g, ''));
      if (w > width) out.push(`${w} columns: ${JSON.stringify(l.slice(0, 40))}`);
    }
  }
  return [...new Set(out)];
}

const cases: HostileMode[] = ['strings', 'strings+numbers', 'errors'];

describe('a hostile service, every screen, overlay, form and error path', () => {
  it.each(cases)(
    '%s: nothing written to the terminal can act on it',
    async (mode) => {
      app = await renderApp({ through: (url) => startHostileProxy(url, mode) });
      const steps = await visitEverything(app, mode);
      const frames = app.frames();
      // It really drew the hostile data (or the hostile errors): the test would pass on an empty screen otherwise.
      const all = frames.join('\n');
      if (mode === 'errors') expect(all).toMatch(/cannot load|PWNED/);
      else expect(all).toContain('␛]0;PWNED␇');
      expect(hazards(app)).toEqual([]);
      expect(misfits(app)).toEqual([]);
      expect(steps).toBe(STEPS);
      console.log(`hostile ${mode}: ${steps} steps, ${frames.length} frames scanned`);
    },
    120_000,
  );

  it('a service that turns hostile after the first load: stale data, errors in the header and status line', async () => {
    let proxy: Awaited<ReturnType<typeof startHostileProxy>> | undefined;
    app = await renderApp({
      through: async (url) => {
        proxy = await startHostileProxy(url, 'strings');
        return proxy;
      },
    });
    for (const screen of SCREENS) {
      await app.press(screen);
      await settle(app);
    }
    proxy!.mode = 'errors';
    for (const screen of SCREENS) {
      await app.press(screen, 'r');
      await settle(app);
      await app.press(KEY.enter, 'c');
      await settle(app);
      await app.press(KEY.esc, KEY.esc);
    }
    expect(app.frames().join('\n')).toMatch(/refresh failed|API error/);
    expect(hazards(app)).toEqual([]);
    expect(misfits(app)).toEqual([]);
  }, 60_000);
});
