// Bundles the whole app (Ink, React, zustand, zod, undici, …) into ONE ESM file with a shebang,
// so `npx hyperstack-tui` downloads a single file and installs no runtime dependencies.
// Two steps: the app (src/cli.ts) is bundled as the body of a function, which src/boot.ts, the file's entry,
// compiles with V8's code cache; the boot bundle embeds it as text (virtual module `hyperstack-tui:app`).
import { createHash } from 'node:crypto';
import { chmod, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const outfile = `${root}dist/cli.js`;

// Patches applied to packages as they are bundled. Each must apply exactly once: the build fails when a package
// changed shape, so a fix is never silently lost on an upgrade.
const PATCHES = [
  {
    // chalk (Ink's colours) vendors supports-color, which turns colour OFF whenever a CI variable is set, even on
    // a terminal: with CI=true over SSH the app would lose every colour. Same rule as scripts/is-in-ci.mjs: CI
    // only counts when the stream is not a TTY.
    file: /[\\/]chalk[\\/]source[\\/]vendor[\\/]supports-color[\\/]index\.js$/,
    find: "if ('CI' in env) {",
    replace: "if ('CI' in env && !streamIsTTY) {",
  },
  {
    // Ink 6.8's incremental renderer moves the cursor up one line too few when the frame ends with a newline
    // (every frame shorter than the terminal): each redraw lands one row lower and the screen scrolls into a
    // smear of old lines. The cursor sits on the row BELOW the frame then, so it must go up by the whole frame.
    file: /[\\/]ink[\\/]build[\\/]log-update\.js$/,
    find: 'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));',
    replace:
      "buffer.push(ansiEscapes.cursorUp(previousOutput.endsWith('\\n') ? previousVisible : previousVisible - 1));",
  },
  {
    // zod's namespace export `locales` pulls every language's error messages (~260 KB, over half of zod) into the
    // bundle. The app only uses English, which zod's schemas import directly: keep just that one.
    file: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/,
    find: 'export { default as en } from "./en.js";',
    only: true,
  },
  {
    // yoga-layout (Ink's layout engine) loads its inline WebAssembly, a data: URL, with the global fetch whenever
    // one exists: that loads Node's own undici (20-30 ms of start-up) to decode a string. Decode it directly, as
    // it does where there is no fetch.
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    find: 'function ya(){return w||"function"!=typeof fetch?',
    replace: 'function ya(){return true?',
  },
  // The first Intl.Segmenter of a process loads ICU's break data (~17 ms); these packages make one as they load,
  // though a frame of narrow text never segments. Made on first use instead (see LAZY_SEGMENTER below).
  ...[
    /[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
    /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
  ].map((file) => ({ file, find: 'new Intl.Segmenter(', replace: '__hsLazySegmenter(' })),
  {
    // Ink's reconciler awaits at its top level, only for its devtools (DEV=true, never shipped): the app is
    // compiled as a function body, where such an await cannot stand.
    file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
    find: "await import('./devtools.js');",
    replace: 'void 0;',
  },
  {
    file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
    find: '? await loadPackageJson()',
    replace: '? { name: undefined, version: undefined }',
  },
  {
    // Ink's frame grid, rebuilt per character with an array of styles each: 30-75 ms for the first frame. The
    // replacement gives the same bytes (see src/ui/ink-output.ts); `find` pins the Ink version it was made for.
    file: /[\\/]ink[\\/]build[\\/]output\.js$/,
    find: 'const characters = this.caches.getStyledChars(line);',
    use: `${root}src/ui/ink-output.ts`,
  },
];
// An Intl.Segmenter stand-in that makes the real one when it first segments (all the patched packages call).
const LAZY_SEGMENTER =
  'const __hsLazySegmenter = (...a) => { let s; return { segment: (t) => (s ??= new Intl.Segmenter(...a)).segment(t) }; };';
const applied = new Set();
const patchPackages = {
  name: 'patch-packages',
  setup(b) {
    // One loader for every patched file; the patches that match a file apply in order.
    const filter = new RegExp(PATCHES.map((p) => p.file.source).join('|'));
    b.onLoad({ filter }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      for (const patch of PATCHES.filter((p) => p.file.test(args.path))) {
        if (text.split(patch.find).length !== 2) throw new Error(`${args.path}: expected ${patch.find} once`);
        applied.add(patch);
        // `use`: the module is replaced by ours; `only`: the file is reduced to that one line; otherwise the line
        // is replaced.
        if (patch.use) text = `export { default } from ${JSON.stringify(patch.use)};`;
        else text = patch.only ? patch.find : text.replace(patch.find, () => patch.replace);
      }
      return { contents: text, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  plugins: [patchPackages],
  logLevel: 'warning',
};

// The app, as CommonJS: the body of the function src/boot.ts compiles (it passes require, module, __hsYoga…).
const app = await build({
  ...common,
  entryPoints: [`${root}src/cli.ts`],
  format: 'cjs',
  write: false,
  jsx: 'automatic',
  alias: {
    // Ink only loads react-devtools-core when DEV=true; never ship it. Only its devtools use ws.
    'react-devtools-core': `${root}scripts/stub-devtools.mjs`,
    ws: `${root}scripts/stub-devtools.mjs`,
    // is-in-ci: see scripts/is-in-ci.mjs (draw interactively on a TTY even when CI=true).
    'is-in-ci': `${root}scripts/is-in-ci.mjs`,
    // Ink measures every text node with string-width: answer the always-narrow strings without segmenting them.
    'string-width': `${root}scripts/string-width-fast.ts`,
    // The Yoga instance src/boot.ts loaded.
    'yoga-layout': `${root}scripts/yoga-from-boot.mjs`,
  },
  define: { 'process.env.NODE_ENV': '"production"', __VERSION__: JSON.stringify(pkg.version) },
  banner: { js: LAZY_SEGMENTER },
});
const appSource = app.outputFiles[0].text;
const appKey = createHash('sha256').update(appSource).digest('hex').slice(0, 16);

const embedApp = {
  name: 'embed-app',
  setup(b) {
    b.onResolve({ filter: /^hyperstack-tui:app$/ }, (args) => ({ path: args.path, namespace: 'embed-app' }));
    b.onLoad({ filter: /.*/, namespace: 'embed-app' }, () => ({
      contents: `export default ${JSON.stringify(appSource)};\nexport const APP_KEY = ${JSON.stringify(appKey)};`,
      loader: 'js',
    }));
  },
};
await build({
  ...common,
  entryPoints: [`${root}src/boot.ts`],
  outfile,
  format: 'esm',
  plugins: [patchPackages, embedApp],
  banner: { js: '#!/usr/bin/env node' },
});
for (const patch of PATCHES) {
  if (!applied.has(patch))
    throw new Error(`no bundled file matched ${patch.file}: see PATCHES in scripts/build.mjs`);
}
await chmod(outfile, 0o755);
