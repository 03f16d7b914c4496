import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CLOSE_ESCAPE, packChunks } from '../../scripts/bundle/pack-chunks.mjs';
import { PIECE_HEAD, PIECE_TAIL, readShared } from '../../src/boot/bundle-bytes.js';
import type { Manifest } from '../../src/boot/chunks.js';
import { compileAhead } from '../../src/boot/compile-ahead.js';
import { freeCore } from '../../src/boot/free-core.js';

// Pieces as the build writes them (`b` with a "*\/" of its own); `bad` does not compile; `main` was loaded by the
// main thread before the worker began; `boom` would throw if anything ran it.
const PIECES = [
  { name: 'a.js', text: 'const b = require("./b.js"); exports.five = b.four + 1; require("node:path");' },
  { name: 'b.js', text: 'function twice(x) { return x * 2 } exports.four = twice(2); exports.star = "*/";' },
  { name: 'bad.js', text: 'this is not javascript (' },
  { name: 'main.js', text: 'exports.main = true;' },
  {
    name: 'boom.js',
    text: 'require("node:fs").writeFileSync(process.env.HS_AHEAD_RAN, "ran"); throw new Error("ran");',
  },
];

function bundle(big = false): { file: string; manifest: Manifest } {
  // `gate.js`, as big as a library's piece, holds the worker for as long as it takes to compile
  const gate = { name: 'gate.js', text: 'var x = [1, 2, 3];'.repeat(big ? 200_000 : 1) };
  const { payload, manifest } = packChunks([...PIECES, gate], 'main.js');
  const file = join(mkdtempSync(join(tmpdir(), 'hs-ahead-')), 'cli.js');
  writeFileSync(file, `#!/usr/bin/env node\n// ¡boot!\n${payload}`);
  return { file, manifest: manifest as Manifest };
}

/** A piece's source as the main thread compiles it (chunks.ts). */
function sourceOf(b: ReturnType<typeof bundle>, name: string): string {
  const bytes = readFileSync(b.file);
  const base = bytes.length - b.manifest.payloadBytes;
  const [start, length, escaped] = b.manifest.pieces[name] as [number, number, number];
  const text = bytes.toString('utf8', base + start, base + start + length);
  return PIECE_HEAD + (escaped ? text.replaceAll(CLOSE_ESCAPE, '*/') : text) + PIECE_TAIL;
}

/** The worker for these pieces of bundle `b` (its bytes as the main thread read them); `done`: those the main thread loaded before it began. */
function ahead(
  b: ReturnType<typeof bundle>,
  list: string[],
  done: (name: string) => boolean = () => false,
  bytes = readShared(b.file),
) {
  const started = compileAhead({
    file: b.file,
    bytes,
    base: bytes.length - b.manifest.payloadBytes,
    pieces: b.manifest.pieces,
    list,
    done,
    require: createRequire(import.meta.url),
  });
  if (!started) throw new Error('no worker');
  return started;
}

describe('compiling ahead on a worker thread (src/boot/compile-ahead.ts)', () => {
  it('hands over each listed piece as a code cache V8 takes for that piece, running none; never one that does not compile, nor one the main thread had', async () => {
    const b = bundle();
    const ran = join(mkdtempSync(join(tmpdir(), 'hs-ran-')), 'ran');
    process.env.HS_AHEAD_RAN = ran;
    const a = ahead(b, ['a.js', 'b.js', 'bad.js', 'main.js', 'boom.js'], (name) => name === 'main.js');
    await a.exited;
    delete process.env.HS_AHEAD_RAN;
    expect(existsSync(ran)).toBe(false);
    for (const name of ['a.js', 'b.js', 'boom.js']) {
      const cachedData = a.take(name);
      expect(cachedData, name).toBeInstanceOf(Buffer);
      const script = new Script(sourceOf(b, name), { filename: `${b.file}#${name}`, cachedData });
      expect(script.cachedDataRejected, name).toBe(false);
    }
    expect(a.take('bad.js')).toBeUndefined();
    expect(a.take('main.js')).toBeUndefined();
    // each once: the main thread compiles it should it ask again
    expect(a.take('a.js')).toBeUndefined();
    expect(a.take('not-listed.js')).toBeUndefined();
  });

  it('a piece the main thread reaches first is its own: the worker does not hand it over later', async () => {
    const a = ahead(bundle(true), ['gate.js', 'b.js', 'a.js']);
    // the worker's thread takes tens of ms to start, then compiles `gate` first: the main thread claims `a` before
    expect(a.take('a.js')).toBeUndefined();
    await a.exited;
    expect(a.take('a.js')).toBeUndefined();
    expect(a.take('b.js')).toBeInstanceOf(Buffer);
  });

  it('compiles the bytes the main thread read, not the file: one replaced meanwhile changes nothing', async () => {
    const b = bundle();
    const bytes = readShared(b.file);
    const text = { a: sourceOf(b, 'a.js'), b: sourceOf(b, 'b.js') };
    writeFileSync(b.file, 'replaced by another build');
    const a = ahead(b, ['a.js', 'b.js'], () => false, bytes);
    await a.exited;
    for (const name of ['a', 'b'] as const) {
      const script = new Script(text[name], {
        filename: `${b.file}#${name}.js`,
        cachedData: a.take(`${name}.js`),
      });
      expect(script.cachedDataRejected, name).toBe(false);
    }
  });
});

describe('a free core for it (src/boot/free-core.ts)', () => {
  const loadavg = (running: number) => () => `3.50 3.40 3.30 ${running}/321 4567\n`;
  it('reads how many threads run right now (the asking one among them) against the cores, not the minute load average', () => {
    expect(freeCore(loadavg(1))).toBe(availableParallelism() >= 2);
    expect(freeCore(loadavg(availableParallelism()))).toBe(false);
  });
});
