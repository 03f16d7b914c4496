/**
 * The bundle's bytes and how a piece is written in them (scripts/bundle/pack-chunks.mjs) and compiled: shared by
 * chunks.ts, which runs the pieces, and compile-ahead.ts, whose worker compiles some of them first.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

// How a piece's own "*/" is written in the comment (pack-chunks.mjs, which the boot code cannot import: it is the
// build's).
export const CLOSE_ESCAPE = '*\x01/';
// A piece's source as compiled: the body of a CommonJS-style function.
export const PIECE_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const PIECE_TAIL = '\n})';

/**
 * The file's bytes, in memory another thread can read as they are: a first start's worker compiles the very text
 * the main thread runs, without reading the file again (nor a file replaced meanwhile).
 */
export function readShared(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = Buffer.from(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}
