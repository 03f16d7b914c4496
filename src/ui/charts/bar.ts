/**
 * Horizontal bar charts as plain text: "label  ████████▍      $1,234.56". Bars use the eighth-block characters, so
 * the length is precise to 1/8 of a column; the value is always printed, so the chart reads without colour.
 */
import { maxOf } from '../../domain/lists.js';
import { sanitize } from '../../domain/sanitize.js';
import { displayWidth, padTo } from '../../domain/text.js';

export interface BarItem {
  label: string;
  value: number | null | undefined;
}

export interface BarOptions {
  /** How the value is printed after the bar. */
  format: (value: number | null | undefined) => string;
  /** Most columns a label may take (default: a third of the width). */
  maxLabelWidth?: number;
}

/** Partial blocks by eighths: index n draws n/8 of a column. */
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
export const FULL_BLOCK = '█';

/** A bar `length` columns long (fractional), drawn with full and eighth blocks. */
export function bar(length: number): string {
  if (!(length > 0)) return '';
  const eighths = Math.round(length * 8);
  const full = Math.floor(eighths / 8);
  return FULL_BLOCK.repeat(full) + (EIGHTHS[eighths % 8] ?? '');
}

/**
 * One line per item, each exactly `width` columns: the label padded to a shared width, the bar scaled so the
 * largest value fills the bar area, then the value right-aligned. Values that are missing or not positive draw
 * no bar (and "—" when missing). A non-zero value always shows at least an eighth, so it is never invisible.
 */
export function barLines(items: readonly BarItem[], width: number, opts: BarOptions): string[] {
  if (items.length === 0 || width <= 0) return [];
  const labels = items.map((i) => sanitize(i.label));
  const values = items.map((i) => opts.format(i.value));
  const valueWidth = maxOf(values.map(displayWidth), 0);
  const maxLabel = opts.maxLabelWidth ?? Math.max(6, Math.floor(width / 3));
  const labelWidth = Math.min(maxLabel, maxOf(labels.map(displayWidth), 0));
  const barWidth = Math.max(1, width - labelWidth - valueWidth - 3);
  const max = maxOf(
    items.map((i) => (isPositive(i.value) ? i.value : 0)),
    0,
  );
  return items.map((item, k) => {
    const v = item.value;
    const length = isPositive(v) && max > 0 ? Math.max(1 / 8, (v / max) * barWidth) : 0;
    const line = `${padTo(labels[k] ?? '', labelWidth)} │${padTo(bar(length), barWidth)} ${padTo(values[k] ?? '', valueWidth, 'right')}`;
    return padTo(line, width);
  });
}

function isPositive(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}
