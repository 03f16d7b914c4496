import type { HttpMethod } from './request.js';

export type ApiErrorKind =
  | 'network' // connection refused/reset, DNS, TLS …
  | 'timeout' // connect/headers/body timeout
  | 'aborted' // the caller's AbortSignal fired
  | 'http' // non-2xx with a readable body
  | 'envelope' // 2xx but `status: false`
  | 'not-json' // body is not JSON
  | 'schema' // JSON that does not match what the operation returns
  | 'budget'; // the client-side request budget is exhausted

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: HttpMethod;
  path: string;
  status?: number;
  reason?: string;
  serviceMessage?: string;
  /** For schema errors: where in the body, e.g. `instances[3].flavor.cpu`. */
  field?: string;
  /** Seconds to wait, from Retry-After on 429/503. */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The one error type the api layer throws. Its message is written for an operator and never contains the API key
 * (the transport never puts it anywhere an error can reach; `redact` is the last line of defence).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number | undefined;
  /** The service's `error_reason`, when it sent one. */
  readonly reason: string | undefined;
  /** The service's own `message`, when it sent one. */
  readonly serviceMessage: string | undefined;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.reason = init.reason;
    this.serviceMessage = init.serviceMessage;
    this.field = init.field;
    this.retryAfter = init.retryAfter;
  }

  /** Worth another try for a read: the request may succeed if sent again later. */
  get transient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    return this.status === 429 || (this.status !== undefined && this.status >= 500);
  }
}

function describe(e: ApiErrorInit): string {
  const where = `${e.method} ${e.path}`;
  const said = e.serviceMessage ? `: ${e.serviceMessage}` : '';
  switch (e.kind) {
    case 'network':
      return `cannot reach the service (${where})${said}`;
    case 'timeout':
      return `the service did not answer in time (${where})`;
    case 'aborted':
      return `request cancelled (${where})`;
    case 'budget':
      return `client request budget exhausted, try again shortly (${where})`;
    case 'not-json':
      return `the service sent a response that is not JSON (HTTP ${e.status ?? '?'}, ${where})`;
    case 'schema':
      return `unexpected response from ${where}: field ${e.field ?? '(root)'} ${e.serviceMessage ?? 'is invalid'}`;
    case 'envelope':
      return `the service refused ${where}${said || ': status false'}`;
    case 'http':
      return httpText(e.status ?? 0, where, said);
  }
}

function httpText(status: number, where: string, said: string): string {
  switch (status) {
    case 401:
      return `the API key was rejected (HTTP 401, ${where})${said}. Check HYPERSTACK_API_KEY or the profile's key.`;
    case 403:
      return (
        `permission denied (HTTP 403, ${where})${said}. Your account's role lacks the permission for this action: ` +
        'an organization admin must create a role with the needed permission and assign it to you.'
      );
    case 402:
      return `payment required (HTTP 402, ${where})${said}`;
    case 404:
      return `not found (HTTP 404, ${where})${said}`;
    case 405:
      return `method not allowed (HTTP 405, ${where})${said}`;
    case 409:
      return `conflict (HTTP 409, ${where})${said}`;
    case 422:
      return `invalid request (HTTP 422, ${where})${said}`;
    case 429:
      return `rate limited by the service (HTTP 429, ${where})${said}`;
    case 400:
      return `rejected (HTTP 400, ${where})${said}`;
    default:
      return status >= 500
        ? `service error (HTTP ${status}, ${where})${said}`
        : `request failed (HTTP ${status}, ${where})${said}`;
  }
}

/** Removes every occurrence of a secret from a string (for anything that might end up on screen or in a log). */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('***');
}
