import type { FieldErrors } from './field-errors.js';
import type { HttpMethod } from './request.js';

export type ApiErrorKind =
  | 'network' // connection refused/reset, DNS, TLS …
  | 'timeout' // connect/headers/body timeout, or the whole answer took longer than the deadline
  | 'aborted' // the caller's AbortSignal fired
  | 'http' // non-2xx with a readable body
  | 'envelope' // 2xx but `status: false`
  | 'not-json' // body is not JSON
  | 'schema' // JSON that does not match what the operation returns
  | 'too-large' // the body was larger than the client accepts
  | 'budget'; // the client-side request budget is exhausted

/**
 * How far a request without an answer got: 'unsent' when it surely never left (connection refused, DNS, TLS,
 * connect timeout, cancelled before sending), 'sent' when it may have reached the service.
 */
export type ApiErrorStage = 'unsent' | 'sent';

/** Which timeout fired: connecting, waiting for the headers, a silent body, or the attempt's overall deadline. */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'deadline';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: HttpMethod;
  path: string;
  status?: number;
  reason?: string;
  serviceMessage?: string;
  /** For validation refusals: each field the service named, with its messages. */
  fieldErrors?: FieldErrors;
  /** For schema errors: where in the body, e.g. `instances[3].flavor.cpu`. */
  field?: string;
  /** Seconds to wait, from Retry-After on 429/503. */
  retryAfter?: number;
  /** For errors without a status (network, timeout, aborted): whether the request may have left. */
  stage?: ApiErrorStage;
  /** For timeouts. */
  phase?: TimeoutPhase;
  /** The limit that was hit: bytes for 'too-large', milliseconds for a 'deadline' timeout. */
  limit?: number;
  cause?: unknown;
}

/** Longest service message kept: a hostile body must not turn one status line into 100 KB. */
const MAX_SERVICE_MESSAGE = 500;
const MAX_FIELD = 160;

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
  /**
   * The service's own words, when it sent any: its `message`, followed by each field of a validation failure
   * ("Input payload validation failed: name: Longer than maximum length 50.").
   */
  readonly serviceMessage: string | undefined;
  /**
   * A validation failure's field map, by field name (dotted for nested fields: `data.count`), each with the
   * service's messages: `{ name: ['Longer than maximum length 50.'] }`. For forms, to show each message on its
   * field. Undefined when the service named no field. The real service sends it as `{"errors": {field: […]}}`
   * (with `status: false` and no message) or `{"errors": {field: "…"}, "message": "Input payload validation
   * failed"}` (no status, no error_reason); both read the same here.
   */
  readonly fieldErrors: FieldErrors | undefined;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  readonly stage: ApiErrorStage | undefined;
  readonly phase: TimeoutPhase | undefined;
  readonly limit: number | undefined;

  constructor(raw: ApiErrorInit) {
    const init = {
      ...raw,
      serviceMessage: clip(raw.serviceMessage, MAX_SERVICE_MESSAGE),
      reason: clip(raw.reason, MAX_FIELD),
      field: clip(raw.field, MAX_FIELD),
    };
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.reason = init.reason;
    this.serviceMessage = init.serviceMessage;
    this.fieldErrors = init.fieldErrors;
    this.field = init.field;
    this.retryAfter = init.retryAfter;
    this.stage = init.stage;
    this.phase = init.phase;
    this.limit = init.limit;
  }

  /**
   * Worth another try for a read: the request may succeed if sent again later. An answer that outran the whole
   * deadline is not: it would most likely do so again, and five tries would make the wait five times longer (the
   * poller tries again on its next round anyway).
   */
  get transient(): boolean {
    if (this.kind === 'network') return true;
    if (this.kind === 'timeout') return this.phase !== 'deadline';
    if (this.kind !== 'http') return false;
    return this.status === 429 || (this.status !== undefined && this.status >= 500);
  }

  /**
   * The request may have reached the service and been carried out, but we cannot tell: the connection broke or
   * timed out after it was sent, the service failed (5xx), or a success came back unreadable. False when the
   * service clearly said no (4xx, `status: false`) or the request never left (refused connection, DNS, TLS, connect
   * timeout, budget, cancelled before sending). A mutation that failed this way must be checked, not re-sent.
   */
  get outcomeUnknown(): boolean {
    if (this.kind === 'budget' || this.kind === 'envelope') return false;
    const s = this.status;
    if (s !== undefined) return s >= 500 || (s >= 200 && s < 300);
    if (this.kind === 'aborted') return this.stage === 'sent';
    return this.stage !== 'unsent';
  }
}

function clip(text: string | undefined, max: number): string | undefined {
  if (text === undefined || text.length <= max) return text;
  return `${text.slice(0, max - 1)}…`;
}

function describe(e: ApiErrorInit): string {
  const where = `${e.method} ${e.path}`;
  const said = e.serviceMessage ? `: ${e.serviceMessage}` : '';
  const http = e.status !== undefined ? `HTTP ${e.status}, ` : '';
  switch (e.kind) {
    case 'network':
      if (e.status !== undefined) return `the answer was cut off (${http}${where})${said}`;
      return e.stage === 'sent'
        ? `the connection broke after the request was sent, before the answer (${where})${said}`
        : `cannot reach the service (${where})${said}`;
    case 'timeout':
      return timeoutText(e, where, http);
    case 'aborted':
      return `request cancelled (${where})`;
    case 'budget':
      return `client request budget exhausted, try again shortly (${where})`;
    case 'too-large':
      return `the service's answer was larger than ${bytes(e.limit ?? 0)} (${http}${where})`;
    case 'not-json':
      return `the service sent a response that is not JSON (HTTP ${e.status ?? '?'}, ${where})`;
    case 'schema':
      return `unexpected response from ${where}: field ${e.field ?? '(root)'} ${e.serviceMessage ?? 'is invalid'}`;
    case 'envelope':
      return `the service refused ${where}${said || ' (status false, no message)'}`;
    case 'http':
      return httpText(e, where, said);
  }
}

function timeoutText(e: ApiErrorInit, where: string, http: string): string {
  switch (e.phase) {
    case 'connect':
      return `could not connect to the service in time, nothing was sent (${where})`;
    case 'body':
      return `the service's answer stopped arriving (${http}${where})`;
    case 'deadline':
      return `the service's answer took longer than ${seconds(e.limit ?? 0)} (${http}${where})`;
    default:
      return `the service did not answer in time (${where})`;
  }
}

/** "120 s"; "300 ms" below a second. */
function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** "64 MB", "512 KB", "100 bytes". */
function bytes(n: number): string {
  if (n >= 2 ** 20) return `${Math.round((n / 2 ** 20) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}

/** The service's sentence, then ours: one full stop between them whatever the service's text ends with. */
function withRemedy(said: string, remedy: string): string {
  return said ? sentenceThen(said, remedy) : `. ${remedy}`;
}

function sentenceThen(text: string, remedy: string): string {
  const trimmed = text.replace(/[\s,;:]+$/, '');
  return /[.!?…]$/.test(trimmed) ? `${trimmed} ${remedy}` : `${trimmed}. ${remedy}`;
}

const NOT_ROLE = /\b(limit|quota|exceed|maximum|balance|credit|insufficient|billing|payment)/i;
const ROLE =
  /\b(permission|role|rbac|not authori[sz]ed|unauthori[sz]ed|access denied|not allowed|forbidden)/i;

/**
 * A 403 about roles and permissions (the RBAC refusal, or one that names nothing): the remedy is a role. A 403
 * that says something else (a limit or quota reached, no credit, another environment's resource) is not.
 */
export function isRoleRefusal(reason: string | undefined, message: string | undefined): boolean {
  const text = message ?? '';
  if (NOT_ROLE.test(text)) return false;
  if (ROLE.test(text)) return true;
  return text === '' && (reason === undefined || reason === 'forbidden' || reason === 'permission_denied');
}

const KEY_REMEDY = "Check HYPERSTACK_API_KEY or the profile's key.";
const ROLE_REMEDY =
  "Your account's role lacks the permission for this action: an organization admin must create a role " +
  'with the needed permission and assign it to you.';

/**
 * What a 403's words name as missing, when they name it: a permission (`<resource>:<action>`, the form of the
 * service's permissions) or a role ("the role 'Billing viewer'"). Undefined when the words name neither.
 */
export function missingAccess(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const perm = /(?:^|[\s'"“‘`(])([a-z][a-z0-9_-]*:[a-z][a-z0-9_-]*)(?=$|[\s'"”’`).,;])/i.exec(message);
  if (perm) return `the permission ${perm[1]}`;
  const role =
    /\brole\s+['"“‘`]([^'"”’`]{1,60})['"”’`]/i.exec(message) ??
    /['"“‘`]([^'"”’`]{1,60})['"”’`]\s+role\b/i.exec(message);
  if (role) return `the role ${role[1]}`;
  return undefined;
}

/**
 * The remedy of a refusal about roles: named when the service named what is missing. When its words name it and
 * already say what to do (an admin), nothing is added: the same advice twice pushes the rest off the line.
 */
function roleRemedy(message: string | undefined): string | undefined {
  const what = missingAccess(message);
  if (!what) return ROLE_REMEDY;
  if (/\badmin/i.test(message ?? '')) return undefined;
  return what.startsWith('the role ')
    ? `Missing ${what}: an organization admin must assign it to your account.`
    : `Missing ${what}: an organization admin must assign your account a role that grants it.`;
}

const retryRemedy = (after: number | undefined) =>
  after !== undefined ? `Try again in ${Math.ceil(after)} s.` : 'Try again shortly.';

/**
 * What the user can do about a refusal, when there is something (the key, a role, waiting), else undefined: the
 * same words the error's message ends with, for a line that shows the service's words without the rest.
 */
export function remedyOf(e: ApiError): string | undefined {
  if (e.kind !== 'http') return undefined;
  if (e.status === 401) return KEY_REMEDY;
  if (e.status === 403 && isRoleRefusal(e.reason, e.serviceMessage)) return roleRemedy(e.serviceMessage);
  if (e.status === 429) return retryRemedy(e.retryAfter);
  return undefined;
}

/** The service's sentence (or ours), then the remedy: one full stop between them. */
export function withRemedyText(said: string, remedy: string | undefined): string {
  return remedy ? sentenceThen(said, remedy) : said;
}

function httpText(e: ApiErrorInit, where: string, said: string): string {
  const status = e.status ?? 0;
  switch (status) {
    case 401:
      return `the API key was rejected (HTTP 401, ${where})${withRemedy(said, KEY_REMEDY)}`;
    case 403: {
      if (!isRoleRefusal(e.reason, e.serviceMessage)) return `refused (HTTP 403, ${where})${said}`;
      const remedy = roleRemedy(e.serviceMessage);
      return `permission denied (HTTP 403, ${where})${remedy ? withRemedy(said, remedy) : said}`;
    }
    case 402:
      return `payment required (HTTP 402, ${where})${said}`;
    case 404:
      return `not found (HTTP 404, ${where})${said}`;
    case 405:
      // the service's 405 means "not allowed now" (a resource still in use, a feature switched off), not a method
      return `not allowed (HTTP 405, ${where})${said || ': the resource does not allow this in its current state'}`;
    case 409:
      return `already exists (HTTP 409, ${where})${said}`;
    case 422:
      return `invalid request (HTTP 422, ${where})${said}`;
    case 429:
      return `rate limited by the service (HTTP 429, ${where})${withRemedy(said, retryRemedy(e.retryAfter))}`;
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
