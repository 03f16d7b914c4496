/**
 * `hyperstack-tui completion SHELL` through the built bundle: the bash script is loaded into a real bash and asked
 * what Tab offers (COMP_WORDS/COMP_CWORD, as bash itself fills them): subcommands, kinds, flag values, screens and
 * the profile names of the config file. zsh and fish scripts are checked for syntax where those shells exist.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { GET_KINDS } from '../../src/commands/kinds.js';
import { assertBuilt, CLI, childEnv } from '../support/pty.js';
import { requires } from '../support/requires.js';
import { runCli } from '../support/run-cli.js';

const T = 90_000;

/** A config directory with these profiles (default: two), for the completion of --profile. */
function configWithProfiles(names: readonly string[] = ['prod', 'lab']): string {
  const home = mkdtempSync(join(tmpdir(), 'hs-completion-'));
  mkdirSync(join(home, 'hyperstack-tui'));
  const file = join(home, 'hyperstack-tui', 'config.json');
  const profiles = Object.fromEntries(names.map((n) => [n, { apiKeyEnv: 'SOME_KEY' }]));
  writeFileSync(file, JSON.stringify({ profiles }));
  chmodSync(file, 0o600);
  return home;
}

/** Profile names a hostile config file could hold (one shared by a colleague, a dotfiles repository). */
const HOSTILE_PROFILES = [
  '$(touch pwned-1)',
  '`touch pwned-2`',
  "it's",
  'a b',
  '$HOME/x',
  '*',
  'x;touch pwned-3',
];

/** Runs `script` in bash after loading the completion; `suggest WORD…` prints what Tab offers, on one line. */
function inBash(script: string, configHome: string, cwd?: string): Promise<string> {
  const prelude = `
hyperstack-tui() { node ${JSON.stringify(CLI)} "$@"; }
source <(hyperstack-tui completion bash)
suggest() { COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _hyperstack_tui; echo "\${COMPREPLY[*]}"; }
`;
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      ['-c', prelude + script],
      { env: childEnv({ env: { XDG_CONFIG_HOME: configHome } }), timeout: 80_000, ...(cwd ? { cwd } : {}) },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

beforeAll(() => assertBuilt());

describe('completion', () => {
  it(
    'bash: registered for hyperstack-tui, and Tab offers commands, kinds, flags, their values, screens and profiles',
    async () => {
      const out = await inBash(
        `complete -p hyperstack-tui
suggest hyperstack-tui ''
suggest hyperstack-tui get ''
suggest hyperstack-tui get vm
suggest hyperstack-tui get vms -o ''
suggest hyperstack-tui get vms --no
suggest hyperstack-tui get vms ''
suggest hyperstack-tui --screen ''
suggest hyperstack-tui --profile ''
suggest hyperstack-tui ssh-config --profile p
suggest hyperstack-tui completion ''
suggest hyperstack-tui --re`,
        configWithProfiles(),
      );
      expect(out.split('\n')).toEqual([
        'complete -F _hyperstack_tui hyperstack-tui',
        'get ssh-config completion watch-stock guard keys simulate',
        GET_KINDS.join(' '),
        'vms',
        'table wide json name',
        '--no-color',
        '',
        SCREEN_REGISTRY.map((s) => s.name).join(' '),
        'prod lab',
        'prod',
        'bash zsh fish',
        '--refresh --read-only',
        '',
      ]);
    },
    T,
  );

  it(
    'bash: a profile named $(touch pwned) runs nothing: each word is offered quoted, and reads back as the name',
    async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'hs-completion-cwd-'));
      // what Tab offers, then each reply put on a command line as bash inserts it and read back by printf
      const out = await inBash(
        `suggest hyperstack-tui --profile ''
for w in "\${COMPREPLY[@]}"; do eval "printf '%s\\n' $w"; done
suggest hyperstack-tui --profile "'it"`,
        configWithProfiles(HOSTILE_PROFILES),
        cwd,
      );
      const lines = out.split('\n');
      expect(lines.slice(1, 1 + HOSTILE_PROFILES.length)).toEqual(HOSTILE_PROFILES);
      expect(lines[1 + HOSTILE_PROFILES.length]).toBe(`'it'\\''s'`);
      expect(readdirSync(cwd)).toEqual([]);
    },
    T,
  );

  it(
    'bash: the script is valid bash',
    async () => {
      const r = await runCli(['completion', 'bash']);
      expect(r.code).toBe(0);
      execFileSync('bash', ['-n'], { input: r.stdout });
    },
    T,
  );

  it(
    'zsh: the script is valid zsh',
    async (ctx) => {
      requires(ctx, 'zsh');
      const r = await runCli(['completion', 'zsh']);
      expect(r.code).toBe(0);
      execFileSync('zsh', ['-n'], { input: r.stdout });
    },
    T,
  );

  it(
    'fish: loaded into a real fish, Tab offers commands, kinds, formats and profiles',
    async (ctx) => {
      requires(ctx, 'fish');
      const r = await runCli(['completion', 'fish']);
      expect(r.code).toBe(0);
      // fish reads the script from a file (from stdin it would need a terminal), and the program from PATH
      const dir = mkdtempSync(join(tmpdir(), 'hs-fish-'));
      writeFileSync(join(dir, 'hyperstack-tui.fish'), r.stdout);
      writeFileSync(
        join(dir, 'hyperstack-tui'),
        `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`,
      );
      chmodSync(join(dir, 'hyperstack-tui'), 0o755);
      const ask = (line: string) => `complete -C ${JSON.stringify(line)} | string join ' '`;
      const out = execFileSync(
        'fish',
        [
          '--no-config',
          '-c',
          [
            `source ${dir}/hyperstack-tui.fish`,
            ask('hyperstack-tui '),
            ask('hyperstack-tui get '),
            ask('hyperstack-tui get vms -o '),
            ask('hyperstack-tui --profile '),
          ].join('; '),
        ],
        {
          env: childEnv({
            env: { XDG_CONFIG_HOME: configWithProfiles(), PATH: `${dir}:${process.env.PATH}` },
          }),
          timeout: 80_000,
        },
      ).toString();
      expect(out.trim().split('\n')).toEqual([
        'completion get guard keys simulate ssh-config watch-stock', // fish sorts them
        [...GET_KINDS].sort().join(' '), // fish sorts them
        'json name table wide',
        'lab prod',
      ]);
    },
    T,
  );

  it(
    'zsh and fish scripts ask the program itself, as the bash one does',
    async () => {
      const [zsh, fish] = await Promise.all([runCli(['completion', 'zsh']), runCli(['completion', 'fish'])]);
      expect(zsh?.stdout).toMatch(/^#compdef hyperstack-tui\n/);
      expect(zsh?.stdout).toContain('completion --words zsh -- ');
      expect(zsh?.stdout).toContain('compdef _hyperstack_tui hyperstack-tui');
      expect(fish?.stdout).toContain("complete -c hyperstack-tui -f -a '(__hyperstack_tui_complete)'");
      expect(fish?.stdout).toContain('completion --words fish -- ');
    },
    T,
  );

  it(
    '--help, and a shell it does not know is exit 2 with one line',
    async () => {
      const [help, bad, none] = await Promise.all([
        runCli(['completion', '--help']),
        runCli(['completion', 'powershell']),
        runCli(['completion']),
      ]);
      expect(help?.code).toBe(0);
      expect(help?.stdout).toMatch(/^Usage: hyperstack-tui completion SHELL/);
      expect(bad?.code).toBe(2);
      expect(bad?.stderr).toBe(
        'hyperstack-tui completion: no completion for "powershell": one of bash, zsh, fish\n',
      );
      expect(none?.code).toBe(2);
      expect(none?.stderr).toBe('hyperstack-tui completion: which shell? one of bash, zsh, fish\n');
    },
    T,
  );
});
