// Bundles the whole app (Ink, React, zustand, zod, undici, …) into ONE ESM file with a shebang,
// so `npx hyperstack-tui` downloads a single file and installs no runtime dependencies.
import { chmod, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const outfile = `${root}dist/cli.js`;

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
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
