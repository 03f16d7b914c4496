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
import { openCodeCache } from './boot/code-cache.js';
import { mark, onMark } from './startup-trace.js';

// Taken once the first frame is drawn and has settled, so the cache holds the functions it needed, not just the top
// level. Never before it: making and writing the cache takes ~300 ms of CPU, which on a busy machine delayed the
// very first frame (measured: a first start 1.98× Ink hello, against 1.31× with a cache). Without a frame (the
// simulator, an error) it is taken a while after start.
const SAVE_AFTER_FRAME_MS = 1000;
const SAVE_WITHOUT_FRAME_MS = 5000;

const file = fileURLToPath(import.meta.url);
const cache = openCodeCache({ key: APP_KEY });
const script = new Script(
  `(function (exports, require, module, __filename, __dirname, __hsYoga) {${APP_SOURCE}\n})`,
  { filename: file, ...(cache.data ? { cachedData: cache.data } : {}) },
);
const rejected = cache.data !== undefined && script.cachedDataRejected === true;
mark(cache.data ? (rejected ? 'code-cache-rejected' : 'code-cache-used') : 'code-cache-none');
if (cache.file && (!cache.data || rejected)) {
  const save = () => {
    if (cache.save(() => script.createCachedData(), rejected)) mark('code-cache-saved');
  };
  let timer = setTimeout(save, SAVE_WITHOUT_FRAME_MS).unref();
  onMark('rendered', () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_FRAME_MS).unref();
  });
}
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(import.meta.url), module, file, dirname(file), Yoga);
