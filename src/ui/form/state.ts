// The state of an open form and its key reducer: pure functions, no React. The App's single input dispatcher
// calls formReduce for every key while a form is open and acts on the result (submit → submitForm, cancel →
// close, askCancel → nothing more: the state already shows "discard changes? y/n").

import type { FieldOption, FieldSpec, FormSpec, FormValue, FormValues } from '../../store/form-spec.js';
import {
  cleanInput,
  clip,
  TEXT_INPUT_MAX,
  type TextInputState,
  textInputReduce,
  textInputState,
} from '../TextInput.js';

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
  /** A one-key message under a field ("n3-H100x8 is out of stock" when choosing a disabled option). */
  notice?: { field: string; text: string } | undefined;
  /** onSubmit is running: every key is ignored, a second submit is impossible. */
  submitting: boolean;
  /** The service's (or the network's) error from the last submit; the form stays open with its values. */
  serviceError?: string | undefined;
  /**
   * How the last submit failed: the service said no ('refused'), the answer was lost and it may have been done
   * ('unknown'), or the request never reached the service ('failed').
   */
  serviceFailure?: 'refused' | 'unknown' | 'failed' | undefined;
  /** Esc was pressed with unsaved changes: "discard changes? y/n". */
  confirmDiscard: boolean;
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

/** Keys with a name that never type text (keyName's named keys). */
const NAMED_KEYS = new Set([
  'enter',
  'esc',
  'tab',
  'shift+tab',
  'up',
  'down',
  'left',
  'right',
  'pgup',
  'pgdn',
  'home',
  'end',
  'backspace',
]);

type SelectField = Extract<FieldSpec, { kind: 'select' | 'multi-select' }>;

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────

/** Fields not hidden for these values, in spec order. */
export function visibleFields(spec: FormSpec, values: FormValues): FieldSpec[] {
  return spec.fields.filter((f) => !f.hidden?.(values));
}

function isSelect(f: FieldSpec): f is SelectField {
  return f.kind === 'select' || f.kind === 'multi-select';
}

function isRequired(f: FieldSpec): boolean {
  return f.required ?? (f.kind === 'number' || f.kind === 'select');
}

type TextField = Extract<FieldSpec, { kind: 'text' }>;
type NumberField = Extract<FieldSpec, { kind: 'number' }>;

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

/** The focused field takes free text (a run of characters may be typed into it at once). */
export function focusTakesText(spec: FormSpec, state: FormState): boolean {
  if (state.submitting || state.confirmDiscard || state.list) return false;
  return spec.fields.find((f) => f.id === state.focus)?.kind === 'text';
}

/** The options a select offers for these values. */
export function fieldOptions(field: FieldSpec, values: FormValues): readonly FieldOption[] {
  return isSelect(field) ? field.options(values) : [];
}

/** Options whose label or value contains the query (case-insensitive), with their index in the full list. */
export function filterOptions(
  options: readonly FieldOption[],
  query: string,
): { option: FieldOption; index: number }[] {
  const q = query.trim().toLowerCase();
  const out: { option: FieldOption; index: number }[] = [];
  options.forEach((option, index) => {
    if (!q || option.label.toLowerCase().includes(q) || option.value.toLowerCase().includes(q)) {
      out.push({ option, index });
    }
  });
  return out;
}

/** The slice [start, end) of `total` rows to show so that `highlight` is in view, about centred. */
export function optionWindow(
  total: number,
  highlight: number,
  size = LIST_WINDOW,
): { start: number; end: number } {
  const rows = Math.max(1, size);
  if (total <= rows) return { start: 0, end: total };
  const start = Math.max(0, Math.min(highlight - Math.floor(rows / 2), total - rows));
  return { start, end: start + rows };
}

/** "n3-H100x8 is out of stock". */
export function disabledMessage(option: FieldOption): string {
  const reason = option.disabled ?? '';
  return reason.startsWith(option.label) ? reason : `${option.label} is ${reason}`;
}

function asArray(v: FormValue): readonly string[] {
  return Array.isArray(v) ? (v as readonly string[]) : [];
}

function isEmpty(v: FormValue): boolean {
  return v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

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

/** The error to show under a field now: only once touched, or after a refused submit. */
export function shownError(
  state: FormState,
  errors: Readonly<Record<string, string>>,
  id: string,
): string | undefined {
  return state.showAllErrors || state.touched[id] ? errors[id] : undefined;
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

function sameValue(a: FormValue, b: FormValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** Something differs from what the form opened with. */
export function isDirty(state: FormState): boolean {
  const keys = new Set([...Object.keys(state.values), ...Object.keys(state.initialValues)]);
  for (const k of keys) if (!sameValue(state.values[k], state.initialValues[k])) return true;
  return false;
}

// ── init ─────────────────────────────────────────────────────────────────────────────────────────────────

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

function numberText(v: FormValue): string {
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

// ── value changes ────────────────────────────────────────────────────────────────────────────────────────

function optionKeys(f: SelectField, values: FormValues): string {
  return f
    .options(values)
    .map((o) => o.value)
    .join('\u0000');
}

/**
 * After a change: a select whose option list changed because of it drops a value no longer offered (and is
 * marked touched, so "required" shows). Repeats while clearing one select changes another's options.
 */
function reconcile(
  spec: FormSpec,
  before: FormValues,
  after: Record<string, FormValue>,
  touched: Record<string, true>,
): void {
  let prev = before;
  for (let round = 0; round <= spec.fields.length; round++) {
    const snapshot = { ...after };
    let changed = false;
    for (const f of spec.fields) {
      if (!isSelect(f) || f.hidden?.(after)) continue;
      if (optionKeys(f, prev) === optionKeys(f, after)) continue;
      const offered = new Set(f.options(after).map((o) => o.value));
      const v = after[f.id];
      if (f.kind === 'select') {
        if (typeof v === 'string' && !offered.has(v)) {
          after[f.id] = undefined;
          touched[f.id] = true;
          changed = true;
        }
      } else {
        const kept = asArray(v).filter((x) => offered.has(x));
        if (kept.length !== asArray(v).length) {
          after[f.id] = kept;
          touched[f.id] = true;
          changed = true;
        }
      }
    }
    if (!changed) return;
    prev = snapshot;
  }
}

/** Keep the focus on a visible field: if the focused one got hidden, move to the next visible one. */
function fixFocus(spec: FormSpec, state: FormState): FormState {
  if (state.focus === SUBMIT_ROW) return state;
  const visible = visibleFields(spec, state.values);
  if (visible.some((f) => f.id === state.focus)) return state;
  const at = spec.fields.findIndex((f) => f.id === state.focus);
  const next = spec.fields.slice(at + 1).find((f) => visible.includes(f));
  return { ...state, focus: next ? next.id : SUBMIT_ROW, list: undefined };
}

/** Set one field's value as the user's change: touched, refusal cleared, dependent selects reconciled. */
function setValue(
  spec: FormSpec,
  state: FormState,
  id: string,
  value: FormValue,
  input?: TextInputState,
): FormState {
  const inputs = input ? { ...state.inputs, [id]: input } : state.inputs;
  if (sameValue(state.values[id], value)) return input ? { ...state, inputs } : state;
  const values: Record<string, FormValue> = { ...state.values, [id]: value };
  const touched: Record<string, true> = { ...state.touched, [id]: true };
  reconcile(spec, state.values, values, touched);
  return fixFocus(spec, { ...state, values, inputs, touched, refusal: undefined });
}

// ── navigation ───────────────────────────────────────────────────────────────────────────────────────────

function rows(spec: FormSpec, values: FormValues): string[] {
  return [...visibleFields(spec, values).map((f) => f.id), SUBMIT_ROW];
}

function move(spec: FormSpec, state: FormState, delta: 1 | -1): FormState {
  const ids = rows(spec, state.values);
  const at = Math.max(0, ids.indexOf(state.focus));
  const next = ids[(at + delta + ids.length) % ids.length] ?? SUBMIT_ROW;
  return { ...state, focus: next, list: undefined };
}

function trySubmit(spec: FormSpec, state: FormState): FormResult {
  if (state.submitting) return { state };
  const closed = { ...state, list: undefined };
  const refusal = formError(spec, closed);
  if (refusal !== undefined) {
    const errors = fieldErrors(spec, closed.values);
    const first = visibleFields(spec, closed.values).find((f) => errors[f.id] !== undefined);
    return { state: { ...closed, showAllErrors: true, refusal, focus: first ? first.id : closed.focus } };
  }
  return {
    state: {
      ...closed,
      submitting: true,
      refusal: undefined,
      serviceError: undefined,
      serviceFailure: undefined,
    },
    submit: submitValues(spec, closed.values),
  };
}

// ── per kind ─────────────────────────────────────────────────────────────────────────────────────────────

function reduceText(
  spec: FormSpec,
  state: FormState,
  f: TextField,
  name: string,
  input: string,
  key: KeyLike | undefined,
): FormResult {
  if (name === 'enter') return { state: move(spec, state, 1) };
  if (name === 'up' || name === 'down') return { state: move(spec, state, name === 'down' ? 1 : -1) };
  const cap = textCap(f);
  const before = state.inputs[f.id] ?? textInputState(String(state.values[f.id] ?? ''), cap);
  const after = textInputReduce(before, name, input, key, cap);
  if (after === before) return { state };
  const next = setValue(spec, state, f.id, after.value, after);
  if (!after.clipped) return { state: next };
  return {
    state: {
      ...next,
      notice: { field: f.id, text: `at most ${cap} characters here: ${after.clipped} left out` },
    },
  };
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

function parseNumber(text: string): number | undefined {
  if (text === '') return undefined;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return Number.NaN;
  return Number(text);
}

/**
 * Whether a number being typed can still end up within the bounds: more digits make a positive number larger
 * and a negative one smaller, so "25" for at most 20 (or "-6" for at least -5) is refused as it is typed.
 */
function reachable(text: string, f: NumberField): boolean {
  const v = parseNumber(text);
  if (v === undefined || Number.isNaN(v)) return true; // "-", "." on the way to a number
  if (v > f.max) return v < 0;
  if (v < f.min) return v >= 0;
  return true;
}

function reduceNumber(
  spec: FormSpec,
  state: FormState,
  f: NumberField,
  name: string,
  input: string,
  key: KeyLike | undefined,
): FormResult {
  const before = state.inputs[f.id] ?? textInputState(numberText(state.values[f.id]));
  const text = before.value;
  const adjust = (delta: number): FormResult => {
    const v = state.values[f.id];
    const base = typeof v === 'number' && !Number.isNaN(v) ? v + delta : clamp(0, f.min, f.max);
    const n = clamp(base, f.min, f.max);
    return { state: setValue(spec, state, f.id, n, textInputState(String(n))) };
  };
  const negativeOk = f.min < 0;
  switch (name) {
    case 'enter':
      return { state: move(spec, state, 1) };
    case 'up':
    case 'down':
      return { state: move(spec, state, name === 'down' ? 1 : -1) };
    case 'right':
    case '+':
      return adjust(1);
    case 'left':
      return adjust(-1);
    case '-':
      return text === '' && negativeOk ? commit('-') : adjust(-1);
    case 'backspace':
    case 'ctrl+u':
    case 'ctrl+w': {
      const after = textInputReduce({ value: text, cursor: text.length }, name, input, key);
      return after.value === text ? { state } : commit(after.value);
    }
    default:
      break;
  }
  if (key?.ctrl || key?.meta || name.startsWith('ctrl+') || !input) return { state };
  // Digits, and one '.' for fractions; anything else is dropped (a paste keeps its digits). A digit that would
  // go past a bound, or past the longest number the field takes, is refused and the form says why.
  let next = text;
  let refused = false;
  for (const ch of input) {
    const digit = ch >= '0' && ch <= '9';
    if (!digit && !(ch === '.' && !f.integer && !next.includes('.'))) continue;
    const candidate = next + ch;
    if (candidate.length > numberCap(f) || !reachable(candidate, f)) {
      refused = true;
      break;
    }
    next = candidate;
  }
  const result = next === text ? { state } : commit(next);
  if (!refused) return result;
  return { state: { ...result.state, notice: { field: f.id, text: `from ${f.min} to ${f.max}` } } };

  function commit(t: string): FormResult {
    return { state: setValue(spec, state, f.id, parseNumber(t), textInputState(t)) };
  }
}

function reduceToggle(spec: FormSpec, state: FormState, id: string, name: string): FormResult {
  switch (name) {
    case ' ':
    case 'enter':
      return { state: setValue(spec, state, id, state.values[id] !== true) };
    case 'up':
    case 'down':
      return { state: move(spec, state, name === 'down' ? 1 : -1) };
    default:
      return { state };
  }
}

/** The first enabled option among the filtered ones (or the first one). */
function firstEnabled(filtered: { option: FieldOption }[]): number {
  const i = filtered.findIndex((x) => !x.option.disabled);
  return Math.max(i, 0);
}

function openList(state: FormState, f: SelectField, typed: string): FormState {
  const query = clip(typed, LIST_QUERY_MAX);
  const options = f.options(state.values);
  const filtered = filterOptions(options, query);
  let highlight = firstEnabled(filtered);
  if (!query) {
    const current = f.kind === 'select' ? state.values[f.id] : asArray(state.values[f.id])[0];
    const at = filtered.findIndex((x) => x.option.value === current);
    if (at >= 0) highlight = at;
  }
  return { ...state, list: { field: f.id, query, highlight } };
}

function reduceSelect(
  spec: FormSpec,
  state: FormState,
  f: SelectField,
  name: string,
  input: string,
  key: KeyLike | undefined,
): FormResult {
  const list = state.list?.field === f.id ? state.list : undefined;
  const chord = key?.ctrl || key?.meta || name.startsWith('ctrl+');
  if (!list) {
    switch (name) {
      case 'enter':
      case ' ':
        return { state: openList(state, f, '') };
      case 'up':
      case 'down':
        return { state: move(spec, state, name === 'down' ? 1 : -1) };
      case 'backspace':
      case 'ctrl+u':
        // An optional select can be emptied again.
        if (isRequired(f)) return { state };
        return { state: setValue(spec, state, f.id, f.kind === 'select' ? undefined : []) };
      default: {
        const typed = chord || NAMED_KEYS.has(name) ? '' : cleanInput(input);
        return typed.trim() ? { state: openList(state, f, typed) } : { state };
      }
    }
  }
  const options = f.options(state.values);
  const filtered = filterOptions(options, list.query);
  const n = filtered.length;
  const highlightAt = (i: number): FormResult => ({
    state: { ...state, list: { ...list, highlight: Math.max(0, Math.min(n - 1, i)) } },
  });
  const requery = (typed: string): FormResult => {
    const query = clip(typed, LIST_QUERY_MAX);
    const next = filterOptions(options, query);
    return { state: { ...state, list: { ...list, query, highlight: firstEnabled(next) } } };
  };
  const current = filtered[Math.max(0, Math.min(n - 1, list.highlight))]?.option;
  switch (name) {
    case 'up':
      return highlightAt(list.highlight - 1);
    case 'down':
      return highlightAt(list.highlight + 1);
    case 'pgup':
      return highlightAt(list.highlight - LIST_WINDOW);
    case 'pgdn':
      return highlightAt(list.highlight + LIST_WINDOW);
    case 'home':
      return highlightAt(0);
    case 'end':
      return highlightAt(n - 1);
    case 'backspace':
      return list.query ? requery(list.query.slice(0, -1)) : { state };
    case 'ctrl+u':
      return list.query ? requery('') : { state };
    case 'enter': {
      if (f.kind === 'multi-select') return { state: move(spec, { ...state, list: undefined }, 1) };
      if (!current) return { state };
      if (current.disabled) {
        return { state: { ...state, notice: { field: f.id, text: disabledMessage(current) } } };
      }
      const chosen = setValue(spec, { ...state, list: undefined }, f.id, current.value);
      return { state: chosen.focus === f.id ? move(spec, chosen, 1) : chosen };
    }
    case ' ':
      if (f.kind === 'multi-select') {
        if (!current) return { state };
        const selected = asArray(state.values[f.id]);
        const on = selected.includes(current.value);
        if (!on && current.disabled) {
          return { state: { ...state, notice: { field: f.id, text: disabledMessage(current) } } };
        }
        const next = on ? selected.filter((v) => v !== current.value) : [...selected, current.value];
        return { state: setValue(spec, state, f.id, next) };
      }
      return list.query ? requery(list.query + ' ') : { state };
    default: {
      const typed = chord || NAMED_KEYS.has(name) ? '' : cleanInput(input);
      return typed ? requery(list.query + typed) : { state };
    }
  }
}

// ── the reducer ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * One key for the open form. `name` is keyName(input, key); `input` the raw text Ink gave (a paste may be many
 * characters). Never throws, never calls onSubmit: a `submit` result means "send these values now".
 */
export function formReduce(
  spec: FormSpec,
  state: FormState,
  name: string,
  input: string,
  key?: KeyLike,
): FormResult {
  if (state.submitting) return { state };
  if (state.confirmDiscard) {
    if (name === 'y' || name === 'Y') return { state: { ...state, confirmDiscard: false }, cancel: true };
    if (name === 'n' || name === 'N' || name === 'esc') return { state: { ...state, confirmDiscard: false } };
    return { state };
  }
  const s: FormState = state.notice ? { ...state, notice: undefined } : state;
  if (name === 'ctrl+s') return trySubmit(spec, s);
  if (name === 'esc') {
    if (s.list) return { state: { ...s, list: undefined } };
    if (isDirty(s)) return { state: { ...s, confirmDiscard: true }, askCancel: true };
    return { state: s, cancel: true };
  }
  if (name === 'tab') return { state: move(spec, s, 1) };
  if (name === 'shift+tab') return { state: move(spec, s, -1) };
  if (s.focus === SUBMIT_ROW) {
    switch (name) {
      case 'enter':
      case ' ':
        return trySubmit(spec, s);
      case 'up':
        return { state: move(spec, s, -1) };
      case 'down':
        return { state: move(spec, s, 1) };
      default:
        return { state: s };
    }
  }
  const f = visibleFields(spec, s.values).find((x) => x.id === s.focus);
  if (!f) return { state: fixFocus(spec, s) };
  switch (f.kind) {
    case 'text':
      return reduceText(spec, s, f, name, input, key);
    case 'number':
      return reduceNumber(spec, s, f, name, input, key);
    case 'toggle':
      return reduceToggle(spec, s, f.id, name);
    case 'select':
    case 'multi-select':
      return reduceSelect(spec, s, f, name, input, key);
  }
}
