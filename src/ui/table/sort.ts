// Stable sort by one column: numbers numerically, strings naturally ("vm-2" < "vm-10"), missing values last.
import type { CellValue, Column } from './types.js';

// Made on first sort: the process's first Intl.Collator loads ICU data (~9 ms), and a table starts unsorted.
let collator: Intl.Collator | undefined;

type Key = string | number | null;

const keyOf = (v: CellValue): Key =>
  v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? null : v;

/** Ascending order of two present keys; numbers come before strings in a mixed column. */
export function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  collator ??= new Intl.Collator(undefined, { numeric: true });
  return collator.compare(a, b);
}

/** Calls column.value once per row (decorate-sort-undecorate); ties keep their input order in both directions. */
export function sortRows<T>(rows: readonly T[], column: Column<T>, desc: boolean): T[] {
  const keys: Key[] = rows.map((r) => keyOf(column.value(r)));
  const order = rows.map((_, i) => i);
  order.sort((i, j) => {
    const a = keys[i] ?? null;
    const b = keys[j] ?? null;
    if (a === null || b === null) return a === b ? i - j : a === null ? 1 : -1;
    const c = compareKeys(a, b);
    return c !== 0 ? (desc ? -c : c) : i - j;
  });
  return order.map((i) => rows[i] as T);
}
