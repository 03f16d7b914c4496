// One key for the open form: the App's single input dispatcher calls formReduce for every key while a form is
// open and acts on the result (submit → submitForm, cancel → close, askCancel → nothing more: the state already
// shows "discard changes? y/n").
import type { FormSpec } from '../../store/state/form-spec.js';
import { setValue } from './edit.js';
import { visibleFields } from './fields.js';
import { type FormResult, type FormState, isDirty, type KeyLike, SUBMIT_ROW } from './form-state.js';
import { fixFocus, move } from './navigation.js';
import { reduceSelect } from './reduce-select.js';
import { reduceNumber, reduceText } from './reduce-text.js';
import { fieldErrors, formError, submitValues } from './validation.js';

/**
 * Ctrl-S, or Enter on the submit row: refused with the errors shown, or `submitting` set and the values out. After
 * a submit whose outcome is unknown, it first asks whether to send again (`resend`: the user said y).
 */
function trySubmit(spec: FormSpec, state: FormState, resend = false): FormResult {
  const closed = { ...state, list: undefined, confirmResend: undefined };
  const refusal = formError(spec, closed);
  if (refusal !== undefined) {
    const errors = fieldErrors(spec, closed.values);
    const first = visibleFields(spec, closed.values).find((f) => errors[f.id] !== undefined);
    return { state: { ...closed, showAllErrors: true, refusal, focus: first ? first.id : closed.focus } };
  }
  if (state.serviceFailure === 'unknown' && !resend) return { state: { ...closed, confirmResend: true } };
  return {
    state: {
      ...closed,
      submitting: true,
      refusal: undefined,
      serviceError: undefined,
      serviceFieldErrors: undefined,
      serviceFailure: undefined,
    },
    submit: submitValues(spec, closed.values),
  };
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
  // The form's one double-submit guard: while a submit is in flight no key does anything, so a second Enter or
  // Ctrl-S (in the same read or later) never returns `submit` again. The caller must pass the latest state.
  if (state.submitting) return { state };
  if (state.confirmResend) {
    if (name === 'y' || name === 'Y') return trySubmit(spec, state, true);
    if (name === 'n' || name === 'N' || name === 'esc')
      return { state: { ...state, confirmResend: undefined } };
    return { state };
  }
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
