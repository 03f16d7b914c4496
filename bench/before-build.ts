/**
 * `--before REF`: the app as it was at a git commit, built beside this one for the same run (a detached worktree in
 * a temporary directory, with this checkout's node_modules), so before/after figures come from one run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BeforeBuild {
  /** Its dist/cli.js (pieces.json beside it). */
  cli: string;
  /** The commit, short. */
  label: string;
  dispose(): void;
}

export function buildBefore(ref: string): BeforeBuild {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  const parent = mkdtempSync(join(tmpdir(), 'hs-bench-before-'));
  const dir = join(parent, commit);
  git('worktree', 'add', '--detach', dir, commit);
  const dispose = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      // gone already, or half made: the directory goes, then git forgets it
    }
    rmSync(parent, { recursive: true, force: true });
    git('worktree', 'prune');
  };
  try {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    execFileSync(process.execPath, [join(dir, 'scripts/build.mjs')], { cwd: dir, stdio: 'inherit' });
    const cli = join(dir, 'dist/cli.js');
    if (!existsSync(cli)) throw new Error(`building ${ref} made no dist/cli.js`);
    return { cli, label: commit, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}
