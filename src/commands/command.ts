/** The shape of a subcommand (the entries are in registry.ts) and its --help, drawn from that shape. */
import { maxOf } from '../domain/lists.js';

/** What a flag's value may be, for completion: fixed words, or names looked up when completing. */
export type Choices = readonly string[] | 'profiles' | 'screens' | 'file';

export interface CommandFlag {
  name: `--${string}`;
  short?: `-${string}`;
  /** The value's placeholder in the help; absent for a flag without a value. */
  value?: string;
  choices?: Choices;
  help: string;
}

export interface CommandEntry {
  name: string;
  summary: string;
  /** What follows the command's name in the synopsis. */
  synopsis: string;
  /** Words the first argument may be (for completion). */
  positional?: readonly string[];
  flags: readonly CommandFlag[];
  /** Lines after the options in --help (exit codes, examples). */
  notes?: string;
  /** Loads the command's code; it runs with the arguments after its name and resolves with the exit code. */
  load(): Promise<CommandRun>;
}

/** What a command's code gets besides its arguments: its own entry, and every command (for completion). */
export interface CommandContext {
  entry: CommandEntry;
  commands: readonly CommandEntry[];
}

export type CommandRun = (argv: string[], ctx: CommandContext) => Promise<number>;

/** A command's --help, from its entry. */
export function commandHelp(c: CommandEntry): string {
  const width = maxOf(
    c.flags.map((f) => flagLabel(f).length),
    0,
  );
  const options = c.flags.map((f) => `  ${flagLabel(f).padEnd(width)}  ${f.help}`).join('\n');
  return `Usage: hyperstack-tui ${c.name} ${c.synopsis}\n\n${capital(c.summary)}.\n\nOptions:\n${options}\n${c.notes ? `\n${c.notes}\n` : ''}`;
}

const flagLabel = (f: CommandFlag) =>
  `${f.short ? `${f.short}, ` : ''}${f.name}${f.value ? ` ${f.value}` : ''}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
