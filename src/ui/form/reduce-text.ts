// Keys on a focused text or number field. Enter and ↑/↓ move on; everything else edits the input.
import type { FormSpec } from '../../store/state/form-spec.js';
import { textInputReduce, textInputState } from '../TextInput.js';
import { setValue } from './edit.js';
import { type NumberField, numberCap, type TextField, textCap } from './fields.js';
import { type FormResult, type FormState, type KeyLike, numberText } from './form-state.js';
import { move } from './navigation.js';

export function reduceText(
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
  // → on an empty field takes its suggestion (Tab still moves on: no clash)
  if (name === 'right' && before.value === '' && f.suggestion) {
    const taken = textInputState(f.suggestion, cap);
    return { state: setValue(spec, state, f.id, taken.value, taken) };
  }
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

export function reduceNumber(
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
  let refused: string | undefined;
  for (const ch of input) {
    const digit = ch >= '0' && ch <= '9';
    if (!digit && !(ch === '.' && !f.integer && !next.includes('.'))) continue;
    const candidate = next + ch;
    if (candidate.length > numberCap(f) || !reachable(candidate, f)) {
      refused = ch;
      break;
    }
    next = candidate;
  }
  const result = next === text ? { state } : commit(next);
  if (refused === undefined) return result;
  // The value kept is as valid as before the key: a hint of why the key was not taken, not an error under it.
  const why = `${refused} not typed: from ${f.min} to ${f.max}`;
  return { state: { ...result.state, notice: { field: f.id, text: why, hint: true } } };

  function commit(t: string): FormResult {
    return { state: setValue(spec, state, f.id, parseNumber(t), textInputState(t)) };
  }
}
