/**
 * Where the service's field errors of a create form go. The VM and cluster forms may send other requests before
 * their create (import a key pair, save a profile), whose payload names mean other fields: `name` of
 * POST /core/keypairs is the new key's name, not the VM's.
 */
import type { ServiceFields } from '../../src/store/state/form-spec.js';

/** The payload of POST /core/keypairs, as the inline import fields of a create form. */
export const IMPORT_KEY_FIELDS: Readonly<Record<string, string>> = {
  name: 'new_key_name',
  environment_name: 'environment',
  public_key: 'public_key',
};

/**
 * `others` by request path names every field of that request (a name not in it has no field); the main request's
 * names go by `main`, or to the field of the same id.
 */
export function serviceFieldsByRequest(
  main: Readonly<Record<string, string>>,
  others: Readonly<Record<string, Readonly<Record<string, string>>>>,
): ServiceFields {
  return (field, request) => {
    const other = Object.hasOwn(others, request.path) ? others[request.path] : undefined;
    if (other) return Object.hasOwn(other, field) ? other[field] : undefined;
    return Object.hasOwn(main, field) ? main[field] : field;
  };
}
