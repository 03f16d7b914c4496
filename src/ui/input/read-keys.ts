// The app's key decoder: what a terminal sends → key presses in Ink's Key shape. Pure and total: any string
// decodes without throwing, into at most one key per code point. Escape sequences the app does not know (SGR
// colours like ESC[0m in a paste, OSC titles, DCS, mouse reports, paste markers) are dropped whole: they never
// arrive as text, nor as a key anything acts on. Ink 6.8's own parser turns ESC[0m into "ctrl with no key name"
// and useInput then crashes on it; this one replaces both.
import type { Key as InkKey } from 'ink';

/**
 * Ink's Key, plus the number of a function key (F1 = 1), which Ink's shape has no field for, and `paste`: the
 * event is a paste (its text in `input`; see key-reader.ts), never a key press.
 */
export type Key = InkKey & { fn?: number; paste?: boolean };

/** One key press: the text it types ('' for named keys) and what it is. */
export interface KeyEvent {
  input: string;
  key: Key;
}

/** A key press with no modifier or special key. Shared (never mutated) so a long paste allocates little. */
export const PLAIN_KEY: Key = Object.freeze({
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
});
const SHIFT_KEY: Key = Object.freeze({ ...PLAIN_KEY, shift: true });

type Mods = Pick<Key, 'ctrl' | 'shift' | 'meta'>;
const NO_MODS: Mods = { ctrl: false, shift: false, meta: false };

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;

const named = (flag: keyof InkKey, mods: Mods = NO_MODS): KeyEvent => ({
  input: '',
  key: { ...PLAIN_KEY, ...mods, [flag]: true },
});
const fnKey = (n: number, mods: Mods): KeyEvent => ({ input: '', key: { ...PLAIN_KEY, ...mods, fn: n } });
const textKey = (ch: string, mods: Mods = NO_MODS): KeyEvent =>
  mods === NO_MODS
    ? { input: ch, key: ch >= 'A' && ch <= 'Z' ? SHIFT_KEY : PLAIN_KEY }
    : { input: ch, key: { ...PLAIN_KEY, ...mods, shift: mods.shift || (ch >= 'A' && ch <= 'Z') } };

/** xterm's modifier parameter (1 + bits: 1 shift, 2 alt, 4 ctrl, 8 meta), read as Ink reads it. */
function modsOf(param: string | undefined): Mods {
  const m = Number.parseInt(param ?? '', 10);
  if (!(m > 1 && m < 256)) return NO_MODS;
  const bits = m - 1;
  return { shift: (bits & 1) !== 0, meta: (bits & 10) !== 0, ctrl: (bits & 4) !== 0 };
}

/** A C0 control character (or DEL) as the key it is on a keyboard: Enter, Tab, Backspace, Ctrl+letter. */
function controlKey(cp: number, mods: Mods = NO_MODS): KeyEvent {
  if (cp === 0x0d || cp === 0x0a) return named('return', mods);
  if (cp === 0x09) return named('tab', mods);
  if (cp === 0x08 || cp === 0x7f) return named('backspace', mods);
  if (cp === ESC) return { input: '', key: { ...PLAIN_KEY, ...mods, escape: true, meta: true } };
  // 0x01–0x1a are Ctrl+A…Z; 0x00 and 0x1c–0x1f are Ctrl+@ \ ] ^ _ (Ctrl+Space sends 0x00).
  const ch = cp >= 0x01 && cp <= 0x1a ? String.fromCharCode(cp + 96) : String.fromCharCode(cp + 64);
  return { input: ch, key: { ...PLAIN_KEY, ...mods, ctrl: true } };
}

const isPrintable = (cp: number) =>
  cp >= 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp <= 0x9f) && !(cp >= 0xd800 && cp <= 0xdfff);

// ── CSI and SS3 ─────────────────────────────────────────────────────────────────────────────────────────

/** CSI n ~ (and rxvt's n ^, which adds Ctrl). */
const TILDE: Record<number, keyof InkKey | number> = {
  1: 'home',
  7: 'home',
  4: 'end',
  8: 'end',
  3: 'delete',
  5: 'pageUp',
  6: 'pageDown',
  11: 1,
  12: 2,
  13: 3,
  14: 4,
  15: 5,
  17: 6,
  18: 7,
  19: 8,
  20: 9,
  21: 10,
  23: 11,
  24: 12,
  25: 13,
  26: 14,
  28: 15,
  29: 16,
  31: 17,
  32: 18,
  33: 19,
  34: 20,
};

/** Final letters shared by CSI (ESC [ 1 ; 5 A) and SS3 (ESC O A, ESC O 5 P). */
const LETTER: Record<string, keyof InkKey | number> = {
  A: 'upArrow',
  B: 'downArrow',
  C: 'rightArrow',
  D: 'leftArrow',
  H: 'home',
  F: 'end',
  P: 1,
  Q: 2,
  R: 3,
  S: 4,
};

/** SS3 keys of the application keypad (sent only when a terminal is set up so): the characters they type. */
const KEYPAD: Record<string, string> = {
  j: '*',
  k: '+',
  l: ',',
  m: '-',
  n: '.',
  o: '/',
  p: '0',
  q: '1',
  r: '2',
  s: '3',
  t: '4',
  u: '5',
  v: '6',
  w: '7',
  x: '8',
  y: '9',
  X: '=',
};

function fromTable(v: keyof InkKey | number | undefined, mods: Mods): KeyEvent | undefined {
  if (v === undefined) return undefined;
  return typeof v === 'number' ? fnKey(v, mods) : named(v, mods);
}

/** A key given by its code point with modifiers (kitty's CSI u, xterm's CSI 27;m;c ~). */
function codeKey(code: number, mods: Mods): KeyEvent | undefined {
  if (code === 0x0d || code === 0x09 || code === 0x7f || code === 0x08 || code === ESC) {
    return controlKey(code, mods);
  }
  if (code >= 0x01 && code <= 0x1a) return controlKey(code, mods);
  // Kitty reports keys without a character (Caps Lock, media keys …) as private-use code points.
  const privateUse = (code >= 0xe000 && code <= 0xf8ff) || code >= 0xf0000;
  if (!isPrintable(code) || code > 0x10ffff || privateUse) return undefined;
  let ch = String.fromCodePoint(code);
  if (mods.shift && ch >= 'a' && ch <= 'z') ch = ch.toUpperCase();
  return mods.ctrl || mods.meta ? textKey(ch, mods) : textKey(ch);
}

/** The key a complete CSI sequence stands for, or undefined to drop it. */
function csiKey(params: string, inter: string, final: string, cygwin: boolean): KeyEvent | undefined {
  if (inter !== '' || /^[<=>?]/.test(params)) return undefined; // private: mouse, replies to queries
  const parts = params.split(';');
  const first = (parts[0] ?? '').split(':')[0] ?? '';
  const modParam = parts[1]?.split(':');
  // Kitty reports key releases (event type 3) when asked to: a release is not a press.
  if (modParam?.[1] === '3') return undefined;
  const mods = modsOf(modParam?.[0]);
  if (cygwin) {
    // Cygwin/libuv F1–F5 (ESC [ [ A…E), PuTTY PgUp/PgDn (ESC [ [ 5 ~).
    if (final >= 'A' && final <= 'E' && params === '') return fnKey(final.charCodeAt(0) - 64, NO_MODS);
    if (final !== '~') return undefined;
  }
  if (final === '~' || final === '^') {
    const n = Number.parseInt(first, 10);
    const m = final === '^' ? { ...mods, ctrl: true } : mods;
    if (n === 27 && parts[2] !== undefined) return codeKey(Number.parseInt(parts[2], 10), mods);
    return fromTable(TILDE[n], m);
  }
  if (final === 'Z') return named('tab', { ...mods, shift: true });
  if (final === 'u') return codeKey(Number.parseInt(first, 10), mods);
  // rxvt: Shift + arrows as lower-case finals.
  if (final >= 'a' && final <= 'd' && params === '') {
    return fromTable(LETTER[final.toUpperCase()], { ...NO_MODS, shift: true });
  }
  return fromTable(LETTER[final], mods);
}

function ss3Key(params: string, final: string): KeyEvent | undefined {
  const mods = modsOf(params);
  if (final === 'M') return named('return', mods);
  const keypad = KEYPAD[final];
  if (keypad !== undefined) return textKey(keypad);
  return fromTable(LETTER[final], mods);
}

// ── the decoder ─────────────────────────────────────────────────────────────────────────────────────────

type Step = { next: number; event?: KeyEvent | undefined };

/**
 * Reads a control sequence whose introducer ends just before `at`: CSI (`csi`) or SS3. Returns where it ends and
 * its key. A sequence broken by a character that cannot be in it is dropped up to there (that character is read
 * again as itself); one cut off by the end of the data is dropped whole.
 */
function readSequence(data: string, at: number, csi: boolean): Step {
  let i = at;
  const cygwin = csi && data.charCodeAt(i) === 0x5b; // ESC [ [
  if (cygwin) i++;
  const paramsStart = i;
  while (i < data.length && data.charCodeAt(i) >= 0x30 && data.charCodeAt(i) <= 0x3f) i++;
  const params = data.slice(paramsStart, i);
  const interStart = i;
  while (csi && i < data.length && data.charCodeAt(i) >= 0x20 && data.charCodeAt(i) <= 0x2f) i++;
  const inter = data.slice(interStart, i);
  if (i >= data.length) return { next: i };
  const f = data.charCodeAt(i);
  if (f < 0x40 || f > 0x7e) return { next: i };
  const final = data[i] as string;
  return { next: i + 1, event: csi ? csiKey(params, inter, final, cygwin) : ss3Key(params, final) };
}

/** Skips a string sequence (OSC, DCS, SOS, PM, APC) up to its terminator (BEL, ST), CAN/SUB, or the end. */
function skipString(data: string, at: number): number {
  for (let i = at; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c === BEL || c === 0x9c || c === CAN || c === SUB) return i + 1;
    if (c === ESC && data.charCodeAt(i + 1) === 0x5c) return i + 2;
  }
  return data.length;
}

const STRING_INTRODUCERS = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]); // ] P X ^ _
const C1_STRINGS = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]); // OSC DCS SOS PM APC

/** What follows an ESC at `at - 1`. */
function afterEscape(data: string, at: number): Step {
  if (at >= data.length) return { next: at, event: controlKey(ESC) };
  const c = data.codePointAt(at) as number;
  const width = c > 0xffff ? 2 : 1;
  const alone = at + 1 >= data.length; // "ESC [" with nothing after is Alt+[, not a sequence
  if ((c === 0x5b || c === 0x4f) && !alone) return readSequence(data, at + 1, c === 0x5b);
  if (STRING_INTRODUCERS.has(c) && !alone) return { next: skipString(data, at + 1) };
  if (c === ESC) {
    // ESC ESC [ A: some terminals' Alt+Up. Otherwise the first ESC is an Esc of its own.
    const n = data.charCodeAt(at + 1);
    if ((n === 0x5b || n === 0x4f) && at + 2 < data.length) {
      const step = readSequence(data, at + 2, n === 0x5b);
      if (step.event) step.event = { ...step.event, key: { ...step.event.key, meta: true } };
      return step;
    }
    return { next: at, event: controlKey(ESC) };
  }
  if (c < 0x20 || c === 0x7f) return { next: at + 1, event: controlKey(c, { ...NO_MODS, meta: true }) };
  if (isPrintable(c))
    return { next: at + width, event: textKey(String.fromCodePoint(c), { ...NO_MODS, meta: true }) };
  // A C1 control or a lone surrogate after ESC: Esc, then that character is read on its own.
  return { next: at, event: controlKey(ESC) };
}

/**
 * Decodes what the terminal sent (a key, an escape sequence, or a run of text: a paste, keys batched by SSH) into
 * key presses in order. Never throws; at most one key per code point; no key's `input` holds a control character.
 */
export function readKeys(data: string): KeyEvent[] {
  const out: KeyEvent[] = [];
  let i = 0;
  while (i < data.length) {
    const c = data.codePointAt(i) as number;
    const width = c > 0xffff ? 2 : 1;
    let step: Step;
    if (isPrintable(c)) {
      step = { next: i + width, event: textKey(width === 1 ? (data[i] as string) : String.fromCodePoint(c)) };
    } else if (c === ESC) {
      step = afterEscape(data, i + 1);
    } else if (c === 0x0d && data.charCodeAt(i + 1) === 0x0a) {
      step = { next: i + 2, event: controlKey(c) }; // CRLF from a pasted Windows text: one line break
    } else if (c < 0x20 || c === 0x7f) {
      step = { next: i + 1, event: controlKey(c) };
    } else if (c === 0x9b || c === 0x8f) {
      step = readSequence(data, i + 1, c === 0x9b);
    } else if (C1_STRINGS.has(c)) {
      step = { next: skipString(data, i + 1) };
    } else {
      step = { next: i + width }; // other C1 controls, lone surrogates: nothing a keyboard types
    }
    if (step.event) out.push(step.event);
    i = step.next;
  }
  return out;
}
