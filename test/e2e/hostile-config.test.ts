/**
 * The BUILT bundle (dist/cli.js; `npm test` builds it first) against bad configuration and a service that hangs:
 * bad values are one line on stderr and exit 2 before anything is drawn; with a service that never answers the
 * header says what it waits for, and q still quits at once.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, childEnv, type PtyApp, ROOT, restoreProblems, spawnApp } from '../support/pty.js';

const home = mkdtempSync(join(tmpdir(), 'hs-e2e-hostile-'));
/** No config file, no inherited key or URL: each test sets what it needs. */
const CLEAN = {
  HOME: home,
  XDG_CONFIG_HOME: home,
  HYPERSTACK_API_KEY: undefined,
  HYPERSTACK_PROFILE: undefined,
  HYPERSTACK_BASE_URL: undefined,
};

function run(args: string[], env: Record<string, string | undefined>) {
  assertBuilt();
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env: childEnv({ env: { ...CLEAN, ...env } }), timeout: 15_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('bad configuration: one line, exit 2', () => {
  it.each([
    [['--refresh', '3000000'], {}, /^hyperstack-tui: --refresh needs a number of seconds from 2 to 3600/],
    [[], { HYPERSTACK_API_KEY: 'k', HYPERSTACK_BASE_URL: 'not a url' }, /\$HYPERSTACK_BASE_URL is not a URL/],
    [
      [],
      { HYPERSTACK_API_KEY: 'k', HYPERSTACK_BASE_URL: 'ftp://x' },
      /\$HYPERSTACK_BASE_URL must be an http/,
    ],
    [
      [],
      { HYPERSTACK_API_KEY: 'abcd1234\nefgh' },
      /the API key from \$HYPERSTACK_API_KEY contains a line break/,
    ],
  ])('%j %j', async (args, env, message) => {
    const r = await run(args, env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain('abcd');
  });
});

describe('a service that accepts and never answers', () => {
  let server: Server | undefined;
  let app: PtyApp | undefined;
  afterEach(async () => {
    app?.dispose();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = app = undefined;
  });

  it('the header says what it waits for, for how long, which try; q quits at once', async () => {
    const sockets = new Set<Socket>();
    server = createServer(() => {}); // never answers
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    app = spawnApp([], {
      env: { ...CLEAN, HYPERSTACK_API_KEY: 'k', HYPERSTACK_BASE_URL: `http://127.0.0.1:${port}/v1` },
    });
    const screen = await app.waitFor(/⧗ waiting \d+s for GET \/core\/virtual-machines \(try 1\/5\)/, 20_000);
    expect(screen.split('\n')[1]).toMatch(/⧗ waiting/);
    app.write('q');
    // The headers timeout is 30 s: only cancelling the hung requests lets the process end before it.
    const exit = await Promise.race([
      app.exit,
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000)),
    ]);
    expect(exit).toMatchObject({ exitCode: 0 });
    expect(restoreProblems(app)).toEqual([]);
    for (const s of sockets) s.destroy();
  });
});
