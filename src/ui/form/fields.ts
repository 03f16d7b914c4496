// What a form knows of its fields from the spec alone (no state): which are shown, which are required, and the
// most a text or number input holds.
import type { FieldSpec, FormSpec, FormValue, FormValues } from '../../store/state/form-spec.js';
import { TEXT_INPUT_MAX } from '../TextInput.js';

export type SelectField = Extract<FieldSpec, { kind: 'select' | 'multi-select' }>;
export type TextField = Extract<FieldSpec, { kind: 'text' }>;
export type NumberField = Extract<FieldSpec, { kind: 'number' }>;

/** Fields not hidden for these values, in spec order. */
export function visibleFields(spec: FormSpec, values: FormValues): FieldSpec[] {
  return spec.fields.filter((f) => !f.hidden?.(values));
}

export function isSelect(f: FieldSpec): f is SelectField {
  return f.kind === 'select' || f.kind === 'multi-select';
}

export function isRequired(f: FieldSpec): boolean {
  return f.required ?? (f.kind === 'number' || f.kind === 'select');
}

export function asArray(v: FormValue): readonly string[] {
  return Array.isArray(v) ? (v as readonly string[]) : [];
}

export function isEmpty(v: FormValue): boolean {
  return v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

export function sameValue(a: FormValue, b: FormValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** The most a text field's input holds (UTF-16 units). */
export function textCap(f: TextField): number {
  return f.maxInput ?? TEXT_INPUT_MAX;
}

/** Decimals a fraction field takes. */
const DECIMALS = 6;

/**
 * The longest text a number field takes: the digits of its widest bound, a minus sign when it may be negative,
 * a dot and DECIMALS for fractions. Typing cannot build a huge number.
 */
export function numberCap(f: NumberField): number {
  const digits = (n: number) => String(Math.trunc(Math.abs(n))).length;
  return Math.max(digits(f.min), digits(f.max)) + (f.min < 0 ? 1 : 0) + (f.integer ? 0 : 1 + DECIMALS);
}
