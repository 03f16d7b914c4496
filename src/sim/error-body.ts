/**
 * The bodies of the service's refusals, in the shapes the real service uses: the ErrorResponseModel envelope
 * (`{status: false, message, error_reason}`), the two field-map forms of validation failures (see
 * FieldErrorForm), and a bare `{message}` where the service (or the web framework in front of it) sends no reason.
 */
import type { SimError } from './route.js';

export interface ErrorBody {
  status: false;
  message: string;
  error_reason: string;
}

export function errorBody(message: string, reason: string): ErrorBody {
  return { status: false, message, error_reason: reason };
}

/** A refusal without `status` or `error_reason` (the framework's 405, a gateway's 429). */
export function messageOnly(message: string): { message: string } {
  return { message };
}

/** What a SimError is sent as. */
export function simErrorBody(e: SimError): unknown {
  if (!e.fields) return errorBody(e.message, e.reason);
  const { errors, form } = e.fields;
  if (form === 'payload') {
    const flat = Object.fromEntries(Object.entries(errors).map(([field, msgs]) => [field, msgs.join(' ')]));
    return { errors: flat, message: 'Input payload validation failed' };
  }
  return { status: false, errors };
}
