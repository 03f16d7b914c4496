/**
 * The subcommands: name, one-line summary, synopsis, flags and the loader of their code. The top-level help, each
 * command's --help and the shell completion scripts are all drawn from this one list. A command's code is
 * imported only when it runs, so the full-screen app's start-up loads none of it. Adding a command is one entry.
 */
import { maxOf } from '../domain/lists.js';
import { DEFAULT_SSH_SUFFIX, RESERVED_TLDS } from '../domain/ssh-alias.js';
import type { CommandEntry, CommandFlag } from './command.js';
import { GET_KINDS, OUTPUTS, SHELLS } from './kinds.js';

const HELP: CommandFlag = { name: '--help', short: '-h', help: 'this help' };

/** How `get` and `ssh-config` reach the service: exactly as the app does (same flags, profiles and key). */
export const CONNECTION_FLAGS: readonly CommandFlag[] = [
  { name: '--demo', help: 'ask the built-in simulator (no account needed)' },
  { name: '--profile', value: 'NAME', choices: 'profiles', help: 'use a named profile from the config file' },
  {
    name: '--base-url',
    value: 'URL',
    help: 'API base URL (default: the profile’s, $HYPERSTACK_BASE_URL or the service)',
  },
];

const FILTER_FLAGS: readonly CommandFlag[] = [
  { name: '--region', value: 'REGION', help: 'only what is in this region (e.g. CANADA-1)' },
  { name: '--environment', value: 'NAME', help: 'only what is in this environment' },
];

export const EXIT_CODES = `Exit codes: 0 done, 1 the service failed or refused, 2 bad usage or configuration, 3 no API key or
the key was refused. Diagnostics go to stderr; the API key comes from $HYPERSTACK_API_KEY or the profile.`;

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'get',
    summary: 'print a list without the full-screen UI, for scripts',
    synopsis: `KIND [NAME] [options]      KIND: ${GET_KINDS.join(', ')}`,
    positional: GET_KINDS,
    flags: [
      {
        name: '--output',
        short: '-o',
        value: 'FORMAT',
        choices: OUTPUTS,
        help: 'table (default on a terminal), wide (every column, aligned with spaces: the default when piped), json (the service’s objects), name (one name a line)',
      },
      ...FILTER_FLAGS,
      ...CONNECTION_FLAGS,
      { name: '--no-color', help: 'no colours (also when NO_COLOR is set or stdout is not a terminal)' },
      HELP,
    ],
    notes: `NAME keeps only the objects whose name contains it (any case).\n\n${EXIT_CODES}`,
    load: () => import('./get.js').then((m) => m.runGet),
  },
  {
    name: 'ssh-config',
    summary: 'print ssh Host entries for the VMs with a public IP',
    synopsis: '[options]',
    flags: [...FILTER_FLAGS, ...CONNECTION_FLAGS, HELP],
    notes: `Each VM is named under a suffix no one can register, so no VM can stand for a real host:
  Host ray-worker-1${DEFAULT_SSH_SUFFIX}        (ssh ray-worker-1${DEFAULT_SSH_SUFFIX})
"sshHostSuffix" in the config file (or a profile) sets another, under .${RESERVED_TLDS.join(', .')}.
Save it, then include it at the top of ~/.ssh/config (before any Host line):
  hyperstack-tui ssh-config > ~/.ssh/hyperstack.conf
  Include ~/.ssh/hyperstack.conf
The User line is the image's default user when the image is known (Ubuntu → ubuntu, Debian → debian, …).

${EXIT_CODES}`,
    load: () => import('./ssh-config.js').then((m) => m.runSshConfig),
  },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh or fish)',
    synopsis: 'SHELL',
    positional: SHELLS,
    flags: [HELP],
    notes: `bash: add to ~/.bashrc    source <(hyperstack-tui completion bash)
zsh:  add to ~/.zshrc     source <(hyperstack-tui completion zsh)
fish:                     hyperstack-tui completion fish > ~/.config/fish/completions/hyperstack-tui.fish`,
    load: () => import('./completion.js').then((m) => m.runCompletion),
  },
  {
    name: 'watch-stock',
    summary: 'wait until a flavor (or a node of N GPUs of a model) is in stock, then exit 0',
    synopsis: 'FLAVOR | GPU-MODEL --count N [--region R] [options]',
    flags: [
      { name: '--region', value: 'REGION', help: 'only this region (default: any)' },
      { name: '--count', value: 'N', help: 'with a GPU model: GPUs per node (1 to 64)' },
      { name: '--interval', value: 'SECONDS', help: 'seconds between checks, 2 to 3600 (default 30)' },
      ...CONNECTION_FLAGS,
      {
        name: '--demo-restock-seconds',
        value: 'N',
        help: 'with --demo: the sold-out H100 comes back after N s',
      },
      HELP,
    ],
    notes: `Waits until it is in stock, then prints where on stdout and exits 0; progress goes to stderr. Checks
use the client's request budget.\n\nExit codes: 0 in stock, 1 the service failed 3 checks in a row, 2 bad usage or an
unknown flavor, 3 no API key or the key was refused.`,
    load: () => import('./watch-stock.js').then((m) => m.runWatchStock),
  },
  {
    name: 'guard',
    summary: 'hibernate what the policy says (stopped, idle, lease over): for cron; a dry run unless --apply',
    synopsis: '[--apply] [-o json] [--log FILE] [options]',
    flags: [
      { name: '--apply', help: 'hibernate what the plan lists (without it: print the plan only)' },
      {
        name: '--output',
        short: '-o',
        value: 'FORMAT',
        choices: ['table', 'json'],
        help: 'table (default) or json (a stable shape: version 1, see the README)',
      },
      {
        name: '--log',
        value: 'FILE',
        choices: 'file',
        help: 'append every action to FILE (JSON lines, private)',
      },
      { name: '--read-only', help: 'never act (as a read-only profile): with --apply, exit 4' },
      ...CONNECTION_FLAGS,
      HELP,
    ],
    notes: `The policy is the config's "guard" section: { "guard": { "stoppedHours": 2, "idleHours": 6, "leases": true,
"skipLabels": ["guard-skip"], "skipEnvironments": [], "maxActions": 5, "keepPublicIp": true, "maxReads": 100 } }
(these are the defaults; null turns a rule off). It only ever hibernates: never deletes, never stops, never
changes anything else (a stopped VM is started to be hibernated: the service hibernates only a running one).

Exit codes: 0 nothing to do or all applied, 10 a plan printed and not applied (or cut by maxActions), 1 some
action failed, 2 usage or policy error, 3 the service unreachable or the key refused, 4 a read-only profile asked
to apply. Another run holding the lock: nothing done, exit 0 (said on stderr).`,
    load: () => import('./guard.js').then((m) => m.runGuard),
  },
  {
    name: 'keys',
    summary: 'list every action the config’s "keys" section can remap, with the keys that run it now',
    synopsis: '',
    flags: [HELP],
    notes:
      'In the config file: { "keys": { "vms.stop": "S", "table.down": ["ctrl+n", "down"] } }. Problems in that section are\nreported on stderr with the file and line (exit 2), here and when the app starts.',
    load: () => import('./keys.js').then((m) => m.runKeys),
  },
  {
    name: 'simulate',
    summary: 'run the simulator of the service in the foreground',
    synopsis: '[options]',
    flags: [
      { name: '--port', value: 'N', help: 'port to listen on' },
      { name: '--host', value: 'H', help: 'address to listen on' },
      { name: '--scale', value: 'N', help: 'number of virtual machines' },
      { name: '--seed', value: 'N', help: 'seed of the demo data and of the faults' },
      { name: '--faults', value: 'LIST', help: 'inject faults' },
      { name: '--vm-create-seconds', value: 'N', help: 'how long a new VM stays CREATING' },
      { name: '--rate-limit', value: 'N', help: 'requests per minute per client' },
      HELP,
    ],
    load: () => import('../sim/simulate-cli.js').then((m) => (argv: string[]) => m.runSimulate(argv)),
  },
];

export function findCommand(name: string | undefined): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** The top-level help's list of commands. */
export function commandList(): string {
  const width = maxOf(
    COMMANDS.map((c) => c.name.length),
    0,
  );
  return `Commands (each has --help):\n${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}`;
}
