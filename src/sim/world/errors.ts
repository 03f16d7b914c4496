/**
 * The service's refusals, as SimErrors with the real HTTP code and `error_reason` vocabulary: `bad_request` (400,
 * which is also how the service refuses an action in the wrong state), `not_found` (404), `not_allowed` (405: not
 * allowed in the resource's current state, or a feature switched off), `already_exist` (409: a duplicate),
 * `forbidden` (403); validation failures name their fields (see FieldErrorForm).
 */
import { type FieldErrorForm, SimError } from '../route.js';

export function invalid(message: string): SimError {
  return new SimError(400, 'bad_request', message);
}

/** A field's value refused by its rule: `{"status": false, "errors": {field: [message]}}` on the wire. */
export function fieldInvalid(field: string, message: string, form: FieldErrorForm = 'fields'): SimError {
  return new SimError(400, 'bad_request', `${field}: ${message}`, { errors: { [field]: [message] }, form });
}

export function notFound(message: string): SimError {
  return new SimError(404, 'not_found', message);
}

/** A duplicate: a name already taken. */
export function alreadyExists(message: string): SimError {
  return new SimError(409, 'already_exist', message);
}

/** An action refused because of the resource's current state: the service answers 400. */
export function wrongState(message: string): SimError {
  return new SimError(400, 'bad_request', message);
}

/** Not allowed as things stand (an environment that still holds resources) or a feature switched off. */
export function notAllowed(message: string): SimError {
  return new SimError(405, 'not_allowed', message);
}

export function outOfStock(message: string): SimError {
  return new SimError(400, 'bad_request', message);
}

/** Lowercase alphanumerics and hyphens only: cluster and environment names. */
export const DNS_NAME = /^[a-z0-9-]+$/;

export function requireDnsName(kind: string, field: string, name: string): void {
  if (!DNS_NAME.test(name)) {
    throw fieldInvalid(
      field,
      `${kind} name "${name}" is invalid: only lowercase letters, digits and hyphens are allowed.`,
    );
  }
}

/**
 * A name of 1 to `max` characters, not only blanks, where the document gives a limit (a profile's, a volume's and a
 * VM's 50), in the words of such a limit. Firewall, snapshot and image names have none documented
 * (CreateFirewallPayload, CreateSnapshotPayload, CreateImagePayload), nor what the service says of a blank one: no
 * refusal is invented for them.
 */
export function requireName(field: string, name: string, max: number): void {
  if (name.trim().length === 0 || name.length > max)
    throw fieldInvalid(field, `Length must be between 1 and ${max}.`);
}
