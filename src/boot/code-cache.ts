/**
 * V8's compiled code for the app, kept between runs in the user's cache directory. A start with it skips parsing
 * and compiling ~1 MB of JavaScript and compiles none of the functions start-up runs: the cache is taken once
 * start-up has settled, so it holds them too. (Node's own compile cache, Node 22+ only, keeps just the top level.)
 *
 * The file is code the process will run, so it is only read from a directory and file the user alone owns and
 * can write; anything else is ignored (and never overwritten). A cache V8 rejects (other Node, other flags) is
 * replaced. Nothing here may stop the app: every failure means "start without a cache".
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface CodeCacheOptions {
  /** Identity of the app's source (a hash from the build): a cache is only ever used with the source it was made from. */
  key: string;
  env?: NodeJS.ProcessEnv;
}

export interface CodeCache {
  /** The cached code, when there is a usable file. */
  data?: Buffer;
  /** Where it lives; undefined when caching is off or impossible. */
  file?: string;
  /** Writes `produce()` (atomically, owner-only) unless a good cache was used. */
  save(produce: () => Buffer, rejected: boolean): boolean;
}

const NONE: CodeCache = { save: () => false };

/** `$XDG_CACHE_HOME/hyperstack-tui`, else `~/.cache/hyperstack-tui`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.cache');
  return join(base, 'hyperstack-tui');
}

/** Only the user may have written it: owned by us, not writable by group or others. */
function ownedPrivately(st: { uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
}

export function openCodeCache({ key, env = process.env }: CodeCacheOptions): CodeCache {
  if (env.HYPERSTACK_TUI_CODE_CACHE === '0') return NONE;
  try {
    const dir = cacheDir(env);
    // One file per app build, Node version and machine type: V8 refuses a cache from another V8 anyway.
    const name = `code-${key}-${process.version}-${process.arch}.bin`;
    const file = join(dir, name);
    const data = readPrivate(dir, file);
    if (data === null) return NONE; // there, but not ours alone: leave it be
    return {
      data,
      file,
      save(produce, rejected) {
        if (data && !rejected) return false;
        try {
          mkdirSync(dir, { recursive: true, mode: 0o700 });
          if (!ownedPrivately(statSync(dir))) return false;
          const tmp = join(dir, `.${name}.${process.pid}`);
          writeFileSync(tmp, produce(), { mode: 0o600 });
          renameSync(tmp, file);
          // Caches of other builds and Node versions are dead weight now.
          for (const other of readdirSync(dir)) {
            if (other !== name && /^code-.*\.bin$/.test(other)) rmSync(join(dir, other), { force: true });
          }
          return true;
        } catch {
          return false;
        }
      },
    };
  } catch {
    return NONE;
  }
}

/** The file's bytes; undefined when there is none yet; null when it (or its directory) is not private to the user. */
function readPrivate(dir: string, file: string): Buffer | undefined | null {
  let dirStat: ReturnType<typeof statSync>;
  try {
    dirStat = statSync(dir);
  } catch {
    return undefined;
  }
  if (!ownedPrivately(dirStat)) return null;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || !ownedPrivately(st)) return null;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

// Taken once the first frame is drawn and has settled, so the cache holds the functions it needed, not just the top
// level. Never before it: making and writing the cache takes ~300 ms of CPU, which on a busy machine delayed the
// very first frame (measured: a first start 1.98× Ink hello, against 1.31× with a cache). Without a frame (the
// simulator, an error) it is taken a while after start.
export const SAVE_AFTER_FRAME_MS = 1000;
export const SAVE_WITHOUT_FRAME_MS = 5000;

/** Calls `save` a second after the first frame (`onFirstFrame`), or 5 s after start when no frame comes. */
export function scheduleSave(save: () => void, onFirstFrame: (fn: () => void) => void): void {
  let timer = setTimeout(save, SAVE_WITHOUT_FRAME_MS).unref();
  onFirstFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_FRAME_MS).unref();
  });
}
