// Strings from the service are data, never terminal commands. Every control character, escape introducer
// and bidi override is swapped for a visible, inert stand-in before it reaches the terminal, and a lone UTF-16
// surrogate (which terminals and width tables disagree about: rows wrap, frames shift) becomes U+FFFD.
// `inert` runs on every text Ink draws (see scripts/bundle/patches.mjs); `sanitize` is for single-line cells and
// every line a subcommand prints. Both mask the secrets the process holds (secrets.ts): the API key never shows.
import { maskSecrets } from './secrets.js';

/** Characters a terminal could interpret: C0, DEL, C1, bidi controls, Unicode line/paragraph separators. */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = /\r\n|[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export const MISSING = '—';
export const NEWLINE_MARK = '⏎';

export interface SanitizeOptions {
  /** Keep line breaks as "\n" (for multi-line message panes); cells are single-line by default. */
  multiline?: boolean;
}

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

function replaceOne(ch: string, multiline: boolean): string {
  if (ch === '\r\n' || ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') {
    return multiline ? '\n' : NEWLINE_MARK;
  }
  if (ch === '\t') return ' ';
  const code = ch.charCodeAt(0);
  // C0 (ESC included, U+241B "␛") map onto the Unicode control pictures block.
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code <= 0x9f) return '\\x' + hex(code, 2);
  return '\\u' + hex(code, 4);
}

function toText(s: unknown): string {
  switch (typeof s) {
    case 'string':
      return s;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(s);
    case 'undefined':
      return MISSING;
    case 'object':
      if (s === null) return MISSING;
      try {
        return JSON.stringify(s) ?? String(s);
      } catch {
        return String(s);
      }
    default:
      return String(s);
  }
}

// String.prototype.isWellFormed / toWellFormed: Node 20+ (ES2024, newer than the lib this project compiles with).
type WellFormed = { isWellFormed(): boolean; toWellFormed(): string };
const wellFormed = (s: string): string =>
  (s as unknown as WellFormed).isWellFormed() ? s : (s as unknown as WellFormed).toWellFormed();

/** Make any value safe to print. Runs for every visible cell on every frame: clean strings return as-is. */
export function sanitize(s: unknown, opts?: SanitizeOptions): string {
  const text = maskSecrets(wellFormed(toText(s)));
  if (!UNSAFE.test(text)) return text;
  const multiline = opts?.multiline === true;
  return text.replace(UNSAFE_ALL, (ch) => replaceOne(ch, multiline));
}

const UNSAFE_MULTILINE =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * The rendering boundary: every text node Ink draws passes here, whatever component made it, so a string from
 * the service or a file can never act on the terminal even where a screen forgot `sanitize`, and never shows a
 * secret. Line breaks stay.
 */
export function inert(text: string): string {
  const t = maskSecrets(wellFormed(text));
  return UNSAFE_MULTILINE.test(t) ? t.replace(UNSAFE_ALL, (ch) => replaceOne(ch, true)) : t;
}
