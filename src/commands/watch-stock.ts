/**
 * `hyperstack-tui watch-stock FLAVOR|MODEL [--region R] [--count N]`: waits, without the UI, until a flavor (or a
 * node of N GPUs of a model) is in stock, then prints where and exits 0, for scripts (`watch-stock n3-H100x8 &&
 * notify-send …`). Progress goes to stderr, the one availability line to stdout. Polls the flavor and stock lists
 * through the client's request budget, so a long wait never costs more than the app at rest.
 */
import type { Api } from '../api/client.js';
import { redact } from '../api/errors.js';
import { quote } from '../domain/quote.js';
import { sanitize } from '../domain/sanitize.js';
import {
  arrivedText,
  type StockWatch,
  watchKnown,
  watchLabel,
  whereAvailable,
} from '../domain/stock-watch.js';
import { type CommandContext, commandHelp } from './command.js';
import { connect, EXIT, type Io, isKeyRefused, processIo, runCommand } from './connect.js';
import { type CommandArgs, parseCommandArgs, stringFlag, UsageError } from './parse.js';

export interface WatchStockArgs {
  watch: StockWatch;
  intervalMs: number;
  restockMs?: number;
}

/** What to watch, from the arguments parseCommandArgs read against the registry entry (flag syntax is its job). */
export function watchStockArgs(args: CommandArgs): WatchStockArgs {
  const [target, extra] = args.positionals;
  if (!target)
    throw new UsageError('watch-stock needs a flavor (e.g. n3-H100x8) or a GPU model with --count');
  if (extra !== undefined) throw new UsageError(`one flavor or GPU model only, got ${quote(extra)} too`);
  const str = (k: string) => stringFlag(args, k);
  const whole = (k: string, min: number, max: number, what: string): number | undefined => {
    const v = str(k);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UsageError(`--${k} needs ${what} from ${min} to ${max}`);
    return n;
  };
  const regionText = str('region');
  if (regionText !== undefined && !/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(regionText))
    throw new UsageError('--region needs a region name, e.g. NORWAY-1');
  const region = regionText?.toUpperCase();
  const count = whole('count', 1, 64, 'a whole number of GPUs per node');
  const intervalS = whole('interval', 2, 3600, 'a whole number of seconds') ?? 30;
  const restockS = whole('demo-restock-seconds', 0, 3600, 'a whole number');
  if (restockS !== undefined && args.flags.demo !== true)
    throw new UsageError('--demo-restock-seconds only applies with --demo');
  const watch: StockWatch =
    count === undefined
      ? { kind: 'flavor', flavor: target, ...(region ? { region } : {}) }
      : { kind: 'gpu', model: target, count, ...(region ? { region } : {}) };
  return {
    watch,
    intervalMs: intervalS * 1000,
    ...(restockS !== undefined ? { restockMs: restockS * 1000 } : {}),
  };
}

export interface WatchStockIo extends Io {
  /** Stops the wait (exit 130, as for Ctrl-C). Default: SIGINT or SIGTERM. */
  signal?: AbortSignal | undefined;
}

/** Failed checks in a row before giving up (each has had the client's own retries). */
const MAX_FAILURES = 3;

export function runWatchStock(
  argv: readonly string[],
  { entry }: CommandContext,
  io: WatchStockIo = processIo(),
): Promise<number> {
  const say = (s: string) => io.stderr.write(`hyperstack-tui watch-stock: ${sanitize(s)}\n`);
  return runCommand('watch-stock', io, async (ctx) => {
    const args = parseCommandArgs(entry, argv);
    if (args.flags.help) {
      io.stdout.write(commandHelp(entry));
      return EXIT.ok;
    }
    const { watch, intervalMs, restockMs } = watchStockArgs(args);
    const conn = await connect(args, io.env, restockMs !== undefined ? { restockMs } : {});
    ctx.secret = conn.secret;
    const stop = io.signal ?? signalOnce();
    try {
      return await poll(conn.api, conn.secret);
    } finally {
      await conn.close().catch(() => {});
    }

    async function poll(api: Api, secret: string): Promise<number> {
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
            return EXIT.usage;
          }
          checked = true;
          const at = whereAvailable(watch, flavors, stocks);
          if (at) {
            io.stdout.write(`${sanitize(arrivedText(watch, at))}\n`);
            return EXIT.ok;
          }
          say(`not in stock yet (${new Date().toISOString().slice(11, 19)} UTC)`);
        } catch (e) {
          if (stop.aborted) break;
          const text = redact(e instanceof Error ? e.message : String(e), secret);
          if (isKeyRefused(e)) {
            say(`the service refused the key: ${text}`);
            return EXIT.auth;
          }
          failures++;
          say(`check failed (${failures} of ${MAX_FAILURES}): ${text}`);
          if (failures >= MAX_FAILURES) return EXIT.service;
        }
        await wait(intervalMs, stop);
      }
      say('stopped');
      return 130;
    }
  });
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
