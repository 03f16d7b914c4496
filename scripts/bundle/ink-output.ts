/**
 * A drop-in replacement for Ink 6.8's `build/output.js` (the grid every frame is drawn into), swapped in by the
 * bundler (scripts/build.mjs). Ink's version turns every line of every frame into one object per character with
 * its own array of styles, and back: 30–75 ms for the first 120x40 frame, the largest single cost of start-up.
 * This one gives the same bytes (test/unit/ink-output.test.ts compares the two on random frames) with:
 * - styles interned: a cell holds a shared style object, and the escape codes between two styles are computed
 *   once per pair (with ansi-tokenize's own diff, so the codes are exactly Ink's);
 * - a fast path for lines made of colour codes (SGR) and always-narrow characters (a TUI's usual line): no
 *   grapheme segmentation; anything else goes through ansi-tokenize as in Ink;
 * - the cells of a line kept across frames, so an unchanged row costs a lookup.
 */
import {
  type AnsiCode,
  ansiCodesToString,
  diffAnsiCodes,
  reduceAnsiCodesIncremental,
  styledCharsFromTokens,
  tokenize,
} from '@alcalzone/ansi-tokenize';
import ansiStyles from 'ansi-styles';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import { narrowWidth } from '../../src/domain/narrow.js';

interface Style {
  codes: AnsiCode[];
  /** Escape codes from this style to another. */
  to: Map<Style, string>;
  /** The style after an escape sequence, by the sequence. */
  after: Map<string, Style>;
}

// Every style seen, by its codes: a TUI uses a few dozen, so this stays small.
const styles = new Map<string, Style>();
function intern(codes: AnsiCode[]): Style {
  const key = codes.map((c) => c.code).join('');
  let s = styles.get(key);
  if (!s) {
    s = { codes, to: new Map(), after: new Map() };
    styles.set(key, s);
  }
  return s;
}
const PLAIN = intern([]);

function transition(from: Style, to: Style): string {
  let codes = from.to.get(to);
  if (codes === undefined) {
    codes = ansiCodesToString(diffAnsiCodes(from.codes, to.codes));
    from.to.set(to, codes);
  }
  return codes;
}

// ansi-tokenize's reading of one SGR sequence (its tokenize would segment the sequence into graphemes, which
// makes the process's first Intl.Segmenter: ~17 ms): compound codes split, 256/true colours kept whole, and the
// code that ends each, from the same ansi-styles tables.
const END_OF = new Map<string, string>();
const ENDS = new Set<string>();
for (const [start, end] of ansiStyles.codes) {
  ENDS.add(ansiStyles.color.ansi(end));
  END_OF.set(ansiStyles.color.ansi(start), ansiStyles.color.ansi(end));
}
function endCode(code: string): string {
  if (ENDS.has(code)) return code;
  const known = END_OF.get(code);
  if (known) return known;
  const body = code.slice(2);
  if (body.startsWith('38')) return ansiStyles.color.close;
  if (body.startsWith('48')) return ansiStyles.bgColor.close;
  const end = ansiStyles.codes.get(Number.parseInt(body, 10));
  return end ? ansiStyles.color.ansi(end) : ansiStyles.reset.open;
}
function sgrCodes(sequence: string): AnsiCode[] {
  const parts: string[] = [];
  if (!sequence.includes(';')) parts.push(sequence);
  else {
    const p = sequence.slice(2, -1).split(';');
    for (let i = 0; i < p.length; i++) {
      const n = p[i] as string;
      const span = n === '38' || n === '48' ? (p[i + 1] === '5' ? 3 : p[i + 1] === '2' ? 5 : 1) : 1;
      if (span > 1 && i + span - 1 < p.length) {
        parts.push(`\x1b[${p.slice(i, i + span).join(';')}m`);
        i += span - 1;
      } else parts.push(`\x1b[${n}m`);
    }
  }
  return parts.map((code) => ({ type: 'ansi', code, endCode: endCode(code) }));
}

function applyEscape(style: Style, sequence: string): Style {
  let next = style.after.get(sequence);
  if (!next) {
    next = intern(reduceAnsiCodesIncremental(style.codes, sgrCodes(sequence)));
    style.after.set(sequence, next);
  }
  return next;
}

/** A line as cells: what each shows, its style, and how many columns it advances. */
interface Cells {
  values: string[];
  styles: Style[];
  /** undefined when every cell is one column wide. */
  widths?: number[];
}

const SGR = /\x1b\[[0-9;]*m/g;

function fastCells(line: string): Cells | undefined {
  const values: string[] = [];
  const cellStyles: Style[] = [];
  let style = PLAIN;
  let at = 0;
  const text = (piece: string) => {
    if (narrowWidth(piece) === undefined) return false;
    for (let i = 0; i < piece.length; i++) {
      values.push(piece[i] as string);
      cellStyles.push(style);
    }
    return true;
  };
  for (const m of line.matchAll(SGR)) {
    if (!text(line.slice(at, m.index))) return undefined;
    style = applyEscape(style, m[0]);
    at = m.index + m[0].length;
  }
  return text(line.slice(at)) ? { values, styles: cellStyles } : undefined;
}

function slowCells(line: string): Cells {
  const chars = styledCharsFromTokens(tokenize(line));
  return {
    values: chars.map((c) => c.value),
    styles: chars.map((c) => intern(c.styles)),
    // Ink advances by string-width's measure, at least one column.
    widths: chars.map((c) => Math.max(1, stringWidth(c.value))),
  };
}

// Lines seen in recent frames. Cleared when it grows past a few screens' worth, so it never holds more than that.
const cellCache = new Map<string, Cells>();
const CELL_CACHE_LIMIT = 4096;
function cellsOf(line: string): Cells {
  let cells = cellCache.get(line);
  if (!cells) {
    cells = fastCells(line) ?? slowCells(line);
    if (cellCache.size >= CELL_CACHE_LIMIT) cellCache.clear();
    cellCache.set(line, cells);
  }
  return cells;
}

const widthCache = new Map<string, number>();
function widthOf(text: string): number {
  let w = widthCache.get(text);
  if (w === undefined) {
    w = stringWidth(text);
    if (widthCache.size >= CELL_CACHE_LIMIT) widthCache.clear();
    widthCache.set(text, w);
  }
  return w;
}
function widestLine(text: string): number {
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, widthOf(line));
  return widest;
}

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}
type Transformer = (line: string, index: number) => string;
type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

export default class Output {
  width: number;
  height: number;
  operations: Operation[] = [];

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    const values: string[][] = [];
    const cellStyles: Style[][] = [];
    // Ink's loops count up to a width and height that can be fractional: ceil gives the same number of cells.
    const width = Math.max(0, Math.ceil(this.width));
    for (let y = 0; y < this.height; y++) {
      values.push(new Array<string>(width).fill(' '));
      cellStyles.push(new Array<Style>(width).fill(PLAIN));
    }
    const clips: Clip[] = [];
    for (const op of this.operations) {
      if (op.type === 'clip') clips.push(op.clip);
      else if (op.type === 'unclip') clips.pop();
      else this.draw(op, clips.at(-1), values, cellStyles);
    }
    const lines: string[] = [];
    for (let y = 0; y < values.length; y++) lines.push(rowToString(values[y] ?? [], cellStyles[y] ?? []));
    return { output: lines.join('\n'), height: values.length };
  }

  /** One write, clipped as Ink clips it (same arithmetic, same slice-ansi). */
  private draw(
    op: Extract<Operation, { type: 'write' }>,
    clip: Clip | undefined,
    values: string[][],
    cellStyles: Style[][],
  ): void {
    let { x, y } = op;
    let lines = op.text.split('\n');
    if (clip) {
      const clipX = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipY = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      const x1 = clip.x1 as number;
      const x2 = clip.x2 as number;
      const y1 = clip.y1 as number;
      const y2 = clip.y2 as number;
      if (clipX && (x + widestLine(op.text) < x1 || x > x2)) return;
      if (clipY && (y + lines.length < y1 || y > y2)) return;
      if (clipX) {
        lines = lines.map((line) => {
          const from = x < x1 ? x1 - x : 0;
          const width = widthOf(line);
          return sliceAnsi(line, from, x + width > x2 ? x2 - x : width);
        });
        if (x < x1) x = x1;
      }
      if (clipY) {
        const from = y < y1 ? y1 - y : 0;
        lines = lines.slice(from, y + lines.length > y2 ? y2 - y : lines.length);
        if (y < y1) y = y1;
      }
    }
    let offsetY = 0;
    for (let index = 0; index < lines.length; index++) {
      const rowValues = values[y + offsetY];
      const rowStyles = cellStyles[y + offsetY];
      // A text taller than the output: the rest has nowhere to go.
      if (!rowValues || !rowStyles) continue;
      let line = lines[index] as string;
      for (const transform of op.transformers) line = transform(line, index);
      const cells = cellsOf(line);
      let at = x;
      for (let i = 0; i < cells.values.length; i++) {
        const style = cells.styles[i] as Style;
        rowValues[at] = cells.values[i] as string;
        rowStyles[at] = style;
        const w = cells.widths?.[i] ?? 1;
        // A wide character's other columns: empty, in its style, so nothing stray shows through.
        for (let k = 1; k < w; k++) {
          rowValues[at + k] = '';
          rowStyles[at + k] = style;
        }
        at += w;
      }
      offsetY++;
    }
  }
}

function rowToString(values: string[], rowStyles: Style[]): string {
  let out = '';
  let prev = PLAIN;
  // Cells written past the row's end can leave holes: skipped, as Ink skips them.
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === undefined) continue;
    const style = rowStyles[i] as Style;
    if (style !== prev) out += transition(prev, style);
    out += value;
    prev = style;
  }
  if (prev !== PLAIN) out += transition(prev, PLAIN);
  return out.trimEnd();
}
