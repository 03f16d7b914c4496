import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { VERSION } from '../version.js';
import { BudgetExceeded, RequestBudget } from './budget.js';
import { ApiError, type ApiErrorInit, redact } from './errors.js';
import type { RequestSpec, Transport } from './request.js';
import { type RetryOptions, withRetry } from './retry.js';
import { schemaIssue } from './schema-issue.js';
import { EnvHttpProxyAgent, errors as undiciErrors } from './undici.js';

export const DEFAULT_BASE_URL = 'https://infrahub-api.nexgencloud.com/v1';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  /** TCP/TLS connect timeout (default 10 s). */
  connectTimeoutMs?: number;
  /** Time to the response headers (default 30 s). */
  headersTimeoutMs?: number;
  /** Longest silence while reading the body (default 30 s). */
  bodyTimeoutMs?: number;
  retry?: RetryOptions;
  /** Client-side budget (default 120 requests/minute); pass a shared one to cap several clients together. */
  budget?: RequestBudget;
  /** For tests: a custom undici dispatcher (default: keep-alive pools per origin, honouring *_PROXY). */
  dispatcher?: Dispatcher;
  /** Called after every HTTP exchange (for the health indicator and request counting). */
  onExchange?: (e: { method: string; path: string; status?: number; ms: number; error?: ApiError }) => void;
}

export interface HttpTransport extends Transport {
  readonly baseUrl: string;
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
  const budget = opts.budget ?? new RequestBudget();
  // EnvHttpProxyAgent honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY and otherwise pools connections per origin.
  const dispatcher =
    opts.dispatcher ??
    new EnvHttpProxyAgent({
      connect: { timeout: opts.connectTimeoutMs ?? 10_000 },
      headersTimeout: opts.headersTimeoutMs ?? 30_000,
      bodyTimeout: opts.bodyTimeoutMs ?? 30_000,
      keepAliveTimeout: 30_000,
    });

  async function once<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const fail = (init: Omit<ApiErrorInit, 'method' | 'path'>) =>
      new ApiError({ ...init, method: spec.method, path: spec.path });
    if (spec.signal?.aborted) throw fail({ kind: 'aborted' });
    try {
      await budget.take(spec.signal);
    } catch (e) {
      throw e instanceof BudgetExceeded ? fail({ kind: 'budget' }) : fail({ kind: 'aborted' });
    }
    const started = Date.now();
    const headers: Record<string, string> = {
      api_key: apiKey,
      accept: 'application/json',
      'user-agent': `hyperstack-tui/${VERSION}`,
    };
    const hasBody = spec.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';
    let status: number | undefined;
    try {
      const res = await dispatcher.request({
        origin,
        path: basePath + spec.path + queryString(spec.query),
        method: spec.method,
        headers,
        body: hasBody ? JSON.stringify(spec.body) : undefined,
        signal: spec.signal,
      });
      status = res.statusCode;
      const text = await res.body.text();
      const value = interpret(text, res.statusCode, retryAfter(res.headers['retry-after']), spec, fail);
      opts.onExchange?.({ method: spec.method, path: spec.path, status, ms: Date.now() - started });
      return value;
    } catch (e) {
      const err = e instanceof ApiError ? e : fromThrown(e, spec.signal, fail, apiKey);
      opts.onExchange?.({
        method: spec.method,
        path: spec.path,
        status,
        ms: Date.now() - started,
        error: err,
      });
      throw err;
    }
  }

  return {
    baseUrl,
    request(spec) {
      if (!spec.retry) return once(spec);
      return withRetry(() => once(spec), { ...opts.retry, signal: spec.signal });
    },
    close: () => dispatcher.close(),
  };
}

type Fail = (init: Omit<ApiErrorInit, 'method' | 'path'>) => ApiError;

/** Turns status + body text into the validated payload, or the right ApiError. */
function interpret<S extends z.ZodType>(
  text: string,
  status: number,
  retryAfterS: number | undefined,
  spec: RequestSpec<S>,
  fail: Fail,
): z.output<S> {
  let json: unknown;
  let isJson = true;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    isJson = false;
  }
  const env =
    isJson && json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  const serviceMessage = env ? messageOf(env) : isJson ? undefined : htmlTitle(text);
  const reason = typeof env?.error_reason === 'string' ? env.error_reason : undefined;
  if (status < 200 || status >= 300) {
    throw fail({ kind: 'http', status, reason, serviceMessage, retryAfter: retryAfterS });
  }
  if (!isJson) throw fail({ kind: 'not-json', status });
  if (env?.status === false) throw fail({ kind: 'envelope', status, reason, serviceMessage });
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    const issue = schemaIssue(parsed.error);
    throw fail({ kind: 'schema', status, field: issue.field, serviceMessage: issue.message });
  }
  return parsed.data;
}

function messageOf(env: Record<string, unknown>): string | undefined {
  for (const k of ['message', 'detail', 'error']) {
    const v = env[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 500);
  }
  return undefined;
}

/** A gateway's HTML error page: its <title> is the only useful part. */
function htmlTitle(text: string): string | undefined {
  const m = /<title>([^<]{1,200})<\/title>/i.exec(text);
  return m?.[1]?.trim();
}

function retryAfter(h: string | string[] | undefined): number | undefined {
  const v = Array.isArray(h) ? h[0] : h;
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n >= 0) return n;
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function queryString(q: RequestSpec<z.ZodType>['query']): string {
  if (!q) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * Maps what undici throws. The original error is NOT kept as `cause`: it can reference the request (and so the
 * key); only its redacted code and message survive.
 */
function fromThrown(e: unknown, signal: AbortSignal | undefined, fail: Fail, apiKey: string): ApiError {
  const code = (e as { code?: string })?.code;
  const detail = redact(`${code ?? ''} ${(e as Error)?.message ?? String(e)}`.trim(), apiKey);
  if (
    signal?.aborted ||
    e instanceof undiciErrors.RequestAbortedError ||
    (e as Error)?.name === 'AbortError'
  ) {
    return fail({ kind: 'aborted' });
  }
  if (
    e instanceof undiciErrors.ConnectTimeoutError ||
    e instanceof undiciErrors.HeadersTimeoutError ||
    e instanceof undiciErrors.BodyTimeoutError ||
    code === 'ETIMEDOUT'
  ) {
    return fail({ kind: 'timeout', serviceMessage: detail });
  }
  return fail({ kind: 'network', serviceMessage: detail });
}
