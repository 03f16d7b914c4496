/** The service's refusals, as SimErrors with an HTTP code and an `error_reason`. */
import { SimError } from '../route.js';

export function invalid(message: string): SimError {
  return new SimError(400, 'validation_error', message);
}

export function notFound(message: string): SimError {
  return new SimError(404, 'not_found', message);
}

export function conflict(message: string): SimError {
  return new SimError(409, 'conflict', message);
}

/** An action refused because of the resource's current state. */
export function wrongState(message: string): SimError {
  return new SimError(400, 'invalid_state', message);
}

export function outOfStock(message: string): SimError {
  return new SimError(400, 'insufficient_capacity', message);
}

/** Lowercase alphanumerics and hyphens only: cluster and environment names. */
export const DNS_NAME = /^[a-z0-9-]+$/;

export function requireDnsName(kind: string, field: string, name: string): void {
  if (!DNS_NAME.test(name)) {
    throw invalid(
      `${kind} name "${name}" is invalid (${field}): only lowercase letters, digits and hyphens are allowed.`,
    );
  }
}

/** A name of 1 to 50 characters that is not only blanks: firewall, profile, snapshot and restored-VM names. */
export function requireName1To50(field: string, name: string): void {
  if (name.trim().length === 0 || name.length > 50) throw invalid(`${field} must be 1 to 50 characters.`);
}
