/**
 * V8's compiled code for the app, kept between runs in the user's cache directory: one file holding the code of
 * each piece of the app compiled so far (chunks.ts). A start with it skips parsing and compiling its JavaScript and
 * compiles none of the functions start-up runs: the cache is taken once start-up has settled, so it holds them
 * too. (Node's own compile cache, Node 22+ only, keeps just the top level.)
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
import { join } from 'node:path';
import { xdgAppDir } from '../config/xdg.js';

export interface CodeCacheOptions {
  /** Identity of the app's source (a hash from the build): a cache is only ever used with the source it was made from. */
  key: string;
  env?: NodeJS.ProcessEnv;
}

export interface CodeCache {
  /** The cached code of each piece of the app (see chunks.ts), when there is a usable file. */
  pieces: ReadonlyMap<string, Buffer>;
  /** Where it lives; undefined when caching is off or impossible. */
  file?: string;
  /** Writes these pieces' code (atomically, owner-only) as the whole cache; false when it could not. */
  save(pieces: ReadonlyMap<string, Buffer>): boolean;
}

const NONE: CodeCache = { pieces: new Map(), save: () => false };

/** `$XDG_CACHE_HOME/hyperstack-tui`, else `~/.cache/hyperstack-tui`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return xdgAppDir(env, 'XDG_CACHE_HOME', '.cache');
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
      pieces: data ? unpackCaches(data) : new Map(),
      file,
      save(pieces) {
        try {
          mkdirSync(dir, { recursive: true, mode: 0o700 });
          if (!ownedPrivately(statSync(dir))) return false;
          const tmp = join(dir, `.${name}.${process.pid}`);
          writeFileSync(tmp, packCaches(pieces), { mode: 0o600 });
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

/** Many pieces' caches in one file: a 4-byte length, a JSON index { name: [offset, length] }, the bytes. */
export function packCaches(pieces: ReadonlyMap<string, Buffer>): Buffer {
  const index: Record<string, [number, number]> = {};
  let at = 0;
  for (const [name, data] of pieces) {
    index[name] = [at, data.length];
    at += data.length;
  }
  const head = Buffer.from(JSON.stringify(index));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  return Buffer.concat([size, head, ...pieces.values()]);
}

/** The pieces of a cache file; none when it is not one (truncated, another format: V8 would reject it anyway). */
export function unpackCaches(file: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  try {
    const headEnd = 4 + file.readUInt32LE(0);
    const index = JSON.parse(file.subarray(4, headEnd).toString()) as Record<string, [number, number]>;
    for (const [name, [offset, length]] of Object.entries(index)) {
      const start = headEnd + offset;
      if (!(start >= headEnd && length >= 0 && start + length <= file.length)) return new Map();
      out.set(name, file.subarray(start, start + length));
    }
    return out;
  } catch {
    return new Map();
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
