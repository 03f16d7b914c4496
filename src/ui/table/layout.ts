// Fixed chrome of the table: a 2-column selection marker on each row, a header line and a footer line.
import { padTo, truncate } from '../../domain/text.js';
import { cellText } from './cell.js';
import { GAP } from './fit.js';
import type { FittedColumn, SortSpec } from './types.js';

/** "› " before the selected row, "  " before the others: the selection is visible without colour. */
export const MARKER_WIDTH = 2;
export const SELECTED_MARK = '› ';
export const UNSELECTED_MARK = '  ';
/** Header + footer. */
export const CHROME_LINES = 2;
const GAP_TEXT = ' '.repeat(GAP);

/** Rows that fit in a table of `height` lines (header and footer included). */
export const pageSizeFor = (height: number) => Math.max(1, Math.floor(height) - CHROME_LINES);

/** Width the columns share once the marker is taken off. */
export const columnsWidthFor = (width: number) => Math.max(0, Math.floor(width) - MARKER_WIDTH);

export function headerLine<T>(fitted: readonly FittedColumn<T>[], sort: SortSpec | null | undefined): string {
  const cells = fitted.map(({ column, width, align }) => {
    if (sort?.columnId !== column.id) return padTo(column.title, width, align);
    return padTo(truncate(column.title, width - 1) + (sort.desc ? '▼' : '▲'), width, align);
  });
  return UNSELECTED_MARK + cells.join(GAP_TEXT);
}

export interface CellPiece {
  text: string;
  color?: string;
}

/** A row as pieces of text ready to draw: consecutive uncoloured cells are merged into one piece. */
export function rowPieces<T>(row: T, fitted: readonly FittedColumn<T>[], selected: boolean, fill: number) {
  const pieces: CellPiece[] = [];
  let plain = selected ? SELECTED_MARK : UNSELECTED_MARK;
  let used = MARKER_WIDTH;
  fitted.forEach(({ column, width, align }, i) => {
    if (i > 0) {
      plain += GAP_TEXT;
      used += GAP;
    }
    const text = padTo(cellText(column, row), width, align);
    used += width;
    const color = column.color?.(row);
    if (color === undefined) {
      plain += text;
      return;
    }
    if (plain !== '') pieces.push({ text: plain });
    pieces.push({ text, color });
    plain = '';
  });
  // The selected row is padded to the full width so its inverse bar spans the table.
  if (fill > used) plain += ' '.repeat(fill - used);
  if (plain !== '') pieces.push({ text: plain });
  return pieces;
}

export interface FooterParts {
  left: string;
  right: string;
}

export function footerParts(
  position: number,
  count: number,
  total: number,
  filter: string,
  typing: boolean,
  columns = '',
  /** The sorted column's title and direction ("NAME ▲"), '' in the service's order. */
  sorted = '',
) {
  const where = `${count === 0 ? 0 : position + 1}/${count}`;
  const right = filter !== '' ? `${where} of ${total}` : where;
  const sort = sorted === '' ? '' : `sorted by ${sorted} (< > O)`;
  return {
    left: typing ? `/${filter}` : filter !== '' ? `filter: ${filter}${sort ? `  ${sort}` : ''}` : sort,
    right: columns === '' ? right : `${columns}  ${right}`,
  } satisfies FooterParts;
}

/**
 * What the footer says about columns: in the wide view which ones are shown and how to scroll; otherwise, when the
 * width dropped some, that W shows them all. '' when every column is on screen.
 */
export function columnsHint<T>(
  fitted: readonly FittedColumn<T>[],
  columns: readonly { id: string }[],
  wide: boolean,
): string {
  if (wide) {
    const at = (f: FittedColumn<T> | undefined) => columns.findIndex((c) => c.id === f?.column.id) + 1;
    const from = at(fitted[1] ?? fitted[0]);
    const to = at(fitted[fitted.length - 1]);
    return `wide ${from}–${to} of ${columns.length} ←/→ · W fit`;
  }
  const hidden = columns.length - fitted.length;
  return hidden > 0 ? `W: +${hidden} column${hidden === 1 ? '' : 's'}` : '';
}
