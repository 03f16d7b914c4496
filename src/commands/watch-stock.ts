/**
 * `hyperstack-tui watch-stock FLAVOR|MODEL [--region R] [--count N]`: waits, without the UI, until a flavor (or a
 * node of N GPUs of a model) is in stock, then prints where and exits 0, for scripts (`watch-stock n3-H100x8 &&
 * notify-send …`). Progress goes to stderr, the one availability line to stdout. Polls the flavor and stock lists
 * through the client's request budget, so a long wait never costs more than the app at rest.
 */
import { RequestBudget } from '../api/budget.js';
import { createApi } from '../api/client.js';
import { ApiError, redact } from '../api/errors.js';
import { createTransport, type HttpTransport } from '../api/transport.js';
import type { AppFlags } from '../config/args.js';
import { baseUrlError } from '../config/base-url.js';
import { resolveConfig } from '../config/config.js';
import { sanitize } from '../domain/sanitize.js';
import {
  arrivedText,
  type StockWatch,
  watchKnown,
  watchLabel,
  whereAvailable,
} from '../domain/stock-watch.js';

export const WATCH_STOCK_HELP = `Usage: hyperstack-tui watch-stock FLAVOR [--region R] [options]
       hyperstack-tui watch-stock GPU-MODEL --count N [--region R] [options]

Waits until a flavor (e.g. n3-H100x8), or a node of N GPUs of a model (e.g. H100-80G-SXM5 --count 8), is in
stock, then prints where on stdout and exits 0. Progress goes to stderr.

Options:
  --region R          only this region (default: any)
  --count N           with a GPU model: GPUs per node (1 to 64)
  --interval SECONDS  seconds between checks, 2 to 3600 (default 30; the request budget applies too)
  --profile NAME      use a named profile from the config file
  --base-url URL      API base URL
  --demo              against the built-in simulator
  --demo-restock-seconds N
                      with --demo: the sold-out H100-80G-SXM5 of NORWAY-1 comes back after N seconds
  --help              this help

Exit status: 0 in stock, 1 the service failed, 2 bad usage or unknown flavor, 3 no key or key refused.`;

export interface WatchStockArgs {
  watch: StockWatch;
  intervalMs: number;
  flags: AppFlags;
  restockMs?: number;
}

export type WatchStockParsed =
  | { kind: 'run'; args: WatchStockArgs }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export function parseWatchStockArgs(argv: readonly string[]): WatchStockParsed {
  const flags: AppFlags = { demo: false, readOnly: true, noColor: true };
  let target: string | undefined;
  let region: string | undefined;
  let count: number | undefined;
  let intervalS = 30;
  let restockS: number | undefined;
  const error = (message: string): WatchStockParsed => ({ kind: 'error', message });
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const name = eq > 0 ? raw.slice(0, eq) : raw;
    const value = (): string | undefined =>
      eq > 0 ? raw.slice(eq + 1) : argv[i + 1]?.startsWith('--') ? undefined : argv[++i];
    const whole = (min: number, max: number): number | undefined => {
      const v = value();
      const n = Number(v);
      return v && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
    };
    switch (name) {
      case '--help':
      case '-h':
        return { kind: 'help' };
      case '--demo':
        flags.demo = true;
        break;
      case '--region': {
        const v = value();
        if (!v || !/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(v))
          return error('--region needs a region name, e.g. NORWAY-1');
        region = v.toUpperCase();
        break;
      }
      case '--count': {
        const n = whole(1, 64);
        if (n === undefined) return error('--count needs a whole number of GPUs per node from 1 to 64');
        count = n;
        break;
      }
      case '--interval': {
        const n = whole(2, 3600);
        if (n === undefined) return error('--interval needs a whole number of seconds from 2 to 3600');
        intervalS = n;
        break;
      }
      case '--demo-restock-seconds': {
        const n = whole(0, 3600);
        if (n === undefined) return error('--demo-restock-seconds needs a whole number from 0 to 3600');
        restockS = n;
        break;
      }
      case '--profile': {
        const v = value();
        if (!v) return error('--profile needs a profile name');
        flags.profile = v;
        break;
      }
      case '--base-url': {
        const v = value();
        if (!v) return error('--base-url needs a URL');
        const bad = baseUrlError('--base-url', v);
        if (bad) return error(bad);
        flags.baseUrl = v;
        break;
      }
      default:
        if (raw.startsWith('-'))
          return error(`unknown option ${JSON.stringify(raw)} (see watch-stock --help)`);
        if (target !== undefined)
          return error(`one flavor or GPU model only, got ${JSON.stringify(raw)} too`);
        target = raw;
    }
  }
  if (!target) return error('watch-stock needs a flavor (e.g. n3-H100x8) or a GPU model with --count');
  if (restockS !== undefined && !flags.demo) return error('--demo-restock-seconds only applies with --demo');
  const watch: StockWatch =
    count === undefined
      ? { kind: 'flavor', flavor: target, ...(region ? { region } : {}) }
      : { kind: 'gpu', model: target, count, ...(region ? { region } : {}) };
  return {
    kind: 'run',
    args: {
      watch,
      intervalMs: intervalS * 1000,
      flags,
      ...(restockS !== undefined ? { restockMs: restockS * 1000 } : {}),
    },
  };
}

export interface WatchStockIo {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
  env: NodeJS.ProcessEnv;
  /** Stops the wait (exit 130, as for Ctrl-C). Default: SIGINT or SIGTERM. */
  signal?: AbortSignal;
}

/** Failed checks in a row before giving up (each has had the client's own retries). */
const MAX_FAILURES = 3;

export async function runWatchStock(argv: readonly string[], io: WatchStockIo): Promise<number> {
  const say = (s: string) => io.stderr.write(`hyperstack-tui watch-stock: ${sanitize(s)}\n`);
  const parsed = parseWatchStockArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout.write(`${WATCH_STOCK_HELP}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    say(parsed.message);
    return 2;
  }
  const { watch, intervalMs, flags } = parsed.args;
  let baseUrl: string;
  let apiKey: string | undefined;
  let perMinute: number;
  let closeSim: (() => Promise<void>) | undefined;
  try {
    const config = resolveConfig(flags, io.env);
    ({ baseUrl, apiKey } = config);
    perMinute = config.requestsPerMinute;
  } catch (e) {
    say((e as Error).message);
    return 2;
  }
  if (flags.demo) {
    const { startSimulator } = await import('../sim/server.js');
    const sim = await startSimulator(
      parsed.args.restockMs !== undefined ? { restockMs: parsed.args.restockMs } : {},
    );
    baseUrl = sim.url;
    apiKey = sim.keys.readonly;
    closeSim = () => sim.close();
  }
  if (!apiKey) {
    say('no API key: set $HYPERSTACK_API_KEY or give a profile with one (--profile NAME)');
    return 3;
  }
  const secret = apiKey;
  const transport: HttpTransport = createTransport({
    baseUrl,
    apiKey,
    budget: new RequestBudget({ perMinute }),
  });
  const api = createApi(transport);
  const stop = io.signal ?? signalOnce();
  try {
    return await poll();
  } finally {
    await transport.close().catch(() => {});
    await closeSim?.();
  }

  async function poll(): Promise<number> {
    let failures = 0;
    let checked = false;
    say(`waiting for ${watchLabel(watch)} (checking every ${intervalMs / 1000}s)`);
    while (!stop.aborted) {
      try {
        const [flavors, stocks] = await Promise.all([
          api.catalog.flavors({ signal: stop }),
          api.catalog.stocks({ signal: stop }),
        ]);
        failures = 0;
        if (!checked && !watchKnown(watch, flavors, stocks)) {
          say(
            `no ${watch.kind === 'flavor' ? 'flavor' : 'GPU node'} ${watchLabel(watch)} in the service's lists`,
          );
          return 2;
        }
        checked = true;
        const at = whereAvailable(watch, flavors, stocks);
        if (at) {
          io.stdout.write(`${sanitize(arrivedText(watch, at))}\n`);
          return 0;
        }
        say(`not in stock yet (${new Date().toISOString().slice(11, 19)} UTC)`);
      } catch (e) {
        if (stop.aborted) break;
        const text = redact(e instanceof Error ? e.message : String(e), secret);
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
          say(`the service refused the key: ${text}`);
          return 3;
        }
        failures++;
        say(`check failed (${failures} of ${MAX_FAILURES}): ${text}`);
        if (failures >= MAX_FAILURES) return 1;
      }
      await wait(intervalMs, stop);
    }
    say('stopped');
    return 130;
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function signalOnce(): AbortSignal {
  const ctl = new AbortController();
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    ctl.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return ctl.signal;
}
