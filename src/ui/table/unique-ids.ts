import type { RowId } from './types.js';

/**
 * Row ids that are unique in `rows`. A service can send two objects with one id (its own documentation's examples
 * do); the table keys its rows and its cursor by id, so two rows of one id would both look selected and React would
 * mix them up. The second of an id becomes "id#2", the third "id#3", in list order. With no duplicate (the usual
 * case) `rowId` itself is returned, so nothing else changes.
 */
export function uniqueRowId<T>(rows: readonly T[], rowId: RowId<T>): RowId<T> {
  const seen = new Set<string>();
  let duplicated = false;
  for (const row of rows) {
    const id = rowId(row);
    if (seen.has(id)) {
      duplicated = true;
      break;
    }
    seen.add(id);
  }
  if (!duplicated) return rowId;
  const ids = new Map<T, string>();
  const count = new Map<string, number>();
  for (const row of rows) {
    const id = rowId(row);
    const n = (count.get(id) ?? 0) + 1;
    count.set(id, n);
    if (!ids.has(row)) ids.set(row, n === 1 ? id : `${id}#${n}`);
  }
  return (row) => ids.get(row) ?? rowId(row);
}
