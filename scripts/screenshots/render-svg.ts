// A headless xterm's screen → an SVG picture: every cell's character at its grid position, with its colours (the
// terminal palette below for named and 256 colours, exact ones as given), bold, dim, underline and inverse.
// Text runs of one style become one <text> whose length is pinned to the grid, so any monospace font lines up.
import type { IBufferCell, Terminal } from '@xterm/headless';

export interface TerminalPalette {
  background: string;
  foreground: string;
  /** The 16 ANSI colours, 0–15. */
  ansi: readonly string[];
}

/** A dark terminal (xterm.js' default colours). */
export const DARK_TERMINAL: TerminalPalette = {
  background: '#1e1e1e',
  foreground: '#d4d4d4',
  ansi: [
    '#000000',
    '#cd3131',
    '#0dbc79',
    '#e5e510',
    '#2472c8',
    '#bc3fbc',
    '#11a8cd',
    '#e5e5e5',
    '#666666',
    '#f14c4c',
    '#23d18b',
    '#f5f543',
    '#3b8eea',
    '#d670d6',
    '#29b8db',
    '#ffffff',
  ],
};

/** A light terminal: white background, dark text (same ANSI colours as a typical light scheme). */
export const LIGHT_TERMINAL: TerminalPalette = {
  background: '#ffffff',
  foreground: '#1f2328',
  ansi: [
    '#000000',
    '#cd3131',
    '#00bc00',
    '#949800',
    '#0451a5',
    '#bc05bc',
    '#0598bc',
    '#555555',
    '#666666',
    '#cd3131',
    '#14ce14',
    '#b5ba00',
    '#0451a5',
    '#bc05bc',
    '#0598bc',
    '#a5a5a5',
  ],
};

const CELL_W = 8.4;
const CELL_H = 18;
const FONT_SIZE = 14;
const PAD = 12;
const CUBE = [0, 95, 135, 175, 215, 255];

const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const rgb = (r: number, g: number, b: number) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

/** The colour of a 256-colour palette index, as xterm draws it. */
export function paletteColour(index: number, palette: TerminalPalette): string {
  if (index < 16) return palette.ansi[index] ?? palette.foreground;
  if (index >= 232) {
    const v = 8 + (index - 232) * 10;
    return rgb(v, v, v);
  }
  const n = index - 16;
  return rgb(CUBE[Math.floor(n / 36)] ?? 0, CUBE[Math.floor(n / 6) % 6] ?? 0, CUBE[n % 6] ?? 0);
}

function fg(cell: IBufferCell, palette: TerminalPalette): string | undefined {
  if (cell.isFgRGB()) {
    const c = cell.getFgColor();
    return rgb((c >> 16) & 255, (c >> 8) & 255, c & 255);
  }
  if (cell.isFgPalette()) return paletteColour(cell.getFgColor(), palette);
  return undefined;
}

function bg(cell: IBufferCell, palette: TerminalPalette): string | undefined {
  if (cell.isBgRGB()) {
    const c = cell.getBgColor();
    return rgb((c >> 16) & 255, (c >> 8) & 255, c & 255);
  }
  if (cell.isBgPalette()) return paletteColour(cell.getBgColor(), palette);
  return undefined;
}

interface Style {
  fill: string;
  back: string | undefined;
  bold: boolean;
  dim: boolean;
  underline: boolean;
}

function styleOf(cell: IBufferCell, palette: TerminalPalette): Style {
  let fill = fg(cell, palette) ?? palette.foreground;
  let back = bg(cell, palette);
  if (cell.isInverse()) {
    [fill, back] = [back ?? palette.background, fill];
  }
  return { fill, back, bold: !!cell.isBold(), dim: !!cell.isDim(), underline: !!cell.isUnderline() };
}

const sameStyle = (a: Style, b: Style) =>
  a.fill === b.fill &&
  a.back === b.back &&
  a.bold === b.bold &&
  a.dim === b.dim &&
  a.underline === b.underline;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const num = (n: number) => String(Math.round(n * 100) / 100);

interface Run {
  x: number;
  cells: number;
  text: string;
  style: Style;
}

/** The runs of one screen line: consecutive cells of one style, wide characters counted as two cells. */
function lineRuns(term: Terminal, y: number, palette: TerminalPalette): Run[] {
  const buf = term.buffer.active;
  const line = buf.getLine(buf.viewportY + y);
  const runs: Run[] = [];
  if (!line) return runs;
  const cell = buf.getNullCell();
  for (let x = 0; x < term.cols; x++) {
    line.getCell(x, cell);
    const width = cell.getWidth();
    if (width === 0) continue; // the second half of a wide character
    const style = styleOf(cell, palette);
    const chars = cell.getChars() || ' ';
    const last = runs.at(-1);
    if (last && sameStyle(last.style, style) && last.x + last.cells === x) {
      last.text += chars;
      last.cells += width;
    } else {
      runs.push({ x, cells: width, text: chars, style });
    }
  }
  return runs;
}

/** The SVG of what the terminal shows now. `title` is the picture's accessible name. */
export function renderSvg(term: Terminal, palette: TerminalPalette, title: string): string {
  const width = PAD * 2 + term.cols * CELL_W;
  const height = PAD * 2 + term.rows * CELL_H;
  const backs: string[] = [];
  const texts: string[] = [];
  for (let y = 0; y < term.rows; y++) {
    const top = PAD + y * CELL_H;
    for (const run of lineRuns(term, y, palette)) {
      const left = PAD + run.x * CELL_W;
      const w = run.cells * CELL_W;
      if (run.style.back) {
        backs.push(
          `<rect x="${num(left)}" y="${num(top)}" width="${num(w)}" height="${CELL_H}" fill="${run.style.back}"/>`,
        );
      }
      // Blanks around the text are drawn by the background already (cells of a run are one column each there).
      const text = run.text.trimEnd();
      const lead = text.length - text.trimStart().length;
      if (text.trim() === '') continue;
      const drawn = text.slice(lead);
      const cells = run.cells - lead - (run.text.length - text.length);
      const attrs = [
        `x="${num(left + lead * CELL_W)}"`,
        `y="${num(top + CELL_H * 0.75)}"`,
        `textLength="${num(cells * CELL_W)}"`,
        'lengthAdjust="spacingAndGlyphs"',
      ];
      if (run.style.fill !== palette.foreground) attrs.push(`fill="${run.style.fill}"`);
      if (run.style.bold) attrs.push('font-weight="bold"');
      if (run.style.dim) attrs.push('opacity="0.6"');
      if (run.style.underline) attrs.push('text-decoration="underline"');
      texts.push(`<text ${attrs.join(' ')}>${escapeXml(drawn)}</text>`);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${palette.background}"/>`,
    ...backs,
    `<g font-family="'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace" font-size="${FONT_SIZE}" fill="${palette.foreground}" xml:space="preserve">`,
    ...texts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
