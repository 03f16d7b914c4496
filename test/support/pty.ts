/**
 * Runs the BUILT bundle (dist/cli.js) in a real pseudo-terminal and feeds everything it writes into a headless
 * xterm of the same size, so end-to-end tests can read the screen a user would see, and check what the app left
 * behind when it exited (normal buffer, cursor shown).
 */
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodePty from '@lydell/node-pty';
import xterm from '@xterm/headless';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = `${ROOT}dist/cli.js`;

const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

export interface PtyExit {
  exitCode: number;
  /** The signal number that ended the process, when a signal did (0 or undefined otherwise). */
  signal?: number;
}

export interface PtyOptions {
  cols?: number;
  rows?: number;
  /** Added to (or, when undefined, removed from) the inherited environment. CI=true is set unless overridden. */
  env?: Record<string, string | undefined>;
  /** Start from this environment instead of process.env (overrides still apply). */
  baseEnv?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface PtyApp {
  /** The visible screen of the ACTIVE buffer (alternate while the app runs), one string per row, trailing blanks cut. */
  screenLines(): string[];
  /** screenLines() joined with newlines. */
  screenText(): string;
  /** True while the alternate screen buffer is active. */
  isAlternate(): boolean;
  /** Cursor visibility as the app last set it (\x1b[?25l / \x1b[?25h in the raw stream; the last one wins). */
  readonly cursorHidden: boolean;
  /** Everything the app wrote, in order. */
  raw(): string;
  write(keys: string): void;
  /** Polls the headless screen until it contains `text` (or the predicate holds); rejects with the screen on timeout. */
  waitFor(what: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Resizes the pty (the app gets SIGWINCH) and the headless terminal. */
  resize(cols: number, rows: number): void;
  /** Settles when the process has exited AND the headless terminal has parsed all its output. */
  readonly exit: Promise<PtyExit>;
  readonly exited: boolean;
  kill(signal?: NodeJS.Signals): void;
  /**
   * Closes the terminal under the app, as a dropped SSH connection does: the master side goes away (reads and
   * writes on the app's side fail with EIO) and the app gets SIGHUP. Nothing it writes afterwards is seen.
   */
  hangUp(): void;
  /** Kills the process if still running and frees the headless terminal. Safe to call many times. */
  dispose(): void;
  readonly pid: number;
  /** The headless terminal itself (its buffer's cells, colours and attributes: the screenshot renderer reads them). */
  readonly terminal: xterm.Terminal;
  /** Settles once everything the app wrote so far is parsed onto the headless screen. */
  settled(): Promise<void>;
}

// The app keeps V8's code cache in $XDG_CACHE_HOME and the stock watches in $XDG_STATE_HOME: tests keep theirs in a
// directory of their own (a watch the user set at home once took the header's second line in a test's picture).
let testCacheHome: string | undefined;

/**
 * Builds the child's environment: inherit, CI=true, a private XDG_CACHE_HOME and XDG_STATE_HOME, then the overrides (undefined
 * deletes a variable).
 */
export function childEnv(opts: Pick<PtyOptions, 'env' | 'baseEnv'> = {}): Record<string, string> {
  testCacheHome ??= mkdtempSync(join(tmpdir(), 'hs-test-cache-'));
  const merged: Record<string, string | undefined> = {
    ...(opts.baseEnv ?? process.env),
    CI: 'true',
    TERM: 'xterm-256color',
    // A UTF-8 locale unless a test says otherwise (without one the app draws ASCII glyphs; CI may set none).
    LANG: 'C.UTF-8',
    LC_ALL: undefined,
    LC_CTYPE: undefined,
    XDG_CACHE_HOME: testCacheHome,
    XDG_STATE_HOME: testCacheHome,
    ...opts.env,
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(merged)) if (v !== undefined) out[k] = v;
  return out;
}

/** What the bundle is built from: a file here newer than dist/cli.js means the bundle is stale. */
const SOURCES = [
  'src',
  'screens',
  'scripts/build.mjs',
  'scripts/bundle',
  'package.json',
  'package-lock.json',
];

function newestSource(path: string): { path: string; ms: number } {
  const st = statSync(path);
  if (!st.isDirectory()) return { path, ms: st.mtimeMs };
  let newest = { path, ms: 0 };
  for (const name of readdirSync(path)) {
    const n = newestSource(join(path, name));
    if (n.ms > newest.ms) newest = n;
  }
  return newest;
}

/** Why the bundle under `root` cannot be tested (missing, or older than a source it is built from), if it cannot. */
export function bundleProblem(root: string = ROOT): string | undefined {
  const cli = join(root, 'dist/cli.js');
  if (!existsSync(cli)) return `${cli} is missing: run \`npm run build\` first (npm test does)`;
  const built = statSync(cli).mtimeMs;
  for (const source of SOURCES.map((s) => join(root, s)).filter((s) => existsSync(s))) {
    const newest = newestSource(source);
    if (newest.ms > built)
      return `${cli} is older than ${relative(root, newest.path)}: run \`npm run build\` first (npm test does)`;
  }
  return undefined;
}

let checked = false;
/** The e2e tests run the built bundle: it must exist and be newer than every source it is built from. */
export function assertBuilt(): void {
  if (checked) return;
  const problem = bundleProblem();
  if (problem) throw new Error(problem);
  checked = true;
}

/** Spawns `node dist/cli.js ...args` in a pseudo-terminal. */
export function spawnApp(args: readonly string[], opts: PtyOptions = {}): PtyApp {
  assertBuilt();
  const cols = opts.cols ?? 120;
  const rows = opts.rows ?? 40;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const child = nodePty.spawn(process.execPath, [CLI, ...args], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: opts.cwd ?? ROOT,
    env: childEnv(opts),
  });
  const chunks: string[] = [];
  let cursorHidden = false;
  let exited = false;
  // Writes to xterm are parsed asynchronously; `parsed` settles once everything fed so far is on the screen.
  let parsed: Promise<void> = Promise.resolve();
  const feed = (data: string) => {
    chunks.push(data);
    const hide = data.lastIndexOf(HIDE_CURSOR);
    const show = data.lastIndexOf(SHOW_CURSOR);
    if (hide >= 0 || show >= 0) cursorHidden = hide > show;
    parsed = new Promise((resolve) => term.write(data, resolve));
  };
  const dataSub = child.onData(feed);
  const exit = new Promise<PtyExit>((resolve) => {
    child.onExit((e) => {
      exited = true;
      // node-pty may deliver the last data after the exit event: give the reader a moment, then let xterm
      // finish parsing what arrived.
      setTimeout(() => {
        void parsed.then(() => resolve({ exitCode: e.exitCode, signal: e.signal }));
      }, 50);
    });
  });

  const screenLines = () => {
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < term.rows; y++) {
      lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    }
    return lines;
  };
  const screenText = () => screenLines().join('\n');

  let disposed = false;
  const app: PtyApp = {
    screenLines,
    screenText,
    terminal: term,
    settled: () => parsed,
    isAlternate: () => term.buffer.active.type === 'alternate',
    get cursorHidden() {
      return cursorHidden;
    },
    raw: () => chunks.join(''),
    write(keys) {
      if (!exited) child.write(keys);
    },
    async waitFor(what, timeoutMs = 30_000) {
      const test =
        typeof what === 'string'
          ? (s: string) => s.includes(what)
          : what instanceof RegExp
            ? (s: string) => what.test(s)
            : what;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await parsed;
        const screen = screenText();
        if (test(screen)) return screen;
        if (Date.now() > deadline) {
          throw new Error(
            `waitFor(${String(what)}) timed out after ${timeoutMs} ms${exited ? ' (process exited)' : ''}; screen:\n${screen}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    resize(c, r) {
      term.resize(c, r);
      if (!exited) child.resize(c, r);
    },
    exit,
    get exited() {
      return exited;
    },
    kill(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
    },
    hangUp() {
      if (exited) return;
      // UnixTerminal.destroy(): closes the master, then sends SIGHUP (not in node-pty's public types).
      const destroy = (child as unknown as { destroy?: () => void }).destroy;
      if (typeof destroy !== 'function') throw new Error('node-pty has no destroy() here: cannot hang up');
      destroy.call(child);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (!exited) {
        try {
          child.kill('SIGKILL');
        } catch {
          // already gone
        }
      }
      // Let the exit handler finish with the terminal before it is freed.
      void exit.then(() => {
        dataSub.dispose();
        term.dispose();
      });
    },
    pid: child.pid,
  };
  return app;
}

/**
 * What a well-behaved exit leaves: the restore sequences written AFTER the last frame, the headless terminal back
 * on the normal buffer, the cursor shown, bracketed paste off. Returns a list of problems (empty when all is well).
 */
export function restoreProblems(app: PtyApp): string[] {
  const raw = app.raw();
  const problems: string[] = [];
  const leave = raw.lastIndexOf('\x1b[?1049l');
  const enter = raw.lastIndexOf('\x1b[?1049h');
  const show = raw.lastIndexOf(SHOW_CURSOR);
  const hide = raw.lastIndexOf(HIDE_CURSOR);
  if (leave < 0) problems.push('never left the alternate screen (no \\x1b[?1049l)');
  else if (leave < enter) problems.push('entered the alternate screen again after leaving it');
  if (show < 0) problems.push('never showed the cursor (no \\x1b[?25h)');
  else if (show < hide) problems.push('hid the cursor after showing it');
  // bracketed paste: on while the app runs, off when it leaves
  const pasteOn = raw.lastIndexOf('\x1b[?2004h');
  const pasteOff = raw.lastIndexOf('\x1b[?2004l');
  if (enter >= 0 && pasteOn < 0) problems.push('never turned bracketed paste on (no \\x1b[?2004h)');
  if (pasteOn >= 0 && pasteOff < pasteOn) problems.push('left bracketed paste on (no \\x1b[?2004l after it)');
  // The last frame is the last cursor-positioning or erase sequence Ink wrote before leaving; nothing but the
  // restore (and plain text such as a message, on the normal screen) may come after leaving.
  if (leave >= 0) {
    const tail = raw.slice(leave);
    const drawing = /\x1b\[(\d+;)?\d*[HJKABCDG]/.exec(tail.slice('\x1b[?1049l'.length));
    if (drawing)
      problems.push(`drew on the screen after leaving the alternate screen: ${JSON.stringify(drawing[0])}`);
  }
  if (app.isAlternate()) problems.push('headless terminal still on the alternate buffer');
  if (app.cursorHidden) problems.push('cursor still hidden');
  return problems;
}
