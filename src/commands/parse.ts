/** Parses a subcommand's arguments against its registry entry: the one place that knows flag syntax. */
import { pushAll } from '../domain/lists.js';
import { quote } from '../domain/quote.js';
import type { CommandEntry } from './command.js';

export interface CommandArgs {
  /** By long name without the dashes: a value, or true for a flag without one. */
  flags: Record<string, string | true>;
  positionals: string[];
}

/** A flag's value when it was given one (a flag alone, or absent: undefined). */
export function stringFlag(args: CommandArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === 'string' ? v : undefined;
}

/** A bad command line: one line for stderr, exit code 2. */
export class UsageError extends Error {}

export function parseCommandArgs(entry: CommandEntry, argv: readonly string[]): CommandArgs {
  const out: CommandArgs = { flags: {}, positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string;
    if (raw === '--') {
      pushAll(out.positionals, argv.slice(i + 1));
      break;
    }
    if (!raw.startsWith('-') || raw === '-') {
      out.positionals.push(raw);
      continue;
    }
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const name = eq > 0 ? raw.slice(0, eq) : raw;
    const flag = entry.flags.find((f) => f.name === name || f.short === name);
    if (!flag) throw new UsageError(`unknown option ${quote(raw)} (see ${entry.name} --help)`);
    const key = flag.name.slice(2);
    if (!flag.value) {
      if (eq > 0) throw new UsageError(`${flag.name} takes no value`);
      out.flags[key] = true;
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = raw.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('-')) {
        value = next;
        i++;
      }
    }
    if (!value) throw new UsageError(`${flag.name} needs ${flag.value}`);
    const choices = flag.choices;
    if (Array.isArray(choices) && !choices.includes(value)) {
      throw new UsageError(`${flag.name} must be one of ${choices.join(', ')}, got ${quote(value)}`);
    }
    out.flags[key] = value;
  }
  return out;
}
