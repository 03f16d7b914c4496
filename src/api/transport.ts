import type { buildConnector as BuildConnector, Dispatcher } from 'undici';
import type { z } from 'zod';
import { keepSecret } from '../domain/secrets.js';
import { VERSION } from '../version.js';
import { Attempt } from './attempt.js';
import { BudgetExceeded, RequestBudget } from './budget.js';
import { afterBody } from './collect-after.js';
import { ApiError, type ApiErrorInit } from './errors.js';
import { type Fail, interpret, retryAfter } from './interpret.js';
import type { Preconnection } from './preconnect.js';
import { BodyTooLarge, readCapped } from './read-body.js';
import type { HttpMethod, RequestSpec, Transport } from './request.js';
import { type RetryOptions, triesOf, withRetry } from './retry.js';
import { fromThrown } from './thrown.js';
import { buildConnector, EnvHttpProxyAgent } from './undici.js';

/** The largest body accepted (the 10,000-VM list is about 16 MB). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 2 ** 20;
/** The longest one attempt may take from sending to the last byte of the answer. */
export const DEFAULT_DEADLINE_MS = 120_000;

/** One HTTP exchange (one attempt), reported after it ends. */
export interface ExchangeReport {
  method: string;
  path: string;
  status?: number;
  ms: number;
  /** Body bytes received (at most the byte limit plus one chunk). */
  bytes: number;
  error?: ApiError;
  /** It asked the service to change something: anything but a retryable read (VM power actions are GETs). */
  mutation: boolean;
}

/**
 * A request's life, so the UI can show what it waits for: 'start' once (tries: how many it may make), 'retry'
 * before each further try (after a backoff of delayMs), 'end' once, however it ended.
 */
export type FlightEvent =
  | { type: 'start'; id: number; method: HttpMethod; path: string; tries: number; at: number }
  | { type: 'retry'; id: number; attempt: number; delayMs: number }
  | { type: 'end'; id: number };

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  /** TCP/TLS connect timeout (default 10 s). */
  connectTimeoutMs?: number;
  /** Time to the response headers (default 30 s). */
  headersTimeoutMs?: number;
  /** Longest silence while reading the body (default 30 s). */
  bodyTimeoutMs?: number;
  /** Longest one attempt may take, body included (default 120 s): catches a body that trickles forever. */
  deadlineMs?: number;
  /** Largest body accepted (default 64 MiB); past it the connection is dropped and the request fails. */
  maxBodyBytes?: number;
  retry?: RetryOptions;
  /** Client-side budget (default 120 requests/minute); pass a shared one to cap several clients together. */
  budget?: RequestBudget;
  /** A connection to the service opened ahead (preconnect.ts): the first one to its origin, taken as it is. */
  preconnection?: Preconnection;
  /** For tests: a custom undici dispatcher (default: keep-alive pools per origin, honouring *_PROXY). */
  dispatcher?: Dispatcher;
  /** Called after every HTTP exchange (for the health indicator and request counting). */
  onExchange?: (e: ExchangeReport) => void;
  /** Called as requests start, retry and end (for the "waiting …" indicator). */
  onFlight?: (e: FlightEvent) => void;
}

export interface HttpTransport extends Transport {
  readonly baseUrl: string;
  /** Cancels what is still in flight (quitting never waits for a hung service), then closes the connections. */
  close(): Promise<void>;
}

/**
 * The only code that speaks HTTP. It sends the key, validates every body with the operation's schema, maps every
 * failure to one ApiError, retries reads only, and spends the request budget.
 */
export function createTransport(opts: TransportOptions): HttpTransport {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const { origin, pathname } = new URL(baseUrl);
  const basePath = pathname === '/' ? '' : pathname;
  const apiKey = opts.apiKey;
  // from now on the key is masked in everything the process draws or writes (domain/secrets.ts)
  keepSecret(apiKey);
  const budget = opts.budget ?? new RequestBudget();
  const deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // EnvHttpProxyAgent honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY and otherwise pools connections per origin.
  const dispatcher =
    opts.dispatcher ??
    new EnvHttpProxyAgent({
      connect: opts.preconnection
        ? preconnectedConnector(opts.preconnection, opts.connectTimeoutMs ?? 10_000)
        : { timeout: opts.connectTimeoutMs ?? 10_000 },
      // 30 s to the first byte is kept for reads too: a big organisation's list can take the real service that
      // long to start answering, and a shorter timeout would only re-send that expensive request sooner.
      headersTimeout: opts.headersTimeoutMs ?? 30_000,
      bodyTimeout: opts.bodyTimeoutMs ?? 30_000,
      keepAliveTimeout: 30_000,
    });
  const live = new Set<Attempt>();
  let seq = 0;

  async function once<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const fail: Fail = (init) => new ApiError({ ...init, method: spec.method, path: spec.path });
    if (spec.signal?.aborted) throw fail({ kind: 'aborted', stage: 'unsent' });
    try {
      await budget.take(spec.signal);
    } catch (e) {
      throw e instanceof BudgetExceeded
        ? fail({ kind: 'budget' })
        : fail({ kind: 'aborted', stage: 'unsent' });
    }
    const started = Date.now();
    const attempt = new Attempt(spec.signal, deadlineMs);
    live.add(attempt);
    const progress = { bytes: 0 };
    let status: number | undefined;
    const report = (error?: ApiError) =>
      opts.onExchange?.({
        method: spec.method,
        path: spec.path,
        status,
        ms: Date.now() - started,
        bytes: progress.bytes,
        mutation: spec.method !== 'GET' || spec.retry !== true,
        ...(error ? { error } : {}),
      });
    try {
      const res = await dispatcher.request({
        origin,
        path: basePath + spec.path + queryString(spec.query),
        method: spec.method,
        headers: headersFor(apiKey, spec.body !== undefined),
        body: spec.body !== undefined ? JSON.stringify(spec.body) : undefined,
        signal: attempt.signal,
      });
      status = res.statusCode;
      const text = await readCapped(res.body, maxBodyBytes, res.headers['content-length'], progress);
      const value = interpret(text, res.statusCode, retryAfter(res.headers['retry-after']), spec, fail);
      afterBody(progress.bytes);
      report();
      return value;
    } catch (e) {
      const err = e instanceof ApiError ? e : failure(e, attempt, status);
      report(err);
      throw err;
    } finally {
      attempt.dispose();
      live.delete(attempt);
    }

    function failure(e: unknown, a: Attempt, st: number | undefined): ApiError {
      const init: Omit<ApiErrorInit, 'method' | 'path'> | undefined =
        a.why === 'deadline'
          ? { kind: 'timeout', phase: 'deadline', limit: deadlineMs, status: st, stage: 'sent' }
          : a.why !== undefined
            ? { kind: 'aborted', status: st, stage: 'sent' }
            : e instanceof BodyTooLarge
              ? { kind: 'too-large', limit: e.limit, status: st, stage: 'sent' }
              : undefined;
      return init ? fail(init) : fromThrown(e, fail, apiKey, st);
    }
  }

  return {
    baseUrl,
    request(spec) {
      const id = ++seq;
      const tries = spec.retry ? triesOf(opts.retry) : 1;
      const flight = opts.onFlight;
      flight?.({ type: 'start', id, method: spec.method, path: spec.path, tries, at: Date.now() });
      const run = spec.retry
        ? withRetry(() => once(spec), {
            ...opts.retry,
            signal: spec.signal,
            onRetry: (_e, delayMs, attempt) => flight?.({ type: 'retry', id, attempt, delayMs }),
          })
        : once(spec);
      return flight ? run.finally(() => flight({ type: 'end', id })) : run;
    },
    close: () => {
      for (const a of live) a.abort('closed');
      return dispatcher.close();
    },
  };
}

function headersFor(apiKey: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    api_key: apiKey,
    accept: 'application/json',
    'user-agent': `hyperstack-tui/${VERSION}`,
  };
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

function queryString(q: RequestSpec<z.ZodType>['query']): string {
  if (!q) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

type Connector = BuildConnector.connector;

/** undici's own connector, except that the first connection to the preconnection's origin is the one opened ahead. */
function preconnectedConnector(pre: Preconnection, timeout: number): Connector {
  const connect = buildConnector({ timeout });
  return (o, callback) => {
    if (`${o.protocol}//${o.host ?? o.hostname}` !== pre.origin) return connect(o, callback);
    void pre.take().then((socket) => (socket ? callback(null, socket) : connect(o, callback)));
  };
}
