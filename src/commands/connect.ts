/**
 * How a command reaches the service: the same configuration as the app (flags > environment > profile), the
 * same transport and client, or the in-process simulator with --demo. Maps every failure to its exit code.
 */
import { RequestBudget } from '../api/budget.js';
import { type Api, createApi } from '../api/client.js';
import { ApiError, redact } from '../api/errors.js';
import type { RetryOptions } from '../api/retry.js';
import { createTransport, type ExchangeReport } from '../api/transport.js';
import { baseUrlError } from '../config/base-url.js';
import { type Config, loadConfig } from '../config/config.js';
import { sanitize } from '../domain/sanitize.js';
import type { SimulatorOptions } from '../sim/server.js';
import type { CommandArgs } from './parse.js';
import { stringFlag, UsageError } from './parse.js';

export const EXIT = { ok: 0, service: 1, usage: 2, auth: 3 } as const;

export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

/** A failure already worded for the user, with its exit code. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export interface Connection {
  api: Api;
  /** The configuration it was made from (the profile, read-only or not, the waste thresholds …). */
  config: Config;
  /** The key in use, to keep it out of every message. */
  secret: string;
  /** The suffix of the ssh Host names (the config's `sshHostSuffix`, see domain/ssh-alias.ts). */
  sshHostSuffix: string;
  close(): Promise<void>;
}

/**
 * `sim`: options of the in-process simulator --demo starts (watch-stock's restock); `retry`: the transport's
 * backoff (tests); `onExchange`: told of every
 * request (guard's action log).
 */
export async function connect(
  args: CommandArgs,
  env: NodeJS.ProcessEnv,
  sim: SimulatorOptions = {},
  onExchange?: (e: ExchangeReport) => void,
  retry?: RetryOptions,
): Promise<Connection> {
  const baseUrl = stringFlag(args, 'base-url');
  if (baseUrl) {
    const bad = baseUrlError('--base-url', baseUrl);
    if (bad) throw new UsageError(bad);
  }
  const profile = stringFlag(args, 'profile');
  const demo = args.flags.demo === true;
  let config: Config;
  try {
    config = await loadConfig(
      { demo, baseUrl, profile, readOnly: args.flags['read-only'] === true, noColor: false },
      env,
    );
  } catch (e) {
    throw new CommandError((e as Error).message, EXIT.usage);
  }
  let closeSim = async () => {};
  let url = config.baseUrl;
  let key = config.apiKey;
  if (demo) {
    const { startSimulator } = await import('../sim/server.js');
    const started = await startSimulator(sim);
    closeSim = () => started.close();
    url = started.url;
    key = started.keys.admin;
  }
  if (!key) {
    await closeSim();
    throw new CommandError(
      `no API key: set $HYPERSTACK_API_KEY or a profile's apiKey in ${config.configPath} (or try --demo)`,
      EXIT.auth,
    );
  }
  const transport = createTransport({
    baseUrl: url,
    apiKey: key,
    budget: new RequestBudget({ perMinute: config.requestsPerMinute }),
    ...(onExchange ? { onExchange } : {}),
    ...(retry ? { retry } : {}),
  });
  return {
    api: createApi(transport),
    config,
    secret: key,
    sshHostSuffix: config.sshHostSuffix,
    close: async () => {
      await transport.close();
      await closeSim();
    },
  };
}

/** Runs a command's body; any failure becomes one line on stderr and its exit code. */
export async function runCommand(
  name: string,
  io: Io,
  body: (ctx: { secret?: string }) => Promise<number>,
): Promise<number> {
  // the body records the key once it knows it, so no message can carry it
  const ctx: { secret?: string } = {};
  try {
    return await body(ctx);
  } catch (e) {
    const { message, code } = classify(e);
    io.stderr.write(`hyperstack-tui ${name}: ${sanitize(redact(message, ctx.secret))}\n`);
    return code;
  }
}

/** The service refused the key (401/403): exit 3, whatever the command. */
export function isKeyRefused(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'http' && (e.status === 401 || e.status === 403);
}

function classify(e: unknown): { message: string; code: number } {
  if (e instanceof UsageError) return { message: `${e.message}`, code: EXIT.usage };
  if (e instanceof CommandError) return { message: e.message, code: e.code };
  if (e instanceof ApiError) return { message: e.message, code: isKeyRefused(e) ? EXIT.auth : EXIT.service };
  return { message: e instanceof Error ? e.message : String(e), code: EXIT.service };
}
