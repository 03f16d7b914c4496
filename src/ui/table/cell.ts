// One cell's display text: what is drawn is also what the filter searches.
import { sanitize } from '../../domain/sanitize.js';
import type { Column } from './types.js';

export function cellText<T>(column: Column<T>, row: T): string {
  return sanitize(column.text ? column.text(row) : column.value(row));
}
