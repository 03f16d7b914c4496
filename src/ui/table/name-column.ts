// The column that names a row: always shown, matched by `get NAME`, printed by `get -o name`.
import type { CellValue, Column } from './types.js';

export function nameColumn<T>(name: (row: T) => CellValue, minWidth: number, title = 'NAME'): Column<T> {
  return { id: 'name', title, value: name, minWidth, priority: 0, identifies: true };
}
