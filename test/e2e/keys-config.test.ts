/**
 * The keys config through the BUILT bundle: problems stop the start with the file and line (exit 2, nothing
 * drawn); `hyperstack-tui keys` lists every action with the keys that run it now.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, CLI, childEnv, ROOT } from '../support/pty.js';

function withConfig(text: string) {
  const home = mkdtempSync(join(tmpdir(), 'hs-e2e-keys-'));
  mkdirSync(join(home, 'hyperstack-tui'));
  const path = join(home, 'hyperstack-tui', 'config.json');
  writeFileSync(path, text, { mode: 0o600 });
  return { home, path };
}

function run(args: string[], home: string) {
  assertBuilt();
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: home,
    HYPERSTACK_API_KEY: undefined,
    HYPERSTACK_PROFILE: undefined,
  };
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env: childEnv({ env }), timeout: 15_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    );
  });
}

const CONFIG = `{
  "profiles": {},
  "keys": {
    "vms.stop": "S",
    "vms.strat": "T",
    "table.filter": "f"
  }
}
`;

describe('keys config', () => {
  it('a bad entry stops the start: each problem on its own line with the file and line, exit 2', async () => {
    const { home, path } = withConfig(CONFIG);
    const r = await run(['--demo'], home);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `hyperstack-tui: ${path}:5: keys: "vms.strat" is not an action (did you mean "vms.start"?); \`hyperstack-tui keys\` lists them`,
      `hyperstack-tui: ${path}:6: keys: "table.filter" → "f": the key of "vms.attach-ip" (attach IP) on the vms screen`,
      `hyperstack-tui: ${path}:6: keys: "table.filter" → "f": the key of "billing.top-up" (top-up) on the billing screen`,
    ]);
  });

  it('`keys` lists every action with the keys that run it now (the config’s), and its problems', async () => {
    const { home } = withConfig(CONFIG);
    const r = await run(['keys'], home);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^vms\.stop +S +stop$/m);
    expect(r.stdout).toMatch(/^vms\.start +s +start$/m);
    expect(r.stdout).toMatch(/^global\.quit +q ctrl\+c +quit$/m);
    expect(r.stderr).toContain('"vms.strat" is not an action');
    const clean = withConfig('{"keys": {"vms.stop": ["S", "ctrl+x"]}}');
    const ok = await run(['keys'], clean.home);
    expect([ok.code, ok.stderr]).toEqual([0, '']);
    expect(ok.stdout).toMatch(/^vms\.stop +S ctrl\+x +stop$/m);
    expect((await run(['keys', '--help'], clean.home)).stdout).toContain('Usage: hyperstack-tui keys');
    expect((await run(['keys', 'extra'], clean.home)).code).toBe(2);
  });
});
