// The service's refusal of single fields, put where the user fixes them: each message under the field it names
// (the spec maps the payload's names to field ids), a name that is no visible field on the form's error line.
import type { FormSpec, FormValues, RefusedRequest } from '../../store/state/form-spec.js';
import { sameValue, visibleFields } from './fields.js';
import type { FormState } from './form-state.js';

export interface PlacedErrors {
  /** The service's words by form field id. */
  fields: Record<string, string>;
  /** "security_rules.0.port_range_min: Must be …": names with no visible field, for the form's error line. */
  unplaced: string[];
}

function fieldIdFor(spec: FormSpec, name: string, request: RefusedRequest): string | undefined {
  const map = spec.serviceFields;
  if (typeof map === 'function') return map(name, request);
  // Own keys only: the names come from the service's body ("constructor" is no mapping).
  return map && Object.hasOwn(map, name) ? map[name] : name;
}

/** Each field the service named, on the form field it maps to when that field is shown, else left over. */
export function placeFieldErrors(
  spec: FormSpec,
  values: FormValues,
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  request: RefusedRequest,
): PlacedErrors {
  const visible = new Set(visibleFields(spec, values).map((f) => f.id));
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const text = messages.join(' ');
    const id = fieldIdFor(spec, name, request);
    if (id !== undefined && visible.has(id))
      fields[id] = Object.hasOwn(fields, id) ? `${fields[id]} ${text}` : text;
    else unplaced.push(`${name}: ${text}`);
  }
  return { fields, unplaced };
}

/** "fix 2 fields: Name, Flavor" while the service's refusal is still on some visible fields, else undefined. */
export function serviceFieldsSummary(spec: FormSpec, state: FormState): string | undefined {
  const errors = state.serviceFieldErrors;
  if (!errors) return undefined;
  const labels = visibleFields(spec, state.values)
    .filter((f) => Object.hasOwn(errors, f.id))
    .map((f) => f.label.trim());
  if (labels.length === 0) return undefined;
  return `fix ${labels.length} field${labels.length === 1 ? '' : 's'}: ${labels.join(', ')}`;
}

/** The service's errors minus those of fields whose value changed: the user has answered them. */
export function withoutChanged(
  errors: FormState['serviceFieldErrors'],
  before: FormValues,
  after: FormValues,
): FormState['serviceFieldErrors'] {
  if (!errors) return errors;
  const kept = Object.entries(errors).filter(([id]) => sameValue(before[id], after[id]));
  if (kept.length === Object.keys(errors).length) return errors;
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
