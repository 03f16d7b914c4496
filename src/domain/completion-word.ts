// A word offered by Tab (a profile name from the config file, a screen, a flag) as its shell needs it. bash's
// `compgen -W` expands `$(…)` in its word list, so the bash script no longer uses it: the program keeps the words
// that start with what is typed and quotes each for bash, and the script puts them in COMPREPLY as they are. zsh
// (`compadd`) and fish quote a candidate themselves when they insert it: they get the word as it is.
import { shellQuote } from './shell-line.js';

export type CompletionShell = 'bash' | 'zsh' | 'fish';

/** A line break would split a word in two; no control character is ever offered. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Characters no shell reads specially. */
const PLAIN = /^[A-Za-z0-9_./:=@%+,-]+$/;

/**
 * The word as the shell's completion script takes it (one line), or undefined to leave it out: quoted for bash;
 * as it is for zsh and fish; for a script of an older version (`shell` undefined, which may hand the words to
 * `compgen -W`), only a plain word.
 */
export function completionWord(word: string, shell: CompletionShell | undefined): string | undefined {
  if (word === '' || CONTROL.test(word)) return undefined;
  if (shell === undefined) return PLAIN.test(word) ? word : undefined;
  return shell === 'bash' ? shellQuote(word) : word;
}

/** What bash hands over as the word being typed, without its opening quote and backslashes (`'my pro` → `my pro`). */
export function typedPrefix(typed: string): string {
  const open = typed[0] === "'" || typed[0] === '"' ? typed.slice(1) : typed;
  return open.replace(/\\(.)/g, '$1');
}
