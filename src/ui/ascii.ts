// Terminals in a non-UTF-8 locale (LANG=C, a legacy serial console) show the app's glyphs as mojibake. There, every
// frame is folded to ASCII just before it is written: each glyph becomes a stand-in of the SAME width, so the
// layout Ink computed still holds (a wide character becomes two, a zero-width one nothing).
import { displayWidth, graphemes } from '../domain/text.js';

/** Is the locale UTF-8? The first of LC_ALL, LC_CTYPE, LANG that is set decides; none set is "C" (as tmux reads it). */
export function isUtf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

/** ASCII glyphs, or the app's own: HYPERSTACK_TUI_GLYPHS=ascii|unicode overrides what the locale says. */
export function wantsAscii(env: NodeJS.ProcessEnv): boolean {
  const forced = env.HYPERSTACK_TUI_GLYPHS?.trim().toLowerCase();
  if (forced === 'ascii') return true;
  if (forced === 'unicode') return false;
  return !isUtf8Locale(env);
}

const ONE: Readonly<Record<string, string>> = {
  // status symbols and tones
  '●': '*',
  '◐': '~',
  '○': 'o',
  '◌': 'z',
  '·': '.',
  '✓': '+',
  '✖': 'x',
  '⚠': '!',
  // text marks
  '…': '>',
  '›': '>',
  '—': '-',
  '–': '-',
  '⏎': '|',
  '×': 'x',
  '±': '~',
  '≈': '~',
  '≤': '<',
  '≥': '>',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '§': 'S',
  '＋': '+',
  // arrows and sort marks
  '↑': '^',
  '↓': 'v',
  '←': '<',
  '→': '>',
  '▲': '^',
  '▴': '^',
  '▼': 'v',
  '▾': 'v',
  '▸': '>',
  // bars and sparklines, low to high
  '▁': '_',
  '▂': '.',
  '▃': '-',
  '▄': '=',
  '▅': '+',
  '▆': '*',
  '▇': '#',
  '█': '#',
  '▏': '|',
  '▎': '|',
  '▍': '|',
  '▌': '|',
  '▋': '|',
  '▊': '|',
  '▉': '#',
};

/** Box drawing (Ink's borders, rules): lines and corners. */
function boxChar(cp: number): string | undefined {
  if (cp < 0x2500 || cp > 0x257f) return undefined;
  const c = String.fromCodePoint(cp);
  if ('─━┄┅┈┉╌╍'.includes(c)) return '-';
  if ('═'.includes(c)) return '=';
  if ('│┃┆┇┊┋╎╏║'.includes(c)) return '|';
  return '+';
}

/** The same text in ASCII, column for column. ASCII text (escape sequences included) comes back as it is. */
export function asciiFold(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  let out = '';
  for (const { segment } of graphemes(text)) {
    const cp = segment.codePointAt(0) ?? 0;
    // An ASCII letter with combining marks keeps the letter.
    if (cp < 0x80) out += segment.length === 1 ? segment : String.fromCodePoint(cp);
    else out += ONE[segment] ?? boxChar(cp) ?? '?'.repeat(displayWidth(segment));
  }
  return out;
}

/** Folds everything written to `stream` from now on (the app owns the terminal; escape sequences are ASCII). */
export function foldOutputToAscii(stream: NodeJS.WriteStream): void {
  // write(chunk, encoding?, callback?): at most three arguments, passed on as they came.
  const write = stream.write.bind(stream) as (chunk: unknown, a?: unknown, b?: unknown) => boolean;
  stream.write = ((chunk: unknown, a?: unknown, b?: unknown) =>
    write(typeof chunk === 'string' ? asciiFold(chunk) : chunk, a, b)) as typeof stream.write;
}
