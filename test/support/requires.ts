/**
 * Tests that need a program besides Node (tmux, zsh, fish): CI installs them (.ci/run), so there a missing one
 * fails the test; elsewhere the test is skipped, saying which program is missing and how to install it.
 */
import { execFileSync } from 'node:child_process';

const HOW = 'sudo apt-get install tmux zsh fish (Debian, Ubuntu) or brew install tmux zsh fish (macOS)';

const found = new Map<string, boolean>();
function installed(program: string): boolean {
  let is = found.get(program);
  if (is === undefined) {
    try {
      execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
      is = true;
    } catch {
      is = false;
    }
    found.set(program, is);
  }
  return is;
}

/** Why the test cannot run here ("zsh is not installed: …"), or undefined when every program is there. */
export function missing(...programs: readonly string[]): string | undefined {
  const absent = programs.filter((p) => !installed(p));
  if (absent.length === 0) return undefined;
  return `${absent.join(', ')} ${absent.length === 1 ? 'is' : 'are'} not installed: ${HOW}`;
}

interface SkipContext {
  skip(note?: string): never;
}

/** Skips the test (with the reason) when a program is missing, or fails it under CI, which must have them all. */
export function requires(ctx: SkipContext, ...programs: readonly string[]): void {
  const why = missing(...programs);
  if (why === undefined) return;
  if (process.env.CI) throw new Error(`${why} (CI installs them: .ci/run)`);
  ctx.skip(why);
}
