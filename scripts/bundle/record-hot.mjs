// Which functions of the pieces a first start runs before its first frame: the bundle as built so far is started
// (no code cache) in a pseudo-terminal under V8's coverage, with --demo and against a simulator in its own process,
// and quits once its first frame is out. hot-functions.mjs then has V8 compile those functions with their piece.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STEP_MS = 20_000;
// Coverage counts from the start of the compiled text: src/boot/bundle-bytes.ts's PIECE_HEAD, then the piece.
export const PIECE_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const PIECE_HEAD_LENGTH = PIECE_HEAD.length;

/** The simulator in a process of its own; resolves with its URL, admin key and a stop function. */
function startSimulator(bundle) {
  const child = spawn(process.execPath, [bundle, 'simulate', '--port', '0', '--rate-limit', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    // a simulator that never listens is stopped: left running, it would keep the build from ending
    const fail = (why) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`record-hot: the simulator did not start (${why})`));
    };
    const timer = setTimeout(() => fail('no address within 20 s'), STEP_MS);
    child.on('error', (e) => fail(e.message));
    child.on('exit', (code) => fail(`exit ${code}`));
    child.stdout.on('data', (d) => {
      out += d;
      const url = /listening on (\S+)/.exec(out)?.[1];
      const key = /admin\s+(\S+)/.exec(out)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ url, key, stop: () => child.kill() });
      }
    });
  });
}

/** One first start to its first frame, then `q`; its coverage lands in `covDir`. */
async function recordStart(pty, bundle, args, env, covDir) {
  const home = mkdtempSync(join(tmpdir(), 'hs-hot-home-'));
  const trace = join(home, 'trace.txt');
  try {
    const p = pty.spawn(process.execPath, [bundle, ...args], {
      cols: 120,
      rows: 40,
      env: {
        ...process.env,
        ...env,
        TERM: 'xterm-256color',
        HOME: home,
        XDG_CONFIG_HOME: home,
        XDG_CACHE_HOME: home,
        HYPERSTACK_TUI_CODE_CACHE: '0',
        HYPERSTACK_TUI_TRACE: trace,
        NODE_V8_COVERAGE: covDir,
      },
    });
    p.onData(() => {});
    const exited = new Promise((resolve) => p.onExit(resolve));
    const rendered = () => {
      try {
        return readFileSync(trace, 'utf8').includes(' rendered ');
      } catch {
        return false;
      }
    };
    const until = Date.now() + STEP_MS;
    while (!rendered()) {
      if (Date.now() > until) {
        p.kill();
        throw new Error(`record-hot: no first frame from ${args.join(' ')}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    p.write('q');
    const stuck = new Promise((r) => setTimeout(() => r('stuck'), STEP_MS).unref());
    if ((await Promise.race([exited, stuck])) === 'stuck') {
      p.kill();
      throw new Error(`record-hot: ${args.join(' ')} did not quit on q`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Map piece name → offsets (in the piece's text) of the functions the starts ran. */
export async function recordHotFunctions(bundle) {
  const pty = createRequire(import.meta.url)('@lydell/node-pty');
  const covDir = mkdtempSync(join(tmpdir(), 'hs-hot-cov-'));
  const sim = await startSimulator(bundle);
  try {
    await recordStart(pty, bundle, ['--demo'], {}, covDir);
    await recordStart(pty, bundle, ['--base-url', sim.url], { HYPERSTACK_API_KEY: sim.key }, covDir);
    const hot = new Map();
    for (const f of readdirSync(covDir)) {
      const { result } = JSON.parse(readFileSync(join(covDir, f), 'utf8'));
      for (const script of result) {
        const url = decodeURIComponent(script.url);
        const piece =
          url.startsWith('file:') && url.includes('#') ? url.slice(url.indexOf('#') + 1) : undefined;
        if (!piece) continue;
        for (const fn of script.functions) {
          const [whole] = fn.ranges;
          // the piece's own function (the whole script) is compiled anyway
          if (whole.count === 0 || whole.startOffset < PIECE_HEAD_LENGTH) continue;
          const set = hot.get(piece) ?? new Set();
          set.add(whole.startOffset - PIECE_HEAD_LENGTH);
          hot.set(piece, set);
        }
      }
    }
    return hot;
  } finally {
    sim.stop();
    rmSync(covDir, { recursive: true, force: true });
  }
}
