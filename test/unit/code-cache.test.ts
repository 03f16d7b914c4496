import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cacheDir,
  openCodeCache,
  packCaches,
  SAVE_AFTER_FRAME_MS,
  SAVE_WITHOUT_FRAME_MS,
  scheduleSave,
  unpackCaches,
} from '../../src/boot/code-cache.js';
import { mark, onMark } from '../../src/startup-trace.js';

const KEY = 'abc123';
const NAME = `code-${KEY}-${process.version}-${process.arch}.bin`;

function home() {
  const base = mkdtempSync(join(tmpdir(), 'hs-code-cache-'));
  const env = { XDG_CACHE_HOME: base };
  return { env, dir: join(base, 'hyperstack-tui'), file: join(base, 'hyperstack-tui', NAME) };
}

describe('the code cache directory', () => {
  it('lives in $XDG_CACHE_HOME/hyperstack-tui, else ~/.cache/hyperstack-tui', () => {
    expect(cacheDir({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/hyperstack-tui');
    expect(cacheDir({ HOME: '/home/ann' })).toBe('/home/ann/.cache/hyperstack-tui');
  });
});

const pieces = (o: Record<string, string>) => new Map(Object.entries(o).map(([k, v]) => [k, Buffer.from(v)]));
const texts = (m: ReadonlyMap<string, Buffer>) =>
  Object.fromEntries([...m].map(([k, v]) => [k, v.toString()]));

describe('the code cache (src/boot/code-cache.ts)', () => {
  it('has nothing the first time; saving writes an owner-only file in an owner-only directory', () => {
    const { env, dir, file } = home();
    const first = openCodeCache({ key: KEY, env });
    expect(first.pieces.size).toBe(0);
    expect(first.file).toBe(file);
    expect(first.save(pieces({ 'cli.js': 'compiled', 'chunk-A.js': 'more' }))).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([NAME]); // no temporary file left behind

    const second = openCodeCache({ key: KEY, env });
    expect(texts(second.pieces)).toEqual({ 'cli.js': 'compiled', 'chunk-A.js': 'more' });
    // a later save is the whole cache again (the pieces compiled since added)
    expect(second.save(pieces({ 'cli.js': 'compiled', 'vms.js': 'later' }))).toBe(true);
    expect(texts(openCodeCache({ key: KEY, env }).pieces)).toEqual({
      'cli.js': 'compiled',
      'vms.js': 'later',
    });
  });

  it('holds many pieces in one file, and a file that is not one holds none', () => {
    const packed = packCaches(pieces({ a: 'one', b: '', c: 'three' }));
    expect(texts(unpackCaches(packed))).toEqual({ a: 'one', b: '', c: 'three' });
    expect(unpackCaches(packed.subarray(0, packed.length - 2)).size).toBe(0); // cut short
    expect(unpackCaches(Buffer.from('not a cache at all')).size).toBe(0);
    expect(unpackCaches(Buffer.alloc(0)).size).toBe(0);
  });

  it('is named for the app build, the Node version and the machine, and a save clears other builds’ caches', () => {
    const { env, dir } = home();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, `code-old-${process.version}-${process.arch}.bin`), 'stale', { mode: 0o600 });
    writeFileSync(join(dir, 'notes.txt'), 'not ours to delete', { mode: 0o600 });
    expect(openCodeCache({ key: KEY, env }).pieces.size).toBe(0);
    openCodeCache({ key: KEY, env }).save(pieces({ a: 'new' }));
    expect(readdirSync(dir).sort()).toEqual([NAME, 'notes.txt']);
  });

  it('ignores, and never overwrites, a cache others could have written (the file is code the app runs)', () => {
    const { env, dir, file } = home();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, 'planted', { mode: 0o600 });
    chmodSync(file, 0o666);
    const open = openCodeCache({ key: KEY, env });
    expect(open.pieces.size).toBe(0);
    expect(open.save(pieces({ a: 'mine' }))).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('planted');

    chmodSync(file, 0o600);
    chmodSync(dir, 0o777);
    expect(openCodeCache({ key: KEY, env }).pieces.size).toBe(0);
  });

  it('is off with HYPERSTACK_TUI_CODE_CACHE=0, and any failure only means starting without it', () => {
    const { env, dir } = home();
    const off = openCodeCache({ key: KEY, env: { ...env, HYPERSTACK_TUI_CODE_CACHE: '0' } });
    expect(off.file).toBeUndefined();
    expect(off.save(pieces({ a: 'x' }))).toBe(false);
    // A file where the directory should be: nothing to read, nothing written, nothing thrown.
    writeFileSync(join(env.XDG_CACHE_HOME, 'hyperstack-tui'), 'a file');
    const blocked = openCodeCache({ key: KEY, env });
    expect(blocked.pieces.size).toBe(0);
    expect(blocked.save(pieces({ a: 'x' }))).toBe(false);
    expect(statSync(dir).isFile()).toBe(true);
  });

  describe('is written after the first frame, never before it', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('waits for the frame however late it comes, then a second more', () => {
      vi.useFakeTimers();
      const save = vi.fn();
      scheduleSave(save, (fn) => onMark('rendered', fn));
      vi.advanceTimersByTime(SAVE_WITHOUT_FRAME_MS - 1);
      expect(save).not.toHaveBeenCalled();
      mark('rendered'); // a slow first frame, just before the fallback
      vi.advanceTimersByTime(SAVE_AFTER_FRAME_MS - 1);
      expect(save).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(save).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(60_000);
      expect(save).toHaveBeenCalledTimes(1);
    });

    it('without any frame (the simulator, an error screen) it is written a while after start', () => {
      vi.useFakeTimers();
      const save = vi.fn();
      scheduleSave(save, () => {});
      vi.advanceTimersByTime(SAVE_WITHOUT_FRAME_MS);
      expect(save).toHaveBeenCalledTimes(1);
    });
  });
});
