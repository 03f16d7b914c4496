import { type ApiError, type ApiErrorStage, redact } from './errors.js';
import type { Fail } from './interpret.js';
import { errors as undiciErrors } from './undici.js';

/**
 * Failures that happen before the request is written: connecting (refused, DNS, unreachable), TLS, a proxy that
 * will not open the tunnel, or a request undici refuses to build. Nothing reached the service.
 */
const UNSENT_SYSCALLS = new Set(['connect', 'getaddrinfo']);
const UNSENT_CODES =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|UND_ERR_CONNECT_TIMEOUT$|UND_ERR_INVALID_ARG$|UND_ERR_PRX_TLS$)/;

function stageOf(e: unknown, code: string | undefined): ApiErrorStage {
  const syscall = (e as { syscall?: string })?.syscall;
  if (syscall && UNSENT_SYSCALLS.has(syscall)) return 'unsent';
  if (code && UNSENT_CODES.test(code)) return 'unsent';
  // undici reports a proxy that refuses the CONNECT as an abort: the tunnel never opened.
  if (/^Proxy response \(\d+\)/.test((e as Error)?.message ?? '')) return 'unsent';
  return 'sent';
}

/**
 * Maps what undici throws when the transport did not abort the attempt itself (the caller, the deadline and close
 * are told apart before this). The original error is NOT kept as `cause`: it can reference the request (and so the
 * key); only its redacted code and message survive. `status` is set when the failure came while reading the body.
 */
export function fromThrown(e: unknown, fail: Fail, apiKey: string, status: number | undefined): ApiError {
  const code = (e as { code?: string })?.code;
  const detail = redact(`${code ?? ''} ${(e as Error)?.message ?? String(e)}`.trim(), apiKey).slice(0, 300);
  const stage = status === undefined ? stageOf(e, code) : 'sent';
  if (e instanceof undiciErrors.ConnectTimeoutError)
    return fail({ kind: 'timeout', phase: 'connect', stage });
  if (e instanceof undiciErrors.HeadersTimeoutError)
    return fail({ kind: 'timeout', phase: 'headers', stage });
  if (e instanceof undiciErrors.BodyTimeoutError)
    return fail({ kind: 'timeout', phase: 'body', status, stage });
  if (code === 'ETIMEDOUT') {
    const phase = status !== undefined ? 'body' : stage === 'unsent' ? 'connect' : 'headers';
    return fail({ kind: 'timeout', phase, status, stage });
  }
  return fail({ kind: 'network', status, stage, serviceMessage: detail });
}
