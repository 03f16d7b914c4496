/**
 * `hyperstack-tui completion SHELL`: a completion script for bash, zsh or fish. Each script is a thin shim that
 * asks the program itself (`completion --words -- WORD…`, see completion-words.ts), so it never goes stale.
 */
import { completionWord, typedPrefix } from '../domain/completion-word.js';
import { quote } from '../domain/quote.js';
import { type CommandContext, commandHelp } from './command.js';
import { EXIT, type Io, processIo, runCommand } from './connect.js';
import { SHELLS, type Shell } from './kinds.js';
import { write } from './output.js';
import { parseCommandArgs, UsageError } from './parse.js';

// bash: the program filters and quotes the words (no compgen -W, which would expand them); each line is one reply.
const BASH = `# bash completion for hyperstack-tui: source <(hyperstack-tui completion bash)
_hyperstack_tui() {
  local line
  COMPREPLY=()
  while IFS= read -r line; do
    COMPREPLY+=("$line")
  done < <("\${COMP_WORDS[0]}" completion --words bash -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
}
complete -F _hyperstack_tui hyperstack-tui
`;

const ZSH = `#compdef hyperstack-tui
# zsh completion for hyperstack-tui: source <(hyperstack-tui completion zsh)   (after compinit)
_hyperstack_tui() {
  local -a candidates
  candidates=("\${(@f)$("\${words[1]}" completion --words zsh -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -a candidates
}
compdef _hyperstack_tui hyperstack-tui
`;

const FISH = `# fish completion for hyperstack-tui: hyperstack-tui completion fish > ~/.config/fish/completions/hyperstack-tui.fish
function __hyperstack_tui_complete
    set -l words (commandline -opc) (commandline -ct)
    $words[1] completion --words fish -- $words[2..-1] 2>/dev/null
end
complete -c hyperstack-tui -f -a '(__hyperstack_tui_complete)'
`;

export const SCRIPTS: Readonly<Record<Shell, string>> = { bash: BASH, zsh: ZSH, fish: FISH };

export function runCompletion(
  argv: string[],
  { entry, commands }: CommandContext,
  io: Io = processIo(),
): Promise<number> {
  return runCommand('completion', io, async () => {
    // what the scripts call on Tab (`--words SHELL -- WORD…`): the candidates, one a line, as that shell takes them
    if (argv[0] === '--words') {
      const { completionWords } = await import('./completion-words.js');
      const shell = (SHELLS as readonly string[]).includes(argv[1] ?? '') ? (argv[1] as Shell) : undefined;
      const rest = shell ? argv.slice(2) : argv.slice(1);
      const words = rest[0] === '--' ? rest.slice(1) : rest;
      await write(
        io.stdout,
        completionLines(await completionWords(words, commands, io.env), words.at(-1), shell),
      );
      return EXIT.ok;
    }
    const args = parseCommandArgs(entry, argv);
    if (args.flags.help) {
      io.stdout.write(commandHelp(entry));
      return EXIT.ok;
    }
    const [shell, extra] = args.positionals;
    if (!shell) throw new UsageError(`which shell? one of ${SHELLS.join(', ')}`);
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`no completion for ${quote(shell)}: one of ${SHELLS.join(', ')}`);
    }
    if (extra !== undefined) throw new UsageError(`unexpected argument ${quote(extra)}`);
    await write(io.stdout, SCRIPTS[shell as Shell]);
    return EXIT.ok;
  });
}

/**
 * The candidates as `shell`'s script reads them, one a line (domain/completion-word.ts): for bash, only those that
 * start with the word being typed (bash gets no compgen to filter them).
 */
export function completionLines(candidates: readonly string[], typed = '', shell?: Shell): string {
  const prefix = shell === 'bash' ? typedPrefix(typed) : '';
  const out: string[] = [];
  for (const c of candidates) {
    if (!c.startsWith(prefix)) continue;
    const word = completionWord(c, shell);
    if (word !== undefined) out.push(`${word}\n`);
  }
  return out.join('');
}
