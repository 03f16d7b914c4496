/** The name field of what the service names as a DNS label: environments, clusters and node groups. */
import { DNS_NAME_MAX, dnsNameError } from '../../src/domain/names.js';
import type { Field, FormValues } from '../../src/store/state/form-spec.js';

/**
 * Lowercase letters, digits and hyphens, counted to `max`; `taken` says why a well-formed name is refused (one
 * taken, the name it has now), or undefined.
 */
export function dnsNameField<V extends FormValues & { name: string }>(o: {
  label?: string;
  max?: number;
  placeholder?: string;
  help?: string;
  taken: (name: string) => string | undefined;
}): Field<V, 'name', 'text'> {
  const max = o.max ?? DNS_NAME_MAX;
  return {
    id: 'name',
    kind: 'text',
    label: o.label ?? 'Name',
    maxLength: max,
    counter: true,
    ...(o.placeholder ? { placeholder: o.placeholder } : {}),
    ...(o.help ? { help: o.help } : {}),
    validate: (name) => dnsNameError(name, max) ?? o.taken(name),
  };
}
