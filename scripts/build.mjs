// Bundles the whole app (Ink, React, zustand, zod, undici, …) into ONE ESM file with a shebang,
// so `npx hyperstack-tui` downloads a single file and installs no runtime dependencies.
// Two steps: the app (src/cli.ts) is bundled as the body of a function, which src/boot.ts, the file's entry,
// compiles with V8's code cache; the boot bundle embeds it as text (virtual module `hyperstack-tui:app`).
import { createHash } from 'node:crypto';
import { chmod, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { esbuildPatches, LAZY_SEGMENTER, PATCHES } from './bundle/patches.mjs';

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

// The app, as CommonJS: the body of the function src/boot.ts compiles (it passes require, module, __hsYoga…).
const app = await build({
  ...common,
  entryPoints: [`${root}src/cli.ts`],
  format: 'cjs',
  write: false,
  jsx: 'automatic',
  alias: {
    // Ink only loads react-devtools-core when DEV=true; never ship it. Only its devtools use ws.
    'react-devtools-core': `${root}scripts/bundle/stub-devtools.mjs`,
    ws: `${root}scripts/bundle/stub-devtools.mjs`,
    // is-in-ci: see scripts/bundle/is-in-ci.mjs (draw interactively on a TTY even when CI=true).
    'is-in-ci': `${root}scripts/bundle/is-in-ci.mjs`,
    // Ink measures every text node with string-width: answer the always-narrow strings without segmenting them.
    'string-width': `${root}scripts/bundle/string-width-fast.ts`,
    // The Yoga instance src/boot.ts loaded.
    'yoga-layout': `${root}scripts/bundle/yoga-from-boot.mjs`,
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
    throw new Error(`no bundled file matched ${patch.file}: see PATCHES in scripts/bundle/patches.mjs`);
}
await chmod(outfile, 0o755);
