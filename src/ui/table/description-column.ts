// A free-text DESCRIPTION column: empty shows as "—", and it gives way before the columns that identify a row.
import type { Column } from './types.js';

export function descriptionColumn<T>(
  description: (row: T) => string | null | undefined,
  priority = 1,
): Column<T> {
  return {
    id: 'description',
    title: 'DESCRIPTION',
    value: (r) => description(r) || null,
    minWidth: 16,
    priority,
  };
}
