// Is the form fit to send: each field's built-in check (required, length, bounds, an option still offered) then
// its own validate; which errors show now; the values onSubmit receives.
import type { FieldSpec, FormSpec, FormValue, FormValues } from '../../store/state/form-spec.js';
import { asArray, isEmpty, isRequired, visibleFields } from './fields.js';
import type { FormState } from './form-state.js';
import { disabledMessage } from './options.js';

/** The characters of a text (code points), as the service counts them. */
function textLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The built-in check of one field, before its own validate. */
function builtinError(f: FieldSpec, value: FormValue, values: FormValues): string | undefined {
  if (isEmpty(value)) {
    if (!isRequired(f) || f.kind === 'toggle') return undefined;
    return f.kind === 'multi-select' ? 'choose at least one' : 'required';
  }
  switch (f.kind) {
    case 'text': {
      const n = textLength(typeof value === 'string' ? value : String(value));
      if (f.maxLength !== undefined && n > f.maxLength) return `at most ${f.maxLength} characters (${n})`;
      return undefined;
    }
    case 'number': {
      if (typeof value !== 'number' || Number.isNaN(value)) return 'not a number';
      if (f.integer && !Number.isInteger(value)) return 'must be a whole number';
      if (f.min !== undefined && value < f.min) return `at least ${f.min}`;
      if (f.max !== undefined && value > f.max) return `at most ${f.max}`;
      return undefined;
    }
    case 'toggle':
      return undefined;
    case 'select': {
      const options = f.options(values);
      const option = options.find((o) => o.value === value);
      if (!option) return `${String(value)} is not available here`;
      if (option.disabled) return disabledMessage(option);
      return undefined;
    }
    case 'multi-select': {
      const options = f.options(values);
      for (const v of asArray(value)) {
        const option = options.find((o) => o.value === v);
        if (!option) return `${v} is not available here`;
        if (option.disabled) return disabledMessage(option);
      }
      return undefined;
    }
  }
}

/** The error of every visible, invalid field (built-in checks first, then the field's validate). */
export function fieldErrors(spec: FormSpec, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of visibleFields(spec, values)) {
    const value = values[f.id];
    const error = builtinError(f, value, values) ?? f.validate?.(value, values);
    if (error !== undefined) out[f.id] = error;
  }
  return out;
}

/**
 * The error to show under a field now: the form's own once touched or after a refused submit, else the service's
 * refusal of it (until the field changes).
 */
export function shownError(
  state: FormState,
  errors: Readonly<Record<string, string>>,
  id: string,
): string | undefined {
  const own = state.showAllErrors || state.touched[id] ? errors[id] : undefined;
  return own ?? state.serviceFieldErrors?.[id];
}

/** "fix 2 fields: name, flavor" while any visible field is invalid, else undefined. */
export function formError(spec: FormSpec, state: FormState): string | undefined {
  const errors = fieldErrors(spec, state.values);
  const labels = visibleFields(spec, state.values)
    .filter((f) => errors[f.id] !== undefined)
    .map((f) => f.label);
  if (labels.length === 0) return undefined;
  return `fix ${labels.length} field${labels.length === 1 ? '' : 's'}: ${labels.join(', ')}`;
}

/** The values onSubmit receives: hidden fields left out, everything else (extra initial keys too) kept. */
export function submitValues(spec: FormSpec, values: FormValues): FormValues {
  const out: Record<string, FormValue> = { ...values };
  for (const f of spec.fields) if (f.hidden?.(values)) delete out[f.id];
  return out;
}
