/**
 * scripts/bundle/eager-modules.mjs: esbuild's CommonJS module bodies become parenthesized function expressions,
 * which V8 compiles with their piece, and the pieces still do exactly what they did. Built here with esbuild as
 * scripts/build.mjs builds the app: split ESM pieces, each turned into CommonJS.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Script } from 'node:vm';
import { build, transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { type Chunk, eagerModuleBodies } from '../../scripts/bundle/eager-modules.mjs';

const SOURCES: Record<string, string> = {
  'a.cjs':
    'module.exports = { n: 1, f() { return 2; }, g: function () { return this === module.exports; } };',
  // `arguments` here is the wrapper's: as a function instead of an arrow it would be another one
  'b.cjs': 'exports.args = typeof arguments; exports.self = this === exports;',
  'c.cjs': 'const a = require("./a.cjs"); module.exports = () => a.n + 40;',
  'one.mjs':
    'import a from "./a.cjs"; import * as b from "./b.cjs"; export const out = [a.n, a.f(), a.g(), b.args, b.self];',
  'two.mjs': 'import c from "./c.cjs"; import a from "./a.cjs"; export const out = [c(), a.n];',
};

async function pieces(): Promise<Chunk[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hs-eager-'));
  for (const [name, text] of Object.entries(SOURCES)) writeFileSync(join(dir, name), text);
  const app = await build({
    entryPoints: [join(dir, 'one.mjs'), join(dir, 'two.mjs')],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    platform: 'node',
    outdir: join(dir, 'out'),
    write: false,
  });
  return Promise.all(
    app.outputFiles.map(async (f) => ({
      name: basename(f.path),
      text: (await transform(f.text, { format: 'cjs', minify: true })).code,
    })),
  );
}

/** Runs an entry piece as src/boot/chunks.ts does: each piece a CommonJS-style function, required by './NAME'. */
function run(chunks: Chunk[], entry: string): unknown {
  const done = new Map<string, { exports: unknown }>();
  const load = (name: string): unknown => {
    const had = done.get(name);
    if (had) return had.exports;
    const text = chunks.find((c) => c.name === name)?.text;
    if (text === undefined) throw new Error(`no piece ${name}`);
    const module = { exports: {} };
    done.set(name, module);
    new Script(`(function (exports, require, module) {${text}\n})`).runInThisContext()(
      module.exports,
      (id: string) => load(id.slice(2)),
      module,
    );
    return module.exports;
  };
  return (load(entry) as { out: unknown }).out;
}

describe('eager module bodies (scripts/bundle/eager-modules.mjs)', () => {
  it('turns the module wrappers into parenthesized functions, and the pieces do what they did', async () => {
    const before = await pieces();
    const { chunks: after, stats } = eagerModuleBodies(before);
    // a.cjs and c.cjs; b.cjs says `arguments` and keeps its arrow
    expect(stats).toEqual({ rewritten: 2, kept: 1 });
    const text = after.map((c) => c.text).join('\n');
    expect(text.match(/\(\(function\([\w$,]*\)\{/g)).toHaveLength(2);
    for (const entry of ['one.js', 'two.js']) expect(run(after, entry)).toEqual(run(before, entry));
    expect(run(after, 'one.js')).toEqual([1, 2, true, 'object', true]);
    expect(run(after, 'two.js')).toEqual([41, 1]);
  });

  it('leaves pieces without module wrappers as they are', () => {
    const plain = [{ name: 'x.js', text: 'var a=(b,c)=>{return b+c};module.exports=a(1,2);' }];
    expect(eagerModuleBodies(plain)).toEqual({ chunks: plain, stats: { rewritten: 0, kept: 0 } });
  });
});
