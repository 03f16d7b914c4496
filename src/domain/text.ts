// Terminal text measured in columns, not UTF-16 units: CJK and emoji take two columns.
import stringWidth from 'string-width';
import { narrowWidth } from './narrow.js';

export const ELLIPSIS = '…';
export type Align = 'left' | 'right';

// Made on first use: the first Intl.Segmenter of a process loads ICU's break data, ~17 ms of start-up.
let segmenter: Intl.Segmenter | undefined;
/** `s` split into graphemes (what the user sees as one character), with their indexes. */
export function graphemes(s: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter();
  return segmenter.segment(s);
}

export function displayWidth(s: string): number {
  return narrowWidth(s) ?? stringWidth(s);
}

/** Cut to at most `width` columns, ending in "…" when cut; a wide char that does not fit is left out whole. */
export function truncate(s: string, width: number): string {
  const max = Math.floor(width);
  if (!(max > 0)) return '';
  if (narrowWidth(s) !== undefined) return s.length <= max ? s : s.slice(0, max - 1) + ELLIPSIS;
  if (stringWidth(s) <= max) return s;
  const budget = max - 1;
  let used = 0;
  let out = '';
  for (const { segment } of graphemes(s)) {
    const w = stringWidth(segment);
    if (used + w > budget) break;
    out += segment;
    used += w;
  }
  return out + ELLIPSIS;
}

/** Exactly `width` columns: truncated with "…" when too wide, padded with spaces on the other side otherwise. */
export function padTo(s: string, width: number, align: Align = 'left'): string {
  const max = Math.max(0, Math.floor(width));
  const fitted = truncate(s, max);
  const gap = max - displayWidth(fitted);
  if (gap <= 0) return fitted;
  const pad = ' '.repeat(gap);
  return align === 'right' ? pad + fitted : fitted + pad;
}

/** Words wrapped into lines of at most `width` columns (a longer word is cut into pieces). */
export function wrapWords(s: string, width: number): string[] {
  const w = Math.max(10, Math.floor(width));
  const out: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (displayWidth(rest) > w) {
      if (line) {
        out.push(line);
        line = '';
      }
      out.push(rest.slice(0, w));
      rest = rest.slice(w);
    }
    if (!line) line = rest;
    else if (displayWidth(line) + 1 + displayWidth(rest) <= w) line += ` ${rest}`;
    else {
      out.push(line);
      line = rest;
    }
  }
  if (line) out.push(line);
  return out;
}
