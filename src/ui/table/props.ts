// Props of the <DataTable> renderer (in its own file so the hooks can build them without a cycle).
import type { Column, Cursor, FittedColumn, RowId, SortSpec } from './types.js';

export interface DataTableProps<T> {
  /** Rows to show, already filtered and sorted (useDataTable's view.rows). */
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowId: RowId<T>;
  /** Columns of the terminal the table may use. */
  width: number;
  /** Lines the table occupies: header + rows + footer. */
  height: number;
  /** Selection and window; `index` speeds up the position when the selected row is off-screen. */
  state: Pick<Cursor, 'selectedId' | 'offset'> & Partial<Pick<Cursor, 'index'>>;
  sort?: SortSpec | null;
  filter?: string;
  /** The user is typing the filter: the footer shows an input caret. */
  filterMode?: boolean;
  /** Row count before filtering, for "3/12 of 10000". */
  total?: number;
  /** Precomputed layout; measured from `rows` when absent. */
  fitted?: readonly FittedColumn<T>[];
  /** The wide view is on (the footer says so and how to scroll). */
  wide?: boolean;
  /** Draw the selected row inverse; when false only the › marker shows it. Default true. */
  isFocused?: boolean;
  emptyText?: string;
}
