/**
 * Runs the app from its pieces (scripts/build.mjs): each piece is the body of a CommonJS-style function, kept in a
 * comment at the end of the bundle, and compiled only when something first requires it. A start therefore compiles
 * the code its first frame needs, not the simulator, the subcommands or the screens not shown yet. Each piece is
 * compiled with its code from the cache (code-cache.ts) when there is one; what was compiled without is saved once
 * the first frame has settled, and again a second after a piece is first compiled later on.
 */
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { type AheadMode, offerCompileAhead } from '../compile-ahead-hook.js';
import { mark, onMark } from '../startup-trace.js';
import { CLOSE_ESCAPE, PIECE_HEAD, PIECE_TAIL, readShared } from './bundle-bytes.js';
import { type CodeCache, SAVE_AFTER_FRAME_MS, scheduleSave } from './code-cache.js';
import { type Ahead, compileAhead } from './compile-ahead.js';
import { freeCore } from './free-core.js';

/** Where each piece is (scripts/bundle/pack-chunks.mjs). */
export interface Manifest {
  entry: string;
  key: string;
  /** Size in bytes of the comment that holds the pieces, at the very end of the file. */
  payloadBytes: number;
  /** name → [start in the comment, size, 1 when its "*\/" were escaped], in bytes. */
  pieces: Record<string, [number, number, number]>;
  /** What a first start compiles on another thread, per kind of start (scripts/bundle/ahead.mjs). */
  ahead?: Record<AheadMode, string[]>;
}

export interface RunOptions {
  manifest: Manifest;
  /** The bundle itself (its text holds the pieces). */
  file: string;
  cache: CodeCache;
  /** For Node's own modules. */
  require: (id: string) => unknown;
}

/** Loads the entry piece (which starts the app; its exports are returned); the others load as it requires them. */
export function runPieces(o: RunOptions): unknown {
  // Bytes, each piece decoded alone: an all-ASCII piece then becomes a one-byte string, the kind V8 reads fastest.
  const bytes = readShared(o.file);
  const base = bytes.length - o.manifest.payloadBytes;
  const dir = dirname(o.file);
  const modules = new Map<string, { exports: unknown }>();
  // Code to keep: what the cache held and V8 took, and what this run compiled (produced when saved).
  const kept = new Map(o.cache.pieces);
  const compiled = new Map<string, Script>();
  let firstSaveDone = false;

  const save = () => {
    firstSaveDone = true;
    if (compiled.size === 0) return;
    for (const [name, script] of compiled) kept.set(name, script.createCachedData());
    compiled.clear();
    if (o.cache.save(kept)) mark('code-cache-saved');
  };
  let later: NodeJS.Timeout | undefined;
  const saveLater = () => {
    if (!firstSaveDone || later) return;
    later = setTimeout(() => {
      later = undefined;
      save();
    }, SAVE_AFTER_FRAME_MS).unref();
  };
  if (o.cache.file) scheduleSave(save, (fn) => onMark('rendered', fn));
  // A first start: the app says which start it is, and a worker loads the pieces its first frame needs, when a core
  // is free for it.
  let ahead: Ahead | undefined;
  const { ahead: lists } = o.manifest;
  if (kept.size === 0 && lists) {
    offerCompileAhead((mode) => {
      // HYPERSTACK_TUI_AHEAD=0 never, =1 always (tests)
      const want = process.env.HYPERSTACK_TUI_AHEAD;
      if (want === '0' || (want !== '1' && !freeCore())) return void mark('ahead-skipped');
      ahead = compileAhead({
        file: o.file,
        bytes,
        base,
        pieces: o.manifest.pieces,
        list: lists[mode],
        done: (name) => modules.has(name),
        require: o.require,
      });
    });
  }

  const load = (name: string): unknown => {
    const done = modules.get(name);
    if (done) return done.exports;
    const at = o.manifest.pieces[name];
    if (!at) throw new Error(`the bundle holds no piece named ${name}`);
    const [start, length, escaped] = at;
    let source = bytes.toString('utf8', base + start, base + start + length);
    if (escaped) source = source.replaceAll(CLOSE_ESCAPE, '*/');
    const fromDisk = kept.get(name);
    // the worker's code holds only what compiling made; what running makes is saved as for a piece compiled here
    const cachedData = fromDisk ?? ahead?.take(name);
    const script = new Script(`${PIECE_HEAD}${source}${PIECE_TAIL}`, {
      filename: `${o.file}#${name}`,
      ...(cachedData ? { cachedData } : {}),
    });
    const rejected = cachedData !== undefined && script.cachedDataRejected === true;

    if (name === o.manifest.entry) {
      mark(cachedData ? (rejected ? 'code-cache-rejected' : 'code-cache-used') : 'code-cache-none');
    }
    if (!fromDisk || rejected) {
      kept.delete(name);
      if (o.cache.file) {
        compiled.set(name, script);
        saveLater();
      }
    }
    // The trace says what each start compiles (the bench and the start-up budget test add it up).
    mark(`compiled:${name}:${length}`);
    const module = { exports: {} };
    // Registered before it runs: a piece that requires one still loading gets its exports so far (CommonJS rule).
    modules.set(name, module);
    script.runInThisContext()(module.exports, requirePiece, module, o.file, dir);
    return module.exports;
  };
  const requirePiece = (id: string) => (id.startsWith('./') ? load(id.slice(2)) : o.require(id));
  return load(o.manifest.entry);
}
