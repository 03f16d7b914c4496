/**
 * Every subcommand, its output closed by the reader before it is written (`hyperstack-tui get vms | head` when head
 * has had enough): the command ends at once and quietly, exit 0 and nothing on stderr, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, childEnv, ROOT } from '../support/pty.js';
import { emptyConfigHome } from '../support/run-cli.js';

/** Runs the bundle with its stdout a pipe whose reading end is closed at once. */
function runClosed(
  args: readonly string[],
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: childEnv({
      env: {
        XDG_CONFIG_HOME: emptyConfigHome(),
        XDG_STATE_HOME: emptyConfigHome(),
        HYPERSTACK_API_KEY: undefined,
      },
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}

beforeAll(() => assertBuilt());

const COMMANDS: readonly (readonly string[])[] = [
  ['get', 'vms', '--demo', '-o', 'json'],
  ['get', 'flavors', '--demo', '-o', 'wide'],
  ['get', 'stock', '--demo', '-o', 'name'],
  ['get', 'vms', '--demo', '-o', 'table'],
  ['ssh-config', '--demo'],
  ['completion', 'bash'],
  ['completion', 'zsh'],
  ['completion', 'fish'],
  ['keys'],
  ['watch-stock', 'n3-H100x8', '--region', 'CANADA-1', '--demo'],
  ['simulate', '--port', '0'],
  ['guard', '--demo'],
  ['get', '--help'],
  ['--help'],
  ['--version'],
];

describe('output closed early (| head)', () => {
  it.concurrent.each(COMMANDS.map((args) => [args.join(' '), args] as const))(
    '%s: exit 0, nothing on stderr',
    async (_name, args) => {
      const r = await runClosed(args);
      // watch-stock says on stderr what it waits for, as it always does (its answer goes to stdout)
      const said =
        args[0] === 'watch-stock'
          ? r.stderr.replace(/^hyperstack-tui watch-stock: waiting for .*\n/, '')
          : r.stderr;
      expect({ ...r, stderr: said }).toEqual({ code: 0, signal: null, stderr: '' });
    },
  );
});
