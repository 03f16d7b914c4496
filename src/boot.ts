/**
 * The bundle's entry. The app itself (src/cli.ts and everything it uses) is built separately, in pieces that ride in
 * a comment at the end of this file; boot/chunks.ts compiles each one when first needed, with V8's code cache (see
 * boot/code-cache.ts): a start after the first skips compiling them.
 */

import MANIFEST from 'hyperstack-tui:app';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Manifest, runPieces } from './boot/chunks.js';
import { openCodeCache } from './boot/code-cache.js';

const manifest = MANIFEST as Manifest;
runPieces({
  manifest,
  file: fileURLToPath(import.meta.url),
  cache: openCodeCache({ key: manifest.key }),
  require: createRequire(import.meta.url),
});
