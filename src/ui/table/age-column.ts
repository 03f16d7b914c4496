// The AGE column every resource table shows: newest first when sorted, "5m", "3h", "12d" as text.
import { age } from '../../domain/format.js';
import type { Column } from './types.js';

/**
 * `createdAt`: the row's creation time (ISO). `now`: the time ages are measured to; a function is read at each
 * cell draw.
 */
export function ageColumn<T>(
  createdAt: (row: T) => string | null | undefined,
  now: number | (() => number),
): Column<T> {
  return {
    id: 'age',
    title: 'AGE',
    value: (r) => {
      const at = createdAt(r);
      return at ? -Date.parse(at) : null;
    },
    text: (r) => age(createdAt(r), typeof now === 'number' ? now : now()),
    align: 'right',
    priority: 3,
  };
}
