/**
 * What Tab offers: the one logic behind the bash, zsh and fish scripts (they ask `hyperstack-tui completion
 * --words -- WORD…` and show the answer). Drawn from the command registry and from the app's own --help, so a
 * new command, flag or screen is offered without touching the scripts.
 */
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { usage } from '../config/args.js';
import { loadConfigFile } from '../config/profiles.js';
import type { Choices, CommandEntry, CommandFlag } from './command.js';

const SCREENS = SCREEN_REGISTRY.map((s) => s.name);

/** The full-screen app's flags, read from its help (the lines "  --flag VALUE  text"). */
export function appFlags(): CommandFlag[] {
  const flags: CommandFlag[] = [];
  for (const line of usage(SCREENS).split('\n')) {
    // the value's name ends the line when the flag is too long for the column ("--demo-restock-seconds N")
    const m = /^ {2}(--[a-z-]+)(?: ([A-Z]+))?(?:\s|$)/.exec(line);
    if (!m) continue;
    const name = m[1] as `--${string}`;
    const choices: Choices | undefined =
      name === '--screen' ? 'screens' : name === '--profile' ? 'profiles' : undefined;
    flags.push({ name, ...(m[2] ? { value: m[2] } : {}), ...(choices ? { choices } : {}), help: '' });
  }
  return flags;
}

/** Profile names in the config file; none when it is missing or unreadable (Tab must never fail loudly). */
async function profileNames(env: NodeJS.ProcessEnv): Promise<string[]> {
  try {
    return Object.keys((await loadConfigFile(env)).file?.profiles ?? {});
  } catch {
    return [];
  }
}

async function choicesOf(c: Choices | undefined, env: NodeJS.ProcessEnv): Promise<string[]> {
  if (c === 'profiles') return profileNames(env);
  if (c === 'screens') return SCREENS;
  if (c === undefined || c === 'file') return [];
  return [...c];
}

/**
 * Candidates for the last word of `words` (the words after the program name; the last one is being typed, maybe
 * empty). The shell keeps those that start with it.
 */
export async function completionWords(
  words: readonly string[],
  commands: readonly CommandEntry[],
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const cur = words[words.length - 1] ?? '';
  const before = words.slice(0, -1);
  const entry = commands.find((c) => c.name === before[0]);
  const flags = entry ? entry.flags : appFlags();
  const prev = before[before.length - 1];
  const valueFlag =
    prev === undefined ? undefined : flags.find((f) => f.value && (f.name === prev || f.short === prev));
  if (valueFlag) return choicesOf(valueFlag.choices, env);
  if (before.length === 0 && !cur.startsWith('-')) return commands.map((c) => c.name);
  if (cur.startsWith('-') || !entry?.positional) return flags.map((f) => f.name);
  // the first positional, unless one was given already
  const given = before.slice(1).some((w, i) => entry.positional?.includes(w) && !isValueOf(flags, before[i]));
  return given ? [] : [...entry.positional];
}

function isValueOf(flags: readonly CommandFlag[], prev: string | undefined): boolean {
  return prev !== undefined && flags.some((f) => f.value && (f.name === prev || f.short === prev));
}
