/** `watch-stock` on the built bundle, as a script runs it: a child process, its stdout, stderr and exit status. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, childEnv } from '../support/pty.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'hs-watch-'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'watch-stock', ...args],
      {
        env: childEnv({
          env: { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), HYPERSTACK_API_KEY: undefined, ...env },
        }),
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

beforeAll(() => assertBuilt());

describe('watch-stock', () => {
  it('waits until the simulator restocks, then prints where on stdout and exits 0', async () => {
    const r = await run([
      'n3-H100x8',
      '--region',
      'NORWAY-1',
      '--demo',
      '--demo-restock-seconds',
      '2',
      '--interval',
      '2',
    ]);
    expect(r).toMatchObject({ code: 0, stdout: 'n3-H100x8 is in stock in NORWAY-1\n' });
    expect(r.stderr).toContain('waiting for n3-H100x8 in NORWAY-1');
    expect(r.stderr).toContain('not in stock yet');
  });

  it('a GPU model with --count', async () => {
    const r = await run(['H100-80G-SXM5', '--count', '8', '--region', 'CANADA-1', '--demo']);
    expect(r).toMatchObject({
      code: 0,
      stdout: '8 × H100-80G-SXM5 is in stock in CANADA-1 (flavor n3-H100x8)\n',
    });
  });

  it('--help; bad input is one line and exit 2; an unknown flavor exits 2; no key exits 3', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: hyperstack-tui watch-stock FLAVOR');
    for (const args of [
      [],
      ['x', '--count', 'many'],
      ['x', '--bogus'],
      ['a', 'b'],
      ['x', '--demo-restock-seconds', '3'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
    const unknown = await run(['n3-H100x9', '--demo']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no flavor n3-H100x9 in any region');
    const noKey = await run(['n3-H100x8']);
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('no API key');
  });

  it('a key the service refuses exits 3', async () => {
    const { startSimulator } = await import('../../src/sim/server.js');
    const sim = await startSimulator();
    try {
      const refused = await run(['n3-H100x8', '--base-url', sim.url], { HYPERSTACK_API_KEY: 'wrong-key' });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('refused the key');
    } finally {
      await sim.close();
    }
  });
});
