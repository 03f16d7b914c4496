// A right-aligned column of one number per row, sorted by the number and shown through a formatter ($, GB, 1h 5m).
import type { CellValue, Column } from './types.js';

/** `format` turns the number into its text; `more`: priority, widths and the rest, as any column takes them. */
export function numberColumn<T, V extends CellValue>(
  id: string,
  title: string,
  value: (row: T) => V,
  format: (v: V) => string,
  more: Omit<Partial<Column<T>>, 'id' | 'title' | 'value' | 'text'> = {},
): Column<T> {
  return { id, title, value, text: (r) => format(value(r)), align: 'right', ...more };
}
