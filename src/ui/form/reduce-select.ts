// Keys on a focused select or multi-select: closed, Enter/Space or typing opens its option list; open, the keys
// move the highlight, filter, choose (select) or toggle (multi-select). A choice keeps the focus on its field (no
// move on): the next Tab goes to the next field, never past it.
import type { FormSpec } from '../../store/state/form-spec.js';
import { NAMED_KEYS } from '../input/key-name.js';
import { cleanInput, clip } from '../TextInput.js';
import { setValue } from './edit.js';
import { asArray, isRequired, type SelectField } from './fields.js';
import { type FormResult, type FormState, type KeyLike, LIST_QUERY_MAX, LIST_WINDOW } from './form-state.js';
import { move } from './navigation.js';
import { disabledMessage, filterOptions, firstEnabled } from './options.js';

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

export function reduceSelect(
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
      if (f.kind === 'multi-select') return { state: { ...state, list: undefined } };
      if (!current) return { state };
      if (current.disabled) {
        return { state: { ...state, notice: { field: f.id, text: disabledMessage(current) } } };
      }
      return { state: setValue(spec, { ...state, list: undefined }, f.id, current.value) };
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
