import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_CLI: another build to time (with its pieces.json beside it), e.g. a copy of dist/ made before a change.
export const CLI = process.env.BENCH_CLI ?? join(root, 'dist/cli.js');

/** A program running in a pseudo-terminal, with its output as it arrives. */
export interface PtyRun {
  output(): string;
  bytes(): number;
  write(s: string): void;
  /** Resolves when `pred` holds for the output so far; returns ms since spawn. */
  until(pred: (out: string) => boolean, timeoutMs?: number): Promise<number>;
  /** Resolves with the time of the next chunk of output after now. */
  nextChunk(timeoutMs?: number): Promise<number>;
  kill(): void;
  /** Resolves when the process has exited. */
  exited(): Promise<void>;
  /**
   * Kills it and resolves once it has exited: the next start then has the machine to itself, as a user's does (a
   * process still exiting takes a core, and a first start's worker starts only with one free).
   */
  stop(): Promise<void>;
  started: number;
  /** The process id (for its CPU time and peak memory in /proc). */
  pid: number;
}

export function spawnPty(
  file: string,
  args: string[],
  env: Record<string, string> = {},
  cols = 120,
  rows = 40,
  /** Node's own flags (e.g. --cpu-prof), before the file. */
  node: string[] = [],
): PtyRun {
  const started = performance.now();
  const p = pty.spawn(process.execPath, [...node, file, ...args], {
    cols,
    rows,
    env: { ...process.env, TERM: 'xterm-256color', ...env } as Record<string, string>,
  });
  let out = '';
  let total = 0;
  const exit = new Promise<void>((resolve) => p.onExit(() => resolve()));
  const kill = () => {
    try {
      p.kill();
    } catch {
      // already gone
    }
  };
  const waiters = new Set<() => void>();
  p.onData((d) => {
    out += d;
    total += Buffer.byteLength(d);
    for (const w of [...waiters]) w();
  });
  const wait = (check: () => boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(w);
        reject(new Error(`timed out; output so far: ${JSON.stringify(out.slice(-300))}`));
      }, timeoutMs);
      const w = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(w);
        resolve();
      };
      waiters.add(w);
    });
  return {
    started,
    pid: p.pid,
    output: () => out,
    bytes: () => total,
    write: (s) => p.write(s),
    async until(pred, timeoutMs = 30_000) {
      await wait(() => pred(out), timeoutMs);
      return performance.now() - started;
    },
    async nextChunk(timeoutMs = 10_000) {
      const at = total;
      await wait(() => total > at, timeoutMs);
      return performance.now();
    },
    exited: () => exit,
    kill,
    stop: async () => {
      kill();
      await Promise.race([exit, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
  };
}

/** Builds bench/hello.tsx into one file exactly like the app bundle (minified, react-devtools stubbed). */
export async function buildHello(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'hs-bench-'));
  const outfile = join(dir, 'hello.js');
  await build({
    entryPoints: [join(root, 'bench/hello.tsx')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    jsx: 'automatic',
    alias: {
      'react-devtools-core': join(root, 'scripts/bundle/stub-devtools.mjs'),
      'is-in-ci': join(root, 'scripts/bundle/is-in-ci.mjs'),
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: {
      js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

export function ensureBuilt(): void {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
