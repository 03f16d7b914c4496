/**
 * A first start (no code cache yet) compiles about a megabyte of JavaScript on its one thread before its first frame
 * with data. Here a worker thread compiles the pieces that frame will need (scripts/bundle/ahead.mjs lists them, in
 * the order the main thread loads them) while the main thread is busy with the ones before, and hands each over as
 * V8's code cache: the main thread then reads compiled code instead of parsing the source. Compiling only: the
 * worker runs none of the app's code, and ends when it is through the list.
 *
 * Each piece is handed over by one thread only (a shared state per piece): the main thread never waits for a piece
 * the worker has not begun, and waits only briefly for one the worker is on.
 */
import type { Worker as WorkerType } from 'node:worker_threads';
import { mark } from '../startup-trace.js';
import { CLOSE_ESCAPE, PIECE_HEAD, PIECE_TAIL } from './bundle-bytes.js';

/** A piece's state, shared by both threads. */
const TODO = 0;
const WORKER = 1;
const READY = 2;
const MAIN = 3;
const FAILED = 4;
/** The longest the main thread waits for a piece the worker is on (most take under 1 ms, the largest ~10) before it compiles it too. */
const WAIT_MS = 20;

/** Where a piece is in the bundle: UTF-8 byte offset and size, and 1 when its "*\/" were escaped (chunks.ts). */
export type PieceAt = [start: number, length: number, escaped: number];

export interface AheadOptions {
  /** The bundle (the pieces' names in stack traces). */
  file: string;
  /** Its bytes as the main thread read them, in shared memory (bundle-bytes.ts readShared). */
  bytes: Buffer;
  /** Where the comment that holds the pieces starts in them; their places are counted from there. */
  base: number;
  /** Where each piece is. */
  pieces: Record<string, PieceAt>;
  /** The pieces to hand over, in the order the main thread will load them. */
  list: readonly string[];
  /** Pieces the main thread has already loaded. */
  done: (name: string) => boolean;
  require: (id: string) => unknown;
}

export interface Ahead {
  /** The worker's code cache of this piece; undefined: the main thread compiles it itself. */
  take(name: string): Buffer | undefined;
  /** Resolves when the worker has ended. */
  exited: Promise<void>;
}

interface WorkerData extends Pick<AheadOptions, 'file' | 'base' | 'pieces' | 'list'> {
  /** The bundle's bytes: the shared memory, and where in it. */
  shared: SharedArrayBuffer;
  offset: number;
  length: number;
  state: SharedArrayBuffer;
  port: import('node:worker_threads').MessagePort;
}

// The worker, run by Node's worker with `eval` (a string: no compiler may add helpers to it). Each listed piece, in
// order, that the main thread has not taken: compile it and hand over its code cache; one that fails to compile is
// left to the main thread. It runs none of the pieces' code.
const WORKER_SOURCE = `
const { workerData: d } = require('node:worker_threads');
const { Script } = require('node:vm');
const state = new Int32Array(d.state);
// the main thread's bytes, not the file's (which could have been replaced since)
const bytes = Buffer.from(d.shared, d.offset, d.length);
d.list.forEach((name, i) => {
  if (Atomics.compareExchange(state, i, ${TODO}, ${WORKER}) !== ${TODO}) return;
  let done = ${FAILED};
  try {
    const at = d.pieces[name];
    let source = bytes.toString('utf8', d.base + at[0], d.base + at[0] + at[1]);
    if (at[2]) source = source.replaceAll(${JSON.stringify(CLOSE_ESCAPE)}, '*/');
    const script = new Script(${JSON.stringify(PIECE_HEAD)} + source + ${JSON.stringify(PIECE_TAIL)}, {
      filename: d.file + '#' + name,
    });
    const data = new Uint8Array(script.createCachedData());
    d.port.postMessage({ i, data }, [data.buffer]);
    done = ${READY};
  } catch {
  } finally {
    // unless the main thread, tired of waiting, took the piece meanwhile
    Atomics.compareExchange(state, i, ${WORKER}, done);
    Atomics.notify(state, i);
  }
});
d.port.close();
`;

type Threads = typeof import('node:worker_threads');
type Delivery = { i: number; data: Uint8Array };

/** Starts the worker; undefined when one cannot be started (the main thread then compiles all, as before). */
export function compileAhead(o: AheadOptions): Ahead | undefined {
  const shared = o.bytes.buffer;
  if (!(shared instanceof SharedArrayBuffer)) return undefined;
  const state = new Int32Array(new SharedArrayBuffer(4 * o.list.length));
  o.list.forEach((name, i) => {
    if (o.done(name)) state[i] = MAIN;
  });
  try {
    const threads = o.require('node:worker_threads') as Threads;
    const { port1, port2 } = new threads.MessageChannel();
    const data: WorkerData = {
      file: o.file,
      shared,
      offset: o.bytes.byteOffset,
      length: o.bytes.byteLength,
      base: o.base,
      pieces: o.pieces,
      list: o.list,
      state: state.buffer as SharedArrayBuffer,
      port: port2,
    };
    const worker: WorkerType = new threads.Worker(WORKER_SOURCE, {
      eval: true,
      // it writes nothing: no stdio streams piped to this thread's (about 3 ms less of this thread's time)
      stdin: false,
      stdout: true,
      stderr: true,
      workerData: data,
      transferList: [port2],
    });
    // Never what keeps the process alive, nor what stops it: a failed worker only means compiling here.
    worker.unref();
    worker.on('error', () => {});
    port1.unref();
    mark('ahead-started');
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    return taker(
      o.list,
      state,
      exited,
      () => threads.receiveMessageOnPort(port1)?.message as Delivery | undefined,
    );
  } catch {
    return undefined;
  }
}

function taker(
  list: readonly string[],
  state: Int32Array,
  exited: Promise<void>,
  receive: () => Delivery | undefined,
): Ahead {
  const index = new Map(list.map((name, i) => [name, i]));
  const delivered = new Map<number, Uint8Array>();
  return {
    exited,
    take(name) {
      const i = index.get(name);
      if (i === undefined) return undefined;
      let s = Atomics.compareExchange(state, i, TODO, MAIN);
      if (s === TODO) return undefined;
      if (s === WORKER) {
        Atomics.wait(state, i, WORKER, WAIT_MS);
        s = Atomics.compareExchange(state, i, WORKER, MAIN);
        if (s === WORKER) mark(`ahead-late:${name}`);
      }
      if (s !== READY) return undefined;
      // Posted before its state said ready: it is in the port by now.
      while (!delivered.has(i)) {
        const m = receive();
        if (!m) break;
        delivered.set(m.i, m.data);
      }
      const data = delivered.get(i);
      delivered.delete(i);
      if (data) mark(`ahead:${name}`);
      return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : undefined;
    },
  };
}
