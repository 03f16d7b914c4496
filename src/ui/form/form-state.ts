// The state of an open form, and the state it opens with. Pure data, no React: the App's single input dispatcher
// feeds every key to formReduce (reducer.ts) and sends what it returns through submitForm (controller.ts).
import type { FieldSpec, FormSpec, FormValue, FormValues } from '../../store/state/form-spec.js';
import { cleanInput, clip, type TextInputState, textInputState } from '../TextInput.js';
import { sameValue, textCap, visibleFields } from './fields.js';

/** The focus id of the final "[ Create ]" row. */
export const SUBMIT_ROW = '$submit';
/** Options shown at once in an open option list (the rest are counted as "n more"). */
export const LIST_WINDOW = 8;
/** Longest filter of an option list: longer than any option's label, so a paste there stays small. */
export const LIST_QUERY_MAX = 256;

export interface OptionList {
  /** The select or multi-select whose list is open (always the focused field). */
  field: string;
  /** What the user typed to filter the options (case-insensitive substring of label or value). */
  query: string;
  /** The highlighted option, as an index into the filtered options. */
  highlight: number;
}

export interface FormState {
  /** The current value of every field (hidden ones included), plus whatever else the spec's initial held. */
  values: FormValues;
  /** The values the form opened with: Esc closes without asking while values still equal these. */
  initialValues: FormValues;
  /** Caret and text of text fields, and the typed digits of number fields. */
  inputs: Readonly<Record<string, TextInputState>>;
  /** The focused field's id, or SUBMIT_ROW. Always a visible field. */
  focus: string;
  /** The open option list of the focused select / multi-select, if any. */
  list?: OptionList | undefined;
  /** Fields the user changed (or whose value was cleared because its options changed): their errors show. */
  touched: Readonly<Record<string, true>>;
  /** A submit was refused: every visible field's error shows from now on. */
  showAllErrors: boolean;
  /** Why the last submit did nothing ("fix 2 fields: name, flavor"); cleared by the next change. */
  refusal?: string | undefined;
  /**
   * A one-key message under a field ("n3-H100x8 is out of stock" when choosing a disabled option). `hint`: it says
   * why a key was not taken while the value stays valid (a digit past a number's bound), so it is no error.
   */
  notice?: { field: string; text: string; hint?: true } | undefined;
  /**
   * onSubmit is running. The one double-submit guard: formReduce ignores every key while it is set, so a second
   * Enter or Ctrl-S (in the same read, or later) cannot send again. Cleared only when the submit fails.
   */
  submitting: boolean;
  /** The service's (or the network's) error from the last submit; the form stays open with its values. */
  serviceError?: string | undefined;
  /**
   * The service's refusal of single fields, by field id, shown under each field until the user changes that field
   * or sends again.
   */
  serviceFieldErrors?: Readonly<Record<string, string>> | undefined;
  /**
   * How the last submit failed: the service said no ('refused'), the answer was lost and it may have been done
   * ('unknown'), or the request never reached the service ('failed').
   */
  serviceFailure?: 'refused' | 'unknown' | 'failed' | undefined;
  /** Esc was pressed with unsaved changes: "discard changes? y/n". */
  confirmDiscard: boolean;
  /**
   * A submit after one whose outcome is unknown (it may have been done): "it may have been done already: send
   * again? y/n". Nothing is sent again without a y.
   */
  confirmResend?: boolean | undefined;
}

export interface FormResult {
  state: FormState;
  /** Send these values (the state is already `submitting`): call submitForm. */
  submit?: FormValues;
  /** Close the form, nothing sent. */
  cancel?: true;
  /** The user pressed Esc with changes: the state now asks "discard changes? y/n" (no action needed). */
  askCancel?: true;
}

export type KeyLike = { ctrl?: boolean; meta?: boolean; shift?: boolean };

/** Something differs from what the form opened with. */
export function isDirty(state: FormState): boolean {
  const keys = new Set([...Object.keys(state.values), ...Object.keys(state.initialValues)]);
  for (const k of keys) if (!sameValue(state.values[k], state.initialValues[k])) return true;
  return false;
}

/**
 * The focus takes a paste as text: a text or number field, or a select's option filter (a toggle, the submit row,
 * a form sending or asking "discard changes?" do not). A paste is one event: its line breaks and tabs never move
 * the focus nor send the form.
 */
export function focusTakesPaste(spec: FormSpec, state: FormState): boolean {
  if (state.submitting || state.confirmDiscard || state.confirmResend) return false;
  const kind = spec.fields.find((f) => f.id === state.focus)?.kind;
  return kind !== undefined && kind !== 'toggle';
}

export function focusTakesText(spec: FormSpec, state: FormState): boolean {
  if (state.submitting || state.confirmDiscard || state.confirmResend || state.list) return false;
  return spec.fields.find((f) => f.id === state.focus)?.kind === 'text';
}

function initialValue(f: FieldSpec, v: FormValue): FormValue {
  switch (f.kind) {
    case 'text':
      return clip(
        typeof v === 'string' ? cleanInput(v) : v === undefined ? '' : cleanInput(String(v)),
        textCap(f),
      );
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined;
      // Brought within the bounds typing could not come back from (a profile's count of 100000000 would have the
      // form work per VM); a positive number under the minimum stays, and its error shows.
      return n !== undefined && n > f.max ? f.max : n !== undefined && n < f.min && n < 0 ? f.min : n;
    }
    case 'toggle':
      return v === true;
    case 'select':
      return typeof v === 'string' && v !== '' ? v : undefined;
    case 'multi-select':
      return Array.isArray(v) ? [...(v as readonly string[])] : [];
  }
}

/** The text a number field's input shows for a value ('' for none). */
export function numberText(v: FormValue): string {
  return typeof v === 'number' && !Number.isNaN(v) ? String(v) : '';
}

/** The state a form opens with: spec.initial, normalised per field kind; focus on the first visible field. */
export function initFormState(spec: FormSpec): FormState {
  const values: Record<string, FormValue> = { ...spec.initial };
  const inputs: Record<string, TextInputState> = {};
  let notice: FormState['notice'];
  for (const f of spec.fields) {
    const given = spec.initial[f.id];
    const v = initialValue(f, given);
    values[f.id] = v;
    if (f.kind === 'text') inputs[f.id] = textInputState(typeof v === 'string' ? v : '', textCap(f));
    if (f.kind === 'number') inputs[f.id] = textInputState(numberText(v));
    if (f.kind === 'number' && typeof given === 'number' && given !== v) {
      notice ??= {
        field: f.id,
        text: `${given} is out of bounds (${f.min} to ${f.max}): set to ${String(v)}`,
      };
    }
  }
  const first = visibleFields(spec, values)[0];
  return {
    notice,
    values,
    initialValues: values,
    inputs,
    focus: first ? first.id : SUBMIT_ROW,
    touched: {},
    showAllErrors: false,
    submitting: false,
    confirmDiscard: false,
  };
}
