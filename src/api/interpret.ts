import type { z } from 'zod';
import type { ApiError, ApiErrorInit } from './errors.js';
import { type FieldErrors, fieldErrorsOf, fieldErrorsText } from './field-errors.js';
import { validateInPlace } from './in-place.js';
import type { RequestSpec } from './request.js';
import { schemaIssue } from './schema-issue.js';

export type Fail = (init: Omit<ApiErrorInit, 'method' | 'path'>) => ApiError;

/** Turns status + body text into the validated payload, or the right ApiError. */
export function interpret<S extends z.ZodType>(
  text: string,
  status: number,
  retryAfterS: number | undefined,
  spec: RequestSpec<S>,
  fail: Fail,
): z.output<S> {
  let json: unknown;
  let isJson = true;
  try {
    json = parseBody(text);
  } catch {
    isJson = false;
  }
  const env =
    isJson && json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  const fieldErrors = env ? fieldErrorsOf(env) : undefined;
  const serviceMessage = withFields(env ? messageOf(env) : isJson ? undefined : htmlTitle(text), fieldErrors);
  const reason = typeof env?.error_reason === 'string' ? env.error_reason : undefined;
  if (status < 200 || status >= 300) {
    throw fail({ kind: 'http', status, reason, serviceMessage, fieldErrors, retryAfter: retryAfterS });
  }
  if (!isJson) throw fail({ kind: 'not-json', status });
  // `status` is a boolean, or 0/1 in some of the service's answers
  if (env?.status === false || env?.status === 0)
    throw fail({ kind: 'envelope', status, reason, serviceMessage, fieldErrors });
  // Checked where JSON.parse left it (no copy of a large list). On a failure zod reads a fresh parse (the check
  // may have transformed fields in place) for its error.
  const fast = validateInPlace(spec.schema, json);
  if (fast.ok) return fast.value as z.output<S>;
  const parsed = spec.schema.safeParse(parseBody(text));
  if (!parsed.success) {
    const issue = schemaIssue(parsed.error);
    throw fail({ kind: 'schema', status, field: issue.field, serviceMessage: issue.message });
  }
  return parsed.data;
}

function parseBody(text: string): unknown {
  return text.trim() === '' ? {} : JSON.parse(text);
}

/**
 * The service's words: its message, then each field it names ("Input payload validation failed: name: …"), or the
 * fields alone when it sent no message. So every reader of `serviceMessage` sees which fields were refused.
 */
function withFields(message: string | undefined, fields: FieldErrors | undefined): string | undefined {
  if (!fields) return message;
  const text = fieldErrorsText(fields);
  if (!message) return text;
  return `${message.replace(/[\s.:;,]+$/, '')}: ${text}`;
}

function messageOf(env: Record<string, unknown>): string | undefined {
  for (const k of ['message', 'detail', 'error']) {
    const v = env[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 500);
  }
  return undefined;
}

/** A gateway's HTML error page: its <title> is the only useful part (never the markup). */
function htmlTitle(text: string): string | undefined {
  const m = /<title>([^<]{1,200})<\/title>/i.exec(text);
  return m?.[1]?.trim() || undefined;
}

/**
 * Retry-After in seconds (delta-seconds or an HTTP date); anything else is ignored. How long the client really
 * waits is bounded by the retry options (backoffDelay), so a hostile value cannot stall or storm.
 */
export function retryAfter(h: string | string[] | undefined): number | undefined {
  const v = Array.isArray(h) ? h[0] : h;
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n >= 0) return n;
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
