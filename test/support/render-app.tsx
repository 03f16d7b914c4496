/**
 * The whole app against the in-process simulator over real HTTP: the same wiring as src/app/run.ts (transport →
 * createApi → createAppStore → Poller(targetFor) → <App>), rendered with ink-testing-library on a fake terminal of
 * a fixed size. Nothing of the api is mocked; the simulator runs on a ManualClock, so its VMs only move when a test
 * calls `clock.advance(ms)`.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import { findScreen, type ScreenName } from '../../screens/registry.js';
import { type Api, loadedApi } from '../../src/api/client.js';
import type { HttpTransport } from '../../src/api/transport.js';
import { App } from '../../src/app/App.js';
import { type AppDepsOptions, createAppDeps } from '../../src/app/deps.js';
import { loadDialogKit } from '../../src/app/dialogs.js';
import { loadScreens } from '../../src/app/screens.js';
import { ManualClock } from '../../src/sim/clock.js';
import type { RouteDef } from '../../src/sim/route.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { createClipboard, TERMINAL_IO } from '../../src/store/actions/clipboard.js';
import { preloadLazyCode } from '../../src/store/actions/lazy-code.js';
import { createNotifier } from '../../src/store/actions/notifier.js';
import type { Poller } from '../../src/store/engine/poller.js';
import type { AppStore } from '../../src/store/state/app-store.js';
import type { ResourceKey } from '../../src/store/state/resources.js';
import type { KeyMap } from '../../src/ui/keymap.js';
import { createTheme } from '../../src/ui/theme.js';
import { selectedRow, statusLine } from './frame-text.js';

// The frame helpers live in frame-text.ts; here too for the tests that import them with the harness.
export { flat, footerLine, rowOf, selectedRow, statusLine, stripSgr } from './frame-text.js';

// The app loads the dialogs' code once its first frame is out, and each resource's api code when first called: here
// all as this file loads, so that no test's request (some allow 1 s), nor its time limit, pays for loading them.
await Promise.all([loadDialogKit(), loadedApi({ request: async () => ({}) } as never)]);

export interface RenderAppOptions {
  screen?: ScreenName;
  /** Requests a minute the cost guard's scans may spend (default 0: none, so the exchanges are the test's). */
  scanPerMinute?: number;
  /** The app's --read-only mode (the key stays the admin one unless `key` says otherwise). */
  readOnly?: boolean;
  /** Where read-only comes from, as the config says it (default "--read-only"). */
  readOnlyBy?: string;
  vmCount?: number;
  clock?: ManualClock;
  /**
   * The poller's interval, also used while something transitions (default 60 s): the tests drive refreshes
   * themselves (`r`, poller.refresh), so a background tick never races an assertion.
   */
  refreshMs?: number;
  /** The poller's interval while something transitions (default: refreshMs). */
  fastMs?: number;
  width?: number;
  height?: number;
  /** Which simulator key the app sends (default admin). */
  key?: 'admin' | 'readonly';
  /** Changes the simulated world before the app's first request (rename a VM, set labels …). */
  before?: (sim: Simulator) => void;
  /** Puts something between the app and the simulator (a hostile proxy): the app talks to the URL it returns. */
  through?: (simUrl: string) => Promise<{ url: string; close(): Promise<void> }>;
  /** Shorter client timeouts (a test of what a timeout shows). */
  limits?: AppDepsOptions['limits'];
  /** How the simulator waits out an injected latency (faults.set({ latencyMs })): a test can hold answers. */
  delay?: (ms: number) => Promise<void>;
  /** The sold-out model comes back into stock after this many ms of the simulator's clock. */
  restockMs?: number;
  /** Changes the simulator's routes (a handler that refuses as the service would): given the default ones. */
  routes?: (defaults: readonly RouteDef[]) => RouteDef[];
  /** The config's own keys, as checked at start (src/app/keymap-config.ts). */
  keymap?: KeyMap;
}

export interface AppHarness {
  /** The last frame drawn. */
  frame(): string;
  /** Every frame drawn so far: all that was written to the terminal. */
  frames(): readonly string[];
  /** Writes each key to stdin, one at a time, letting Ink and React settle between them. */
  press(...keys: string[]): Promise<void>;
  /** Writes the keys back to back, with no pause: as a fast typist or one batched SSH read delivers them. */
  burst(...keys: string[]): Promise<void>;
  /** Resizes the fake terminal, as a terminal emulator does (new size, then a 'resize' event). */
  resize(width: number, height: number): Promise<void>;
  /** Waits until the frame contains `text` (or the predicate holds) and returns that frame. */
  waitFor(what: string | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  /**
   * Waits until the app has no request in flight (its view is as fresh as its last requests made it), then moves
   * the simulator's clock. Moving `clock` directly while a refresh is on its way races it: the answer may come
   * from before or after the move, and a refresh asked for meanwhile (`r`) joins the one in flight.
   */
  advance(ms: number): Promise<void>;
  /** Waits until no request of the app is in flight, for a turn of the event loop in a row. */
  idle(timeoutMs?: number): Promise<void>;
  sim: Simulator;
  clock: ManualClock;
  store: AppStore;
  poller: Poller<ResourceKey>;
  api: Api;
  transport: HttpTransport;
  /** What the app wrote to the terminal's clipboard (OSC 52 sequences), in order. */
  copied: string[];
  /** The bells and desktop notifications the app wrote to the terminal, in order. */
  notified: string[];
  /** Every HTTP exchange the app made, in order ("POST /core/virtual-machines/12/stop"). */
  exchanges: string[];
  /** Called right after each exchange, before the app sees its answer (e.g. to move the clock at an exact point). */
  onExchange(fn: ((exchange: string) => void) | undefined): void;
  cleanup(): Promise<void>;
}

/** Special keys as a terminal sends them. */
export const KEY = {
  up: '\x1b[A',
  down: '\x1b[B',
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  pgdn: '\x1b[6~',
  backspace: '\x7f',
} as const;

/**
 * How long a wait for a state gives up after: a hang detector, not a speed limit (a busy 2-core machine runs a
 * test several times slower); the test's own timeout (vitest.config.ts) is longer still.
 */
export const WAIT_MS = 30_000;

/** Lets Ink's input parser (a lone Esc is flushed on setImmediate) and React's scheduled work run. */
export async function tick(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 5));
}

/** The apps renderApp started and nothing has cleaned up yet. */
const live = new Set<AppHarness>();

/** Cleans up every app a test started: a test file's `afterEach(cleanupApps)`. */
export async function cleanupApps(): Promise<void> {
  for (const app of [...live]) await app.cleanup();
}

export async function renderApp(opts: RenderAppOptions = {}): Promise<AppHarness> {
  const { width = 120, height = 40, refreshMs = 60_000 } = opts;
  // Starts at the real time: the app measures ages with Date.now(), so the simulator's timestamps must agree.
  const clock = opts.clock ?? new ManualClock(Date.now());
  const sim = await startSimulator({
    seed: 1,
    clock,
    rateLimitPerMinute: 1_000_000,
    ...(opts.vmCount !== undefined ? { vmCount: opts.vmCount } : {}),
    ...(opts.delay ? { delay: opts.delay } : {}),
    ...(opts.restockMs !== undefined ? { restockMs: opts.restockMs } : {}),
    ...(opts.routes ? { routes: opts.routes((await import('../../src/sim/routes/index.js')).routes) } : {}),
  });

  opts.before?.(sim);
  const middle = opts.through ? await opts.through(sim.url) : undefined;
  const baseUrl = middle?.url ?? sim.url;
  const exchanges: string[] = [];
  const copied: string[] = [];
  const notified: string[] = [];
  let hook: ((exchange: string) => void) | undefined;
  // The app's own wiring, with a budget large enough for tests and near-instant read retries.
  const { deps, transport } = createAppDeps({
    baseUrl,
    apiKey: opts.key === 'readonly' ? sim.keys.readonly : sim.keys.admin,
    screen: opts.screen ?? 'vms',
    readOnly: opts.readOnly ?? false,
    readOnlyBy: opts.readOnlyBy,
    refreshMs,
    fastMs: opts.fastMs ?? refreshMs,
    requestsPerMinute: 100_000,
    scanPerMinute: opts.scanPerMinute ?? 0,
    retry: { baseDelayMs: 1, maxDelayMs: 5, random: () => 0 },
    ...(opts.limits ? { limits: opts.limits } : {}),
    // The terminal's clipboard as outside tmux, whatever terminal the tests run in: the OSC 52 sequences the app
    // writes are kept in `copied` (not on the test runner's own terminal).
    clipboard: createClipboard({
      ...TERMINAL_IO,
      env: {},
      write: (s) => {
        copied.push(s);
      },
    }),
    notifier: createNotifier({ env: {}, write: (s) => void notified.push(s) }),
    onExchange: (e) => {
      exchanges.push(`${e.method} ${e.path}`);
      hook?.(`${e.method} ${e.path}`);
    },
  });
  const { api, store, poller } = deps;
  poller.watch(findScreen(store.getState().screen)?.first ?? []);

  // The fake stdout reports 100 columns and no rows: give it the wanted size before <App> first reads it.
  const ink = render(<Text>{''}</Text>);
  Object.defineProperty(ink.stdout, 'columns', { value: width, configurable: true });
  Object.defineProperty(ink.stdout, 'rows', { value: height, configurable: true });
  const screens = await loadScreens();
  // what keys load when first pressed (forms, other resources' actions), as the app does after its first frame
  await preloadLazyCode();
  ink.rerender(
    <App
      screens={screens}
      deps={deps}
      theme={createTheme({ color: false })}
      profile="test"
      baseUrl={baseUrl}
      refreshMs={refreshMs}
      {...(opts.keymap ? { keymap: opts.keymap } : {})}
    />,
  );

  const frame = () => ink.lastFrame() ?? '';
  let closed = false;
  const idle = async (timeoutMs = WAIT_MS) => {
    const busy = () => Object.values(store.getState().inFlight).map((f) => `${f.method} ${f.path}`);
    for (let quiet = 0; quiet < 2; ) {
      await vi.waitFor(
        () => {
          if (busy().length > 0) throw new Error(`requests still in flight: ${busy().join(', ')}`);
        },
        { timeout: timeoutMs, interval: 5 },
      );
      await tick();
      quiet = busy().length === 0 ? quiet + 1 : 0;
    }
  };
  const harness: AppHarness = {
    frame,
    frames: () => ink.frames,
    async press(...keys) {
      for (const k of keys) {
        ink.stdin.write(k);
        await tick();
      }
    },
    async resize(w, h) {
      Object.defineProperty(ink.stdout, 'columns', { value: w, configurable: true });
      Object.defineProperty(ink.stdout, 'rows', { value: h, configurable: true });
      ink.stdout.emit('resize');
      await tick();
    },
    async burst(...keys) {
      for (const k of keys) ink.stdin.write(k);
      await tick();
    },
    async waitFor(what, timeoutMs = WAIT_MS) {
      const ok = typeof what === 'string' ? (f: string) => f.includes(what) : what;
      return vi.waitFor(
        () => {
          const f = frame();
          if (!ok(f)) {
            throw new Error(
              `frame never matched ${typeof what === 'string' ? JSON.stringify(what) : 'the predicate'}; last frame:\n${f}`,
            );
          }
          return f;
        },
        { timeout: timeoutMs, interval: 10 },
      );
    },
    idle,
    async advance(ms) {
      await idle();
      clock.advance(ms);
    },
    sim,
    clock,
    store,
    poller,
    api,
    transport,
    exchanges,
    copied,
    notified,
    onExchange: (fn) => {
      hook = fn;
    },
    async cleanup() {
      if (closed) return;
      closed = true;
      live.delete(harness);
      ink.unmount();
      ink.cleanup();
      poller.stop();
      await transport.close().catch(() => {});
      await middle?.close();
      await sim.close();
    },
  };
  live.add(harness);
  return harness;
}

/** Moves the cursor to the row that starts with `name` (from the top, one `j` at a time). */
export async function selectRow(app: AppHarness, name: string): Promise<string> {
  const wanted = (f: string) => selectedRow(f).startsWith(`› ${name} `);
  await app.waitFor(` ${name} `);
  if (wanted(app.frame())) return app.frame();
  await app.press('g');
  await app.waitFor((f) => selectedRow(f) !== '');
  for (let i = 0; i < 500; i++) {
    const row = selectedRow(app.frame());
    if (row.startsWith(`› ${name} `)) return app.frame();
    await app.press('j');
    await app.waitFor((f) => selectedRow(f) !== row);
  }
  throw new Error(`no row ${name}`);
}

/** Waits until nothing new is drawn for a moment (or a second has passed). */
export async function settle(a: AppHarness): Promise<void> {
  let seen = a.frames().length;
  let still = 0;
  for (let i = 0; i < 60 && still < 2; i++) {
    await new Promise((r) => setTimeout(r, 12));
    const now = a.frames().length;
    still = now === seen ? still + 1 : 0;
    seen = now;
  }
}

/** The harness with the status line's words after the frame ("status: …"): what a test waits for may be either. */
export function withStatus(app: AppHarness): AppHarness {
  const frame = () => `${app.frame()}\nstatus: ${statusLine(app.frame()).slice(2)}`;
  return {
    ...app,
    frame,
    waitFor: (what) =>
      app.waitFor(() => (typeof what === 'string' ? frame().includes(what) : what(frame()))).then(frame),
  };
}

/** Opens the app on `screen`, with these options unless a test says otherwise: a screen test's `open`. */
export const screenApp =
  (screen: ScreenName, base: RenderAppOptions = {}) =>
  (o: RenderAppOptions = {}) =>
    renderApp({ screen, ...base, ...o });
