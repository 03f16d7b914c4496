/**
 * Runs the BUILT bundle (dist/cli.js) as a child process with pipes for stdout and stderr (not a terminal), the
 * way a script calls it. Its configuration lives in a directory of its own, so no user's profiles leak in.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, CLI, childEnv, ROOT } from './pty.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let configHome: string | undefined;
/** An empty config directory shared by the runs that do not pass their own XDG_CONFIG_HOME. */
export function emptyConfigHome(): string {
  configHome ??= mkdtempSync(join(tmpdir(), 'hs-cli-config-'));
  return configHome;
}

export function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  assertBuilt();
  const merged = childEnv({
    env: {
      XDG_CONFIG_HOME: emptyConfigHome(),
      HYPERSTACK_API_KEY: undefined,
      HYPERSTACK_PROFILE: undefined,
      HYPERSTACK_BASE_URL: undefined,
      ...env,
    },
  });
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env: merged, maxBuffer: 64 * 2 ** 20, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
