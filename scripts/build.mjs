// Bundles the whole app (Ink, React, zustand, zod, undici, …) into ONE ESM file with a shebang,
// so `npx hyperstack-tui` downloads a single file and installs no runtime dependencies.
import { chmod, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const outfile = `${root}dist/cli.js`;

// chalk (Ink's colours) vendors supports-color, which turns colour OFF whenever a CI variable is set, even on a
// terminal: with CI=true over SSH the app would lose every colour. Same rule as scripts/is-in-ci.mjs: CI only
// counts when the stream is not a TTY. The build fails if chalk's code changes shape, so this is never lost.
const CI_CHECK = "if ('CI' in env) {";
let colourPatched = false;
const colourOnTty = {
  name: 'colour-on-tty-in-ci',
  setup(b) {
    b.onLoad(
      { filter: /[\\/]chalk[\\/]source[\\/]vendor[\\/]supports-color[\\/]index\.js$/ },
      async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes(CI_CHECK)) throw new Error(`${args.path}: expected ${CI_CHECK} (chalk changed?)`);
        colourPatched = true;
        return { contents: text.replace(CI_CHECK, "if ('CI' in env && !streamIsTTY) {"), loader: 'js' };
      },
    );
  },
};

await build({
  entryPoints: [`${root}src/cli.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  jsx: 'automatic',
  // Ink only loads react-devtools-core when DEV=true; never ship it.
  // is-in-ci: see scripts/is-in-ci.mjs (draw interactively on a TTY even when CI=true).
  alias: {
    'react-devtools-core': `${root}scripts/stub-devtools.mjs`,
    'is-in-ci': `${root}scripts/is-in-ci.mjs`,
    // Only Ink's devtools (never shipped) use ws.
    ws: `${root}scripts/stub-devtools.mjs`,
  },
  define: { 'process.env.NODE_ENV': '"production"', __VERSION__: JSON.stringify(pkg.version) },
  // Some bundled packages are CommonJS and call require() for Node built-ins.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __hsCreateRequire } from 'node:module';",
      'const require = __hsCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  plugins: [colourOnTty],
  logLevel: 'warning',
});
if (!colourPatched) throw new Error("chalk's supports-color was not found in the bundle: see colourOnTty");
await chmod(outfile, 0o755);
