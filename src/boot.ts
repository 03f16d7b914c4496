/**
 * The bundle's entry. The app itself (src/cli.ts and everything it uses) is built separately and embedded here as
 * text, then compiled with V8's code cache (see boot/code-cache.ts): a start after the first skips compiling it.
 * Yoga, Ink's layout engine, is set up here because its WebAssembly loads with a top-level await, which the app's
 * function body cannot hold; the app receives it as `__hsYoga`.
 */

import APP_SOURCE, { APP_KEY } from 'hyperstack-tui:app';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import Yoga from 'yoga-layout';
import { openCodeCache, scheduleSave } from './boot/code-cache.js';
import { mark, onMark } from './startup-trace.js';

const file = fileURLToPath(import.meta.url);
const cache = openCodeCache({ key: APP_KEY });
const script = new Script(
  `(function (exports, require, module, __filename, __dirname, __hsYoga) {${APP_SOURCE}\n})`,
  { filename: file, ...(cache.data ? { cachedData: cache.data } : {}) },
);
const rejected = cache.data !== undefined && script.cachedDataRejected === true;
mark(cache.data ? (rejected ? 'code-cache-rejected' : 'code-cache-used') : 'code-cache-none');
if (cache.file && (!cache.data || rejected)) {
  scheduleSave(
    () => {
      if (cache.save(() => script.createCachedData(), rejected)) mark('code-cache-saved');
    },
    (fn) => onMark('rendered', fn),
  );
}
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(import.meta.url), module, file, dirname(file), Yoga);
