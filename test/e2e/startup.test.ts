/**
 * Start-up of the built bundle, through a real pseudo-terminal and its HYPERSTACK_TUI_TRACE milestones: the order
 * of its steps, and the V8 code cache (src/boot/chunks.ts, src/boot/code-cache.ts): saved once start-up has settled,
 * used by the next start, and replaced when V8 refuses it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheWhole } from '../../bench/start-cost.js';
import { packCaches, unpackCaches } from '../../src/boot/code-cache.js';
import { startSimulator } from '../../src/sim/server.js';
import { assertBuilt, type PtyApp, spawnApp } from '../support/pty.js';

const START_MS = 20_000;
const apps: PtyApp[] = [];

beforeAll(() => assertBuilt());
afterEach(() => {
  for (const app of apps.splice(0)) app.dispose();
});

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The milestone labels of a trace file, in the order they were written (not the pieces compiled between them). */
const labels = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((label) => !label.startsWith('compiled:'));

/** The built app against a service, with its trace (trace.txt) and config in `home`. */
function appAgainst(url: string, key: string, home: string): PtyApp {
  const app = spawnApp(['--base-url', url], {
    cols: 120,
    rows: 40,
    env: { HYPERSTACK_API_KEY: key, HYPERSTACK_TUI_TRACE: join(home, 'trace.txt'), XDG_CONFIG_HOME: home },
  });
  apps.push(app);
  return app;
}

describe('start-up of the built bundle', () => {
  it('draws its header, then sends the first screen’s requests before it loads the screens, and draws them once the answers are in', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hs-e2e-order-'));
    const trace = join(home, 'trace.txt');
    const app = spawnApp(['--demo'], { cols: 120, rows: 40, env: { HYPERSTACK_TUI_TRACE: trace } });
    apps.push(app);
    await app.waitFor((s) => s.includes('ray-worker-1'), START_MS);
    // The frame can reach this process before the app writes the mark that follows it.
    await until(() => labels(readFileSync(trace, 'utf8')).includes('rendered'), 5_000, 'the "rendered" mark');
    const order = labels(readFileSync(trace, 'utf8')).filter(
      // (a first start's compiling ahead: src/boot/compile-ahead.ts)
      (l) =>
        l !== 'code-cache-saved' && l !== 'preloaded' && !l.startsWith('builtins:') && !l.startsWith('ahead'),
    );
    expect(order.slice(1)).toEqual([
      'entry',
      'modules',
      'simulator',
      'starting',
      'requests',
      'ui',
      'data',
      'rendered',
    ]);
    rmSync(home, { recursive: true, force: true });
  });

  it('shows its header (tabs, profile, service, "loading…") before the HTTP client and the screens have loaded', async () => {
    // A service that takes 2 s to answer: the screen below the header waits for it (up to 300 ms, then "loading").
    const sim = await startSimulator({ seed: 1, rateLimitPerMinute: 0 });
    sim.faults.set({ latencyMs: 2000 });
    const home = mkdtempSync(join(tmpdir(), 'hs-e2e-header-'));
    const trace = join(home, 'trace.txt');
    try {
      const app = appAgainst(sim.url, sim.keys.admin, home);
      const first = await app.waitFor((s) => s.includes('1 stock'), START_MS);
      // The header alone: the screen's own title comes with the screens' code, after the client's.
      expect(first).toMatch(/default/);
      expect(first).toMatch(/loading…/);
      expect(first).not.toContain('Virtual machines');
      await app.waitFor((s) => s.includes('Virtual machines'), START_MS);
      const order = labels(readFileSync(trace, 'utf8'));
      expect(order.indexOf('starting')).toBeLessThan(order.indexOf('requests'));
      await app.waitFor((s) => s.includes('ray-worker-1'), START_MS);
    } finally {
      await sim.close();
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);

  it('opens its connections to the service before it draws the header, so their set-up overlaps the compiling', async () => {
    const sim = await startSimulator({ seed: 1, rateLimitPerMinute: 0 });
    // In front of the service: each connection's time of arrival (wall clock, as the trace writes it).
    const arrived: number[] = [];
    const upstream = new URL(sim.url);
    const proxy = createServer((c: Socket) => {
      arrived.push(Date.now());
      const u = netConnect(Number(upstream.port), upstream.hostname);
      c.pipe(u).pipe(c);
      const drop = () => {
        c.destroy();
        u.destroy();
      };
      c.on('error', drop);
      u.on('error', drop);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const port = (proxy.address() as { port: number }).port;
    const home = mkdtempSync(join(tmpdir(), 'hs-e2e-preconnect-'));
    const trace = join(home, 'trace.txt');
    try {
      const app = appAgainst(`http://127.0.0.1:${port}${upstream.pathname}`, sim.keys.admin, home);
      await app.waitFor((s) => s.includes('ray-worker-1'), START_MS);
      const at = (label: string) =>
        Number(
          readFileSync(trace, 'utf8')
            .split('\n')
            .find((l) => l.split(' ')[1] === label)
            ?.split(' ')[2],
        );
      // one connection for each request of the VMs screen's first frame (VMs, environments), both there before
      // the requests were sent: opened as the header was drawn, before the client loaded (without it they would
      // open with the requests, after that mark). Not 'starting' itself: this process notes an arrival a few ms
      // late when both cores are busy.
      expect(arrived.length).toBeGreaterThanOrEqual(2);
      expect(at('starting')).toBeLessThan(at('requests'));
      expect(arrived[1]).toBeLessThanOrEqual(at('requests'));
    } finally {
      proxy.close();
      await sim.close();
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps a code cache: saved after the first start, used by the next, replaced when V8 refuses it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hs-e2e-cache-'));
    const trace = join(home, 'trace.txt');
    const dir = join(home, 'hyperstack-tui');
    const traced = () => (existsSync(trace) ? readFileSync(trace, 'utf8') : '');
    const startDemo = async () => {
      rmSync(trace, { force: true });
      const app = spawnApp(['--demo'], {
        cols: 120,
        rows: 40,
        env: { XDG_CACHE_HOME: home, HYPERSTACK_TUI_TRACE: trace },
      });
      apps.push(app);
      await app.waitFor((s) => s.includes('ray-worker-1') && /ACTIVE/.test(s), START_MS);
      return app;
    };
    const quit = async (app: PtyApp) => {
      app.write('q');
      expect((await app.exit).exitCode).toBe(0);
    };

    // 1. No cache: the app starts, then saves one.
    let app = await startDemo();
    expect(traced()).toContain('code-cache-none');
    await until(() => traced().includes('code-cache-saved'), 15_000, 'the cache to be saved');
    // written after the first frame, never in its way
    const marks = labels(traced());
    expect(marks.indexOf('code-cache-saved')).toBeGreaterThan(marks.indexOf('rendered'));
    // what loads after the frame (the dialogs and the other screens, then 'preloaded') is saved a second after it
    // loads: the cache is whole once a save follows the last piece compiled
    await until(() => cacheWhole(traced()), 15_000, 'every piece compiled to be saved');
    await quit(app);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const file = join(dir, files[0] as string);
    const saved = statSync(file);
    expect(saved.size).toBeGreaterThan(100_000);

    // 2. The next start runs from it, and leaves it as it is.
    app = await startDemo();
    expect(traced()).toContain('code-cache-used');
    await new Promise((r) => setTimeout(r, 2500));
    expect(traced()).not.toContain('code-cache-saved');
    await quit(app);
    expect(statSync(file).mtimeMs).toBe(saved.mtimeMs);

    // 3. A cache V8 refuses (here: garbage for every piece) costs nothing but the compile, and is replaced.
    const garbage = new Map(
      [...unpackCaches(readFileSync(file)).keys()].map((k) => [k, Buffer.alloc(4096, 7)]),
    );
    expect(garbage.size).toBeGreaterThan(10);
    writeFileSync(file, packCaches(garbage), { mode: 0o600 });
    app = await startDemo();
    expect(traced()).toContain('code-cache-rejected');
    await until(() => traced().includes('code-cache-saved'), 15_000, 'the cache to be replaced');
    await quit(app);
    expect(statSync(file).size).toBeGreaterThan(100_000);
    rmSync(home, { recursive: true, force: true });
  }, 90_000);
});
