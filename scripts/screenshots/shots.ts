// The README's pictures: the built app (dist/cli.js --demo) in a real pseudo-terminal, read off a headless xterm.
// The clock stands still (frozen-clock.mjs) and the simulator's world comes from its fixed seed, so the same
// build gives the same pictures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnApp } from '../../test/support/pty.js';
import { DARK_TERMINAL, LIGHT_TERMINAL, renderSvg } from './render-svg.js';

export interface Shot {
  /** File name in docs/images, without .svg. */
  name: string;
  title: string;
  args: string[];
  cols: number;
  rows: number;
  /** Keys typed once `ready` shows, each followed by a wait for the screen to settle. */
  keys?: string[];
  /** Texts all on the screen once every part of its data is in (and nothing says "loading" any more). */
  ready: readonly string[];
  /** Text on the screen once the keys' effect is complete (a detail whose parts load one after another). */
  after?: readonly string[];
  light?: boolean;
}

export const SHOTS: readonly Shot[] = [
  {
    name: 'stock',
    title: 'GPU stock',
    args: ['--screen', 'stock'],
    cols: 120,
    rows: 32,
    ready: ['/h now · ', '$1.90', 'in stock'],
  },
  {
    name: 'vms-detail',
    title: 'Virtual machines with the detail of the selected one',
    args: ['--screen', 'vms'],
    cols: 120,
    rows: 40,
    keys: ['\r'],
    ready: ['research-norway/NORWAY-1', '185.216.20.3'],
    after: ['flat price'],
  },
  {
    name: 'clusters',
    title: 'Kubernetes clusters',
    args: ['--screen', 'clusters'],
    cols: 120,
    rows: 32,
    ready: ['inference-prod', 'prod-canada/CANADA-1', 'GREEN'],
  },
  {
    name: 'billing',
    title: 'Billing',
    args: ['--screen', 'billing'],
    cols: 120,
    rows: 32,
    ready: ['Now  $', 'volumes (', 'TOTAL BILL', 'jupyter-27'],
  },
  {
    name: 'waste',
    title: 'Waste: what costs money doing nothing (:waste)',
    args: ['--screen', 'waste'],
    cols: 160,
    rows: 32,
    ready: ['a month', 'dataset-cache', 'stopped: billed in full', 'idle 1'],
  },
  {
    name: 'vms-80x24',
    title: 'Virtual machines at 80×24',
    args: ['--screen', 'vms'],
    cols: 80,
    rows: 24,
    ready: ['185.216.20.3', '1/32'],
  },
  {
    name: 'vms-light',
    title: 'Virtual machines on a light terminal (--theme light)',
    args: ['--screen', 'vms', '--theme', 'light'],
    cols: 120,
    rows: 24,
    // '/h': the header's burn rate, read after the list (two runs differed in whether it had come)
    ready: ['research-norway/NORWAY-1', '185.216.20.3', '/h'],
    light: true,
  },
];

const FROZEN_CLOCK = fileURLToPath(new URL('./frozen-clock.mjs', import.meta.url));
/** The port the demo's simulator listens on in the pictures (the header shows it). */
export const SCREENSHOT_PORT = 8787;

/** Waits until the screen has not changed for `quietMs` (the app has drawn everything it will). */
async function settle(read: () => Promise<string>, quietMs = 1200, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`the screen never settled; last:\n${last}`);
    await new Promise((r) => setTimeout(r, 100));
    const now = await read();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
}

/** Runs the app for one shot and returns its picture. */
export async function shoot(shot: Shot, port = SCREENSHOT_PORT): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'hs-shot-'));
  const app = spawnApp(['--demo', ...shot.args], {
    cols: shot.cols,
    rows: shot.rows,
    env: {
      NODE_OPTIONS: `--import=${FROZEN_CLOCK}`,
      HYPERSTACK_TUI_SCREENSHOT_PORT: String(port),
      COLORTERM: 'truecolor',
      NO_COLOR: undefined,
      FORCE_COLOR: undefined,
      COLORFGBG: undefined,
      // nothing of the user's: no config, no stock watches (state), no code cache
      XDG_CONFIG_HOME: '/nonexistent',
      XDG_STATE_HOME: home,
      XDG_CACHE_HOME: home,
    },
  });
  const read = async () => {
    await app.settled();
    return app.raw().length + app.screenText();
  };
  try {
    const loaded = (texts: readonly string[]) => (screen: string) =>
      texts.every((t) => screen.includes(t)) && !/loading/i.test(screen);
    await app.waitFor(loaded(shot.ready), 30_000);
    await settle(read);
    for (const key of shot.keys ?? []) {
      app.write(key);
      await settle(read);
    }
    if (shot.after) {
      await app.waitFor(loaded(shot.after), 30_000);
      await settle(read);
    }
    return renderSvg(
      app.terminal,
      shot.light ? LIGHT_TERMINAL : DARK_TERMINAL,
      `hyperstack-tui: ${shot.title}`,
    );
  } finally {
    app.dispose();
    rmSync(home, { recursive: true, force: true });
  }
}
