import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packChunks, CLOSE_ESCAPE as WRITTEN } from '../../scripts/bundle/pack-chunks.mjs';
import { CLOSE_ESCAPE as READ } from '../../src/boot/bundle-bytes.js';
import { type Manifest, runPieces } from '../../src/boot/chunks.js';
import { type CodeCache, SAVE_AFTER_FRAME_MS } from '../../src/boot/code-cache.js';
import { mark, onMark } from '../../src/startup-trace.js';

// What the pieces did, in order (they run as real compiled code, so they report through a global).
const g = globalThis as { __hsPieces?: string[] };

const PIECES = [
  {
    name: 'cli.js',
    text: `__hsPieces.push('cli'); const a = require('./chunk-a.js');
exports.answer = a.value + 1;
exports.later = () => Promise.resolve().then(() => require('./late.js'));
exports.builtin = require('node:path').sep;`,
  },
  // its own "*/" (in a regular expression and a string) must survive the comment it rides in
  {
    name: 'chunk-a.js',
    text: `__hsPieces.push('a'); exports.value = 41; exports.star = /x*/.source + "*/";`,
  },
  { name: 'late.js', text: `__hsPieces.push('late'); exports.dir = __dirname;` },
  // never required: never compiled (it would not compile)
  { name: 'broken.js', text: 'this is not javascript (' },
];

/** A bundle file like scripts/build.mjs writes: boot code, then the pieces' comment. */
function bundle(): { file: string; manifest: Manifest } {
  const { payload, manifest } = packChunks(PIECES, 'cli.js');
  const file = join(mkdtempSync(join(tmpdir(), 'hs-pieces-')), 'cli.js');
  writeFileSync(file, `#!/usr/bin/env node\nconsole.log("boot"); // ¡non-ASCII boot code too!\n${payload}`);
  return { file, manifest: manifest as Manifest };
}

function memoryCache(start = new Map<string, Buffer>()): CodeCache & { saves: Array<Map<string, Buffer>> } {
  const saves: Array<Map<string, Buffer>> = [];
  return { pieces: start, file: '/cache', saves, save: (p) => saves.push(new Map(p)) > 0 };
}

const run = (b: ReturnType<typeof bundle>, cache: CodeCache) =>
  runPieces({ ...b, cache, require: createRequire(import.meta.url) }) as {
    answer: number;
    later(): Promise<{ dir: string }>;
    builtin: string;
  };

describe('the app in pieces (src/boot/chunks.ts, scripts/bundle/pack-chunks.mjs)', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete g.__hsPieces;
  });

  it('compiles a piece when it is first required, and never one nobody requires', async () => {
    g.__hsPieces = [];
    const b = bundle();
    const app = run(b, memoryCache());
    expect(app.answer).toBe(42);
    expect(app.builtin).toBe('/');
    expect(g.__hsPieces).toEqual(['cli', 'a']);
    const late = await app.later();
    expect(late.dir).toBe(dirname(b.file));
    expect(g.__hsPieces).toEqual(['cli', 'a', 'late']); // once each
    await app.later();
    expect(g.__hsPieces).toEqual(['cli', 'a', 'late']);
    expect(PIECES[1]?.text).toContain('*/');
    expect(b.manifest.pieces['chunk-a.js']?.[2]).toBe(1); // written escaped, read back whole
    expect(READ).toBe(WRITTEN);
  });

  it('saves the compiled pieces after the first frame, then each piece compiled later; a start uses them', async () => {
    vi.useFakeTimers();
    g.__hsPieces = [];
    const b = bundle();
    const cache = memoryCache();
    const app = run(b, cache);
    expect(cache.saves).toEqual([]); // nothing before the first frame
    mark('rendered');
    vi.advanceTimersByTime(SAVE_AFTER_FRAME_MS);
    expect([...(cache.saves[0]?.keys() ?? [])].sort()).toEqual(['chunk-a.js', 'cli.js']);
    await app.later();
    vi.advanceTimersByTime(SAVE_AFTER_FRAME_MS);
    expect([...(cache.saves[1]?.keys() ?? [])].sort()).toEqual(['chunk-a.js', 'cli.js', 'late.js']);

    // The next start: V8 takes the saved code, and nothing new is compiled, so nothing is written.
    let used = false;
    onMark('code-cache-used', () => {
      used = true;
    });
    const warm = memoryCache(cache.saves[1]);
    expect(run(b, warm).answer).toBe(42);
    expect(used).toBe(true);
    mark('rendered');
    vi.advanceTimersByTime(SAVE_AFTER_FRAME_MS * 10);
    expect(warm.saves).toEqual([]);
  });

  it('replaces code V8 will not take (another Node, a damaged file)', () => {
    vi.useFakeTimers();
    g.__hsPieces = [];
    const b = bundle();
    let rejected = false;
    onMark('code-cache-rejected', () => {
      rejected = true;
    });
    const cache = memoryCache(new Map([['cli.js', Buffer.from('not V8 code at all')]]));
    expect(run(b, cache).answer).toBe(42);
    expect(rejected).toBe(true);
    mark('rendered');
    vi.advanceTimersByTime(SAVE_AFTER_FRAME_MS);
    expect(cache.saves[0]?.get('cli.js')?.toString()).not.toBe('not V8 code at all');
  });
});
