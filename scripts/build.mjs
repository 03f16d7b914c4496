// Bundles the whole app (Ink, React, zustand, zod, undici, …) into ONE ESM file with a shebang,
// so `npx hyperstack-tui` downloads a single file and installs no runtime dependencies.
// Two steps: the app (src/cli.ts) is bundled in pieces, each the body of a function that src/boot.ts, the file's
// entry, compiles with V8's code cache when first needed; the pieces ride in a comment at the end of the file and
// the boot code knows where each one is (virtual module `hyperstack-tui:app`).
import { mkdtempSync, rmSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { aheadLists } from './bundle/ahead.mjs';
import { eagerModuleBodies } from './bundle/eager-modules.mjs';
import { eagerHotFunctions } from './bundle/hot-functions.mjs';
import { packChunks } from './bundle/pack-chunks.mjs';
import { esbuildPatches, LAZY_SEGMENTER, PATCHES } from './bundle/patches.mjs';
import { recordHotFunctions } from './bundle/record-hot.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const outfile = `${root}dist/cli.js`;

const applied = new Set();
const patchPackages = esbuildPatches(applied);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  plugins: [patchPackages],
  logLevel: 'warning',
};

// The app, split where it loads code on demand (screens, subcommands, the simulator): each piece is compiled only
// when first needed, so a start compiles the code of its first frame, not the whole app. esbuild splits ESM only;
// each piece is then turned into the body of a CommonJS-style function that src/boot/chunks.ts compiles.
const app = await build({
  ...common,
  entryPoints: [`${root}src/cli.ts`],
  format: 'esm',
  splitting: true,
  outdir: `${root}dist/app`,
  write: false,
  metafile: true,
  jsx: 'automatic',
  alias: {
    // Ink only loads react-devtools-core when DEV=true; never ship it. Only its devtools use ws.
    'react-devtools-core': `${root}scripts/bundle/stub-devtools.mjs`,
    ws: `${root}scripts/bundle/stub-devtools.mjs`,
    // is-in-ci: see scripts/bundle/is-in-ci.mjs (draw interactively on a TTY even when CI=true).
    'is-in-ci': `${root}scripts/bundle/is-in-ci.mjs`,
    // Ink measures every text node with string-width: answer the always-narrow strings without segmenting them.
    'string-width': `${root}scripts/bundle/string-width-fast.ts`,
    // Yoga, loaded on demand (src/ui/layout-engine.ts).
    'yoga-layout': `${root}scripts/bundle/yoga-lazy.mjs`,
    // undici's assert(value) calls, without Node's assert module (see the file).
    'node:assert': `${root}scripts/bundle/assert-lite.cjs`,
    assert: `${root}scripts/bundle/assert-lite.cjs`,
  },
  define: { 'process.env.NODE_ENV': '"production"', __VERSION__: JSON.stringify(pkg.version) },
  banner: { js: LAZY_SEGMENTER },
});
const chunks = await Promise.all(
  app.outputFiles.map(async (f) => {
    const cjs = await transform(f.text, {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minify: true,
      legalComments: 'none',
      // import('./x.js') of another piece becomes require('./x.js') behind a promise: src/boot/chunks.ts answers it
      supported: { 'dynamic-import': false },
    });
    return { name: basename(f.path), text: cjs.code };
  }),
);
// each CommonJS module's body compiled with its piece (a first start's worker then compiles them too)
const eager = eagerModuleBodies(chunks);
if (eager.stats.rewritten === 0)
  throw new Error("scripts/bundle/eager-modules.mjs: esbuild's module wrappers changed shape");
const { first, ...ahead } = aheadLists(app.metafile);

/** The bundle of these pieces, written to `path`: the boot code, then the pieces in one comment. */
async function writeBundle(pieces, path) {
  const { payload, manifest } = packChunks(pieces, 'cli.js');
  manifest.ahead = ahead;
  const embedApp = {
    name: 'embed-app',
    setup(b) {
      b.onResolve({ filter: /^hyperstack-tui:app$/ }, (args) => ({
        path: args.path,
        namespace: 'embed-app',
      }));
      b.onLoad({ filter: /.*/, namespace: 'embed-app' }, () => ({
        contents: `export default ${JSON.stringify(manifest)};`,
        loader: 'js',
      }));
    },
  };
  const boot = await build({
    ...common,
    entryPoints: [`${root}src/boot.ts`],
    format: 'esm',
    write: false,
    plugins: [patchPackages, embedApp],
    banner: { js: '#!/usr/bin/env node' },
    metafile: true,
  });
  // The pieces ride after the boot code in one comment: the file stays one file, and a comment is the cheapest
  // text for V8 to read past (a 1.3 MB string literal took ~19 ms to load, the same text as a comment ~7 ms).
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${boot.outputFiles[0].text}${payload}`);
  await chmod(path, 0o755);
  return { manifest, boot };
}

// The functions a first start runs before its first frame, recorded on this very build, are then compiled with
// their piece (by the worker of a first start, or at once from the code cache): scripts/bundle/hot-functions.mjs.
const recording = join(mkdtempSync(join(tmpdir(), 'hs-build-')), 'cli.js');
await writeBundle(eager.chunks, recording);
const hot = eagerHotFunctions(eager.chunks, await recordHotFunctions(recording));
rmSync(dirname(recording), { recursive: true, force: true });
if (hot.stats.eager < 1000)
  throw new Error(
    `scripts/bundle/hot-functions.mjs: only ${hot.stats.eager} functions of a first start made eager`,
  );
const { manifest, boot } = await writeBundle(hot.chunks, outfile);
for (const patch of PATCHES) {
  if (!applied.has(patch))
    throw new Error(`no bundled file matched ${patch.file}: see PATCHES in scripts/bundle/patches.mjs`);
}
// What each piece holds (source files and their bytes in it), beside the bundle but not shipped: the start-up
// budget's failure and the bench name the pieces a start compiled by what is in them.
await writeFile(
  `${root}dist/pieces.json`,
  `${JSON.stringify(piecesContents(app.metafile, manifest, boot), null, 1)}\n`,
);
// What a first start loads on a worker thread (src/boot/compile-ahead.ts), and what before it: the start-up
// budget's test checks a first start compiles nothing else before its frame.
await writeFile(`${root}dist/ahead.json`, `${JSON.stringify({ first, ...ahead }, null, 1)}\n`);

/**
 * Per piece: its size in the bundle and the source files in it (bytes each, largest first); `(boot)` is the code
 * before the pieces, which every start compiles.
 */
function piecesContents(metafile, manifest, boot) {
  const inputsOf = (o) =>
    Object.fromEntries(
      Object.entries(o.inputs)
        .map(([file, i]) => [file, i.bytesInOutput])
        .filter(([, b]) => b > 0)
        .sort((a, b) => b[1] - a[1]),
    );
  const bootOutput = Object.values(boot.metafile.outputs)[0];
  const out = {
    '(boot)': { bytes: Buffer.byteLength(boot.outputFiles[0].text), inputs: inputsOf(bootOutput) },
  };
  for (const [path, o] of Object.entries(metafile.outputs)) {
    const name = basename(path);
    if (manifest.pieces[name]) out[name] = { bytes: manifest.pieces[name][1], inputs: inputsOf(o) };
  }
  return out;
}
