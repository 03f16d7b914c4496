/**
 * End to end through a REAL pseudo-terminal, on the BUILT bundle (dist/cli.js), with CI=true in the child's
 * environment (CI runs the suite that way, and the app must still draw interactively on a TTY).
 *
 * The bundle: `npm test` builds it first (`npm run build && vitest run`). When this file is run on its own
 * (`npx vitest run test/e2e`), beforeAll rebuilds it only if dist/cli.js is missing or older than a source file,
 * so a stale bundle is never tested by accident.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, childEnv, type PtyApp, ROOT, restoreProblems, spawnApp } from '../support/pty.js';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** Generous: the first frame comes in ~1 s on an idle machine, much later on a loaded 2-core CI box. */
const START_MS = 20_000;
const STEP_MS = 10_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function run(
  args: string[],
  opts: { env?: Record<string, string | undefined>; file?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string; error?: string }> {
  return new Promise((resolve) => {
    execFile(
      opts.file ?? process.execPath,
      args,
      { cwd: ROOT, env: childEnv({ env: opts.env }), timeout: opts.timeoutMs ?? 15_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        const error = err && typeof err.code === 'string' ? err.code : err?.killed ? 'timed out' : undefined;
        resolve({ code, stdout: String(stdout), stderr: String(stderr), error });
      },
    );
  });
}

/** Foreground or background colour in any SGR sequence (30–38, 40–48, 90–97, 100–107). */
function colourCodes(raw: string): string[] {
  const found: string[] = [];
  for (const m of raw.matchAll(/\x1b\[([0-9;:]*)m/g)) {
    const params = (m[1] ?? '').split(/[;:]/).map(Number);
    for (let i = 0; i < params.length; i++) {
      const p = params[i] as number;
      if (p === 38 || p === 48) {
        found.push(m[0]);
        break;
      }
      if ((p >= 30 && p <= 37) || (p >= 40 && p <= 47) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107)) {
        found.push(m[0]);
        break;
      }
    }
  }
  return found;
}

const apps: PtyApp[] = [];
function start(args: string[], opts: Parameters<typeof spawnApp>[1] = {}): PtyApp {
  const app = spawnApp(args, { cols: 120, rows: 40, ...opts });
  apps.push(app);
  return app;
}

async function expectRestored(app: PtyApp): Promise<void> {
  expect(restoreProblems(app)).toEqual([]);
  expect(app.isAlternate()).toBe(false);
  expect(app.cursorHidden).toBe(false);
}

const emptyDirs: string[] = [];

beforeAll(async () => {
  const newestSource = Math.max(
    newestMtime(join(ROOT, 'src')),
    newestMtime(join(ROOT, 'screens')),
    newestMtime(join(ROOT, 'scripts')),
    statSync(join(ROOT, 'package.json')).mtimeMs,
  );
  let built = 0;
  try {
    built = statSync(CLI).mtimeMs;
  } catch {
    // missing: build below
  }
  if (built < newestSource) {
    const r = await run([join(ROOT, 'scripts/build.mjs')], { timeoutMs: 60_000 });
    if (r.code !== 0) throw new Error(`build failed:\n${r.stderr}`);
  }
}, 60_000);

afterEach(() => {
  for (const app of apps.splice(0)) app.dispose();
});

afterAll(() => {
  for (const d of emptyDirs) rmSync(d, { recursive: true, force: true });
});

describe('hyperstack-tui in a pseudo-terminal (CI=true)', () => {
  it('demo: VM table, help, screens by number, a paste, q quits and restores the terminal', async () => {
    const app = start(['--demo']);
    let screen = await app.waitFor((s) => s.includes('ray-worker-1') && /ACTIVE/.test(s), START_MS);
    expect(screen).toMatch(/SHUTOFF/);
    expect(app.isAlternate()).toBe(true);
    expect(app.cursorHidden).toBe(true);
    // CI=true must not turn colours off on a terminal either (chalk's own CI check; see scripts/build.mjs).
    expect(colourCodes(app.raw()).length).toBeGreaterThan(0);

    app.write('?');
    screen = await app.waitFor('Esc or ? closes', STEP_MS);
    // The help is taller than 40 rows: page down until the last global binding shows.
    for (let i = 0; i < 10 && !/^.*\bq\b.*\bquit\b/m.test(app.screenText()); i++) {
      app.write('\x1b[6~');
      await app.waitFor((s) => s !== screen, STEP_MS).catch(() => undefined);
      screen = app.screenText();
    }
    expect(app.screenText()).toMatch(/^.*\bq\b.*\bquit\b/m);
    app.write('\x1b');
    await app.waitFor((s) => !s.includes('Esc or ? closes') && s.includes('ray-worker-1'), STEP_MS);

    app.write('1');
    await app.waitFor('GPU stock', STEP_MS);
    app.write('3');
    await app.waitFor('beta', STEP_MS);
    app.write('2');
    await app.waitFor((s) => s.includes('ray-worker-1') && !s.includes('GPU stock'), STEP_MS);

    // bracketed paste is on: a paste of `xy` (stop, yes) is text, said ignored on the list, and stops nothing
    expect(app.raw()).toContain('\x1b[?2004h');
    app.write('\x1b[200~xy\x1b[201~');
    await app.waitFor('paste ignored here', STEP_MS);
    expect(app.screenText()).not.toContain('Stop ray-worker-1?');

    app.write('q');
    const exit = await app.exit;
    expect(exit.exitCode).toBe(0);
    await expectRestored(app);
  });

  it.each([
    [120, 40],
    [80, 24],
  ])(
    'frames redraw in place at %ix%i: the header stays on the first row and no row is drawn twice',
    async (cols, rows) => {
      const app = start(['--demo'], { cols, rows });
      await app.waitFor((s) => s.includes('ray-worker-1') && /ACTIVE/.test(s), START_MS);
      // Several frames: cursor moves, a refresh, the header clock ticking (each redraws a few lines). Each key
      // waits for the one before to be drawn: keys written back to back can arrive in one read, a paste.
      for (const k of ['j', 'j', 'k']) {
        const before = app.screenText();
        app.write(k);
        await app.waitFor((s) => s !== before && s.includes('ray-worker-1'), STEP_MS);
      }
      app.write('r');
      await app.waitFor('refreshed', STEP_MS);
      const lines = app.screenLines();
      expect(lines[0]).toMatch(/^1 stock \[2 vms\]/);
      expect(lines[1]).toMatch(/updated \d+s ago/);
      // A smeared redraw leaves copies of rows behind: every table row must appear once.
      const rowsShown = lines.filter((l) => /^[› ] \S/.test(l) && !/^ {2}NAME/.test(l));
      expect(rowsShown.length).toBeGreaterThan(5);
      expect(new Set(rowsShown.map((l) => l.slice(2))).size).toBe(rowsShown.length);
    },
  );

  it('Ctrl-C quits with the terminal restored', async () => {
    const app = start(['--demo']);
    await app.waitFor('ray-worker-1', START_MS);
    app.write('\x03');
    const exit = await app.exit;
    expect([0, 130]).toContain(exit.exitCode);
    await expectRestored(app);
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal} while running exits and restores the terminal`, async () => {
      const app = start(['--demo']);
      await app.waitFor('ray-worker-1', START_MS);
      app.kill(signal);
      const exit = await app.exit;
      expect(exit.exitCode).toBe(code);
      await expectRestored(app);
    });
  }

  it('the terminal hangs up (SSH dropped): the app dies of the hangup at once, no crash or abort', async () => {
    const app = start(['--demo']);
    await app.waitFor('ray-worker-1', START_MS);
    app.hangUp();
    const exit = await app.exit;
    // Dying of SIGHUP (1) is the classic outcome; 129 if it exits by itself. Node 20 used to abort here with
    // SIGABRT (6) or SIGSEGV (11) in its exit-time tty reset.
    expect(exit.signal === 1 || exit.exitCode === 129, `exit ${JSON.stringify(exit)}`).toBe(true);
  });

  it('resize below the minimum says so plainly, and the table returns when big enough again', async () => {
    const app = start(['--demo']);
    await app.waitFor('ray-worker-1', START_MS);
    app.resize(60, 20);
    await app.waitFor(/terminal too small/i, STEP_MS);
    app.resize(120, 40);
    await app.waitFor((s) => s.includes('ray-worker-1') && !/terminal too small/i.test(s), STEP_MS);
    app.write('q');
    expect((await app.exit).exitCode).toBe(0);
    await expectRestored(app);
  });

  it('NO_COLOR=1: no colour codes at all (inverse is allowed)', async () => {
    const app = start(['--demo'], { env: { NO_COLOR: '1', FORCE_COLOR: undefined } });
    await app.waitFor((s) => s.includes('ray-worker-1') && s.includes('ACTIVE'), START_MS);
    app.write('?');
    await app.waitFor('Esc or ? closes', STEP_MS);
    app.write('\x1b');
    await app.waitFor((s) => !s.includes('Esc or ? closes'), STEP_MS);
    app.write('q');
    expect((await app.exit).exitCode).toBe(0);
    expect(colourCodes(app.raw())).toEqual([]);
    await expectRestored(app);
  });

  it('LANG=C (not UTF-8): every byte written is ASCII, the layout the same (ASCII glyphs)', async () => {
    const app = start(['--demo'], { env: { LANG: 'C' } });
    const s = await app.waitFor((x) => x.includes('ray-worker-1') && x.includes('ACTIVE'), START_MS);
    expect(s).toContain('* ACTIVE');
    app.write('?');
    await app.waitFor('Esc or ? closes', STEP_MS);
    app.write('q');
    await app.waitFor((x) => !x.includes('Esc or ? closes'), STEP_MS);
    app.write('q');
    expect((await app.exit).exitCode).toBe(0);
    expect(app.raw()).toMatch(/^[\x00-\x7f]*$/);
    await expectRestored(app);
  });

  it('no API key: a friendly screen naming HYPERSTACK_API_KEY and --demo; q exits 0', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hs-e2e-home-'));
    emptyDirs.push(home);
    const app = start([], {
      env: {
        HOME: home,
        XDG_CONFIG_HOME: home,
        HYPERSTACK_API_KEY: undefined,
        HYPERSTACK_PROFILE: undefined,
        HYPERSTACK_BASE_URL: undefined,
      },
    });
    const screen = await app.waitFor(
      (s) => s.includes('HYPERSTACK_API_KEY') && s.includes('--demo'),
      START_MS,
    );
    expect(screen).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
    app.write('q');
    expect((await app.exit).exitCode).toBe(0);
    await expectRestored(app);
  });

  it('--version prints the version and exits 0', async () => {
    const r = await run([CLI, '--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`hyperstack-tui ${VERSION}`);
    expect(r.stderr).toBe('');
  });

  it('an unknown flag: one line on stderr, exit 2', async () => {
    const r = await run([CLI, '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--bogus/);
  });

  it('a flag holding escape sequences is quoted inert in the error (one line)', async () => {
    const r = await run([CLI, '--base-url', 'x\x1b]0;PWNED\x07\ny']);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/[\x07\x1b]/);
    expect(r.stderr).toContain('PWNED');
  });

  it('stdout not a TTY: one-line error, exit 2, nothing drawn', async () => {
    const child = spawn(process.execPath, [CLI, '--demo'], {
      cwd: ROOT,
      env: childEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/TTY|terminal/i);
  });

  it('runs on Node 24 too (npx -p node@24)', async (ctx) => {
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const r = await run(['-y', '-p', 'node@24', 'node', CLI, '--version'], {
      file: npx,
      timeoutMs: 30_000,
      env: { npm_config_update_notifier: 'false' },
    });
    if (r.error === 'ENOENT') ctx.skip('npx is not on PATH');
    if (
      r.code !== 0 &&
      /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network|offline|ENOTCACHED/i.test(r.stderr)
    ) {
      ctx.skip(`npx could not fetch node@24 (offline?): ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}`);
    }
    expect(r.stderr.replace(/^npm warn .*\n?/gim, '')).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`hyperstack-tui ${VERSION}`);
  }, 40_000);
});
