// Moving the focus: Tab / arrows through the visible fields and the submit row, and off a field that got hidden.
import type { FormSpec, FormValues } from '../../store/state/form-spec.js';
import { visibleFields } from './fields.js';
import { type FormState, SUBMIT_ROW } from './form-state.js';

function rows(spec: FormSpec, values: FormValues): string[] {
  return [...visibleFields(spec, values).map((f) => f.id), SUBMIT_ROW];
}

/** The next (or previous) row, wrapping; an open list closes. */
export function move(spec: FormSpec, state: FormState, delta: 1 | -1): FormState {
  const ids = rows(spec, state.values);
  const at = Math.max(0, ids.indexOf(state.focus));
  const next = ids[(at + delta + ids.length) % ids.length] ?? SUBMIT_ROW;
  return { ...state, focus: next, list: undefined };
}

/** Keep the focus on a visible field: if the focused one got hidden, move to the next visible one. */
export function fixFocus(spec: FormSpec, state: FormState): FormState {
  if (state.focus === SUBMIT_ROW) return state;
  const visible = visibleFields(spec, state.values);
  if (visible.some((f) => f.id === state.focus)) return state;
  const at = spec.fields.findIndex((f) => f.id === state.focus);
  const next = spec.fields.slice(at + 1).find((f) => visible.includes(f));
  return { ...state, focus: next ? next.id : SUBMIT_ROW, list: undefined };
}
