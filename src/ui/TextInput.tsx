// A controlled single-line text input: the state ({value, cursor}) lives with the caller, keys go through
// textInputReduce. Control characters never get in: a paste of "\x1b[2J" arrives as the inert text "[2J".
import { Text } from 'ink';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, graphemes } from '../domain/text.js';
import { NAMED_KEYS } from './input/key-name.js';

export interface TextInputState {
  /** The text, free of control characters. */
  value: string;
  /** Caret position as a UTF-16 index into value, always on a grapheme boundary. */
  cursor: number;
  /** Characters (UTF-16 units) the last insert left out because the input was full: the caller says so. */
  clipped?: number;
}

/**
 * The most a text input holds unless its owner says otherwise (UTF-16 units): more than any name, CIDR or path
 * (PATH_MAX is 4096) needs, and small enough that a pasted megabyte is cut at once instead of hanging the UI.
 */
export const TEXT_INPUT_MAX = 4096;

/** Anything a terminal could interpret, plus bidi overrides (see domain/sanitize). */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const LINE_OR_TAB = /\r\n|[\r\n\t\u2028\u2029]/g;
const EDGE_LINES = /^[\r\n\u2028\u2029]+|[\r\n\u2028\u2029]+$/g;

export function textInputState(value = '', max = TEXT_INPUT_MAX): TextInputState {
  const v = clip(cleanInput(value), max);
  return { value: v, cursor: v.length };
}

/** The first `max` UTF-16 units of a text, never ending on half a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = Math.max(0, Math.floor(max));
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}

/**
 * The printable part of typed or pasted text, for one line: line breaks around it go (a copied line ends with
 * one), those inside and tabs become spaces, every other control character, escape introducers included, is
 * dropped.
 */
export function cleanInput(text: string): string {
  return text.replace(EDGE_LINES, '').replace(LINE_OR_TAB, ' ').replace(CONTROL, '');
}

function boundaries(value: string): number[] {
  const out = [0];
  for (const { index, segment } of graphemes(value)) out.push(index + segment.length);
  return out;
}

/**
 * Code units around the caret that are segmented to find its neighbours: far more than a real grapheme takes, so
 * a 64 KiB value is not segmented whole on every key. A longer grapheme (hundreds of combining marks) falls back
 * to the whole value.
 */
const NEAR = 256;

/** `at`, moved left off the second half of a surrogate pair. */
function unitStart(value: string, at: number): number {
  const c = value.charCodeAt(at);
  return at > 0 && c >= 0xdc00 && c <= 0xdfff ? at - 1 : at;
}

function prevBoundary(value: string, cursor: number): number {
  const from = unitStart(value, Math.max(0, cursor - NEAR));
  let prev = 0;
  for (const b of boundaries(value.slice(from, cursor))) {
    if (b >= cursor - from) break;
    prev = b;
  }
  if (prev === 0 && from > 0) return prevBoundaryWhole(value, cursor);
  return from + prev;
}
function prevBoundaryWhole(value: string, cursor: number): number {
  let prev = 0;
  for (const b of boundaries(value)) {
    if (b >= cursor) break;
    prev = b;
  }
  return prev;
}
function nextBoundary(value: string, cursor: number): number {
  const to = unitStart(value, Math.min(value.length, cursor + NEAR));
  const near = boundaries(value.slice(cursor, to)).find((b) => b > 0);
  if (near !== undefined && (near < to - cursor || to === value.length)) return cursor + near;
  for (const b of boundaries(value)) if (b > cursor) return b;
  return value.length;
}

/**
 * Insert text at the caret (cleaned of control characters), as much as fits in `max`: the rest is left out and
 * counted in `clipped`.
 */
export function insertText(state: TextInputState, text: string, max = TEXT_INPUT_MAX): TextInputState {
  const clean = cleanInput(text);
  if (!clean) return state;
  const fits = clip(clean, Math.max(0, max - state.value.length));
  const clipped = clean.length - fits.length;
  const value = state.value.slice(0, state.cursor) + fits + state.value.slice(state.cursor);
  const next: TextInputState = { value, cursor: state.cursor + fits.length };
  if (clipped > 0) next.clipped = clipped;
  return next;
}

/**
 * Apply one key. `name` is keyName(input, key); `input` the raw text Ink gave (a paste may be many chars).
 * Returns the same object when the key changes nothing, so callers can tell "handled" by identity if they want;
 * keys it does not know (enter, esc, up, …) are left to the caller.
 */
export function textInputReduce(
  state: TextInputState,
  name: string,
  input: string,
  key?: { ctrl?: boolean; meta?: boolean },
  max = TEXT_INPUT_MAX,
): TextInputState {
  const { value, cursor } = state;
  switch (name) {
    case 'backspace': {
      if (cursor === 0) return state;
      const at = prevBoundary(value, cursor);
      return { value: value.slice(0, at) + value.slice(cursor), cursor: at };
    }
    case 'ctrl+d': {
      if (cursor >= value.length) return state;
      return { value: value.slice(0, cursor) + value.slice(nextBoundary(value, cursor)), cursor };
    }
    case 'left':
    case 'ctrl+b':
      return cursor === 0 ? state : { value, cursor: prevBoundary(value, cursor) };
    case 'right':
    case 'ctrl+f':
      return cursor >= value.length ? state : { value, cursor: nextBoundary(value, cursor) };
    case 'home':
    case 'ctrl+a':
      return cursor === 0 ? state : { value, cursor: 0 };
    case 'end':
    case 'ctrl+e':
      return cursor === value.length ? state : { value, cursor: value.length };
    case 'ctrl+u':
      return value === '' ? state : { value: '', cursor: 0 };
    case 'ctrl+k':
      return cursor === value.length ? state : { value: value.slice(0, cursor), cursor };
    case 'ctrl+w': {
      if (cursor === 0) return state;
      const before = value.slice(0, cursor).replace(/\S*\s*$/, '');
      return { value: before + value.slice(cursor), cursor: before.length };
    }
    default:
      break;
  }
  if (key?.ctrl || key?.meta || name.startsWith('ctrl+')) return state;
  if (!input || NAMED_KEYS.has(name)) return state;
  return insertText(state, input, max);
}

export interface TextInputProps {
  state: TextInputState;
  /** Columns available, caret included. */
  width: number;
  /** Show the caret (inverse block); off while another part has the keyboard. */
  focus?: boolean;
  placeholder?: string;
  color?: string | undefined;
}

/** The visible slice of the value: keeps the caret in view by scrolling horizontally. */
export function inputWindow(
  state: TextInputState,
  width: number,
): { before: string; at: string; after: string } {
  const room = Math.max(1, Math.floor(width));
  // Only the text near the caret can show: a long value (64 KiB of user data) is not sanitised and segmented
  // whole on every frame. Each column takes at least one code unit, so this span always covers the window.
  const span = 4 * room + NEAR;
  const from = unitStart(state.value, Math.max(0, state.cursor - span));
  const to = unitStart(state.value, Math.min(state.value.length, state.cursor + span));
  const value = sanitize(state.value.slice(from, to));
  const cursor = state.cursor - from;
  const segs = [...graphemes(value)].map((s) => s.segment);
  // The caret's grapheme: the one starting at the cursor (or past the end).
  let ci = 0;
  for (let pos = 0; ci < segs.length && pos < cursor; ci++) pos += (segs[ci] as string).length;
  const at = segs[ci] ?? ' ';
  let used = displayWidth(at);
  // Show as much as fits to the left of the caret, then fill to the right.
  let start = ci;
  while (start > 0 && used + displayWidth(segs[start - 1] as string) <= room)
    used += displayWidth(segs[--start] as string);
  let end = Math.min(ci + 1, segs.length);
  while (end < segs.length && used + displayWidth(segs[end] as string) <= room)
    used += displayWidth(segs[end++] as string);
  return { before: segs.slice(start, ci).join(''), at, after: segs.slice(ci + 1, end).join('') };
}

export function TextInput({ state, width, focus = true, placeholder, color }: TextInputProps) {
  if (state.value === '' && placeholder) {
    return (
      <Text wrap="truncate-end">
        {focus ? <Text inverse> </Text> : null}
        <Text dimColor>{placeholder}</Text>
      </Text>
    );
  }
  const w = inputWindow(state, width);
  return (
    <Text color={color} wrap="truncate-end">
      {w.before}
      {focus ? <Text inverse>{w.at}</Text> : w.at}
      {w.after}
    </Text>
  );
}
