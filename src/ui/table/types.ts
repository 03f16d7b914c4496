// Shared shapes for the windowed table: columns are declared as data by each screen.
import type { Align } from '../../domain/text.js';

export type { Align };
export type CellValue = string | number | null | undefined;
export type RowId<T> = (row: T) => string;

export interface Column<T> {
  /** Stable key: sort state and filter scope refer to columns by id. */
  id: string;
  title: string;
  /** Raw value used to sort and (when `text` is absent) to display and filter. */
  value: (row: T) => CellValue;
  /** Display text; defaults to String(value), null/undefined shown as "—". */
  text?: (row: T) => string;
  /** Defaults to right when the column holds numbers, left otherwise. */
  align?: Align;
  minWidth?: number;
  maxWidth?: number;
  /** 0 = always shown; higher numbers are dropped first when the terminal is narrow. Default 1. */
  priority?: number;
  /**
   * Read or copied whole (an IP address, an ID): never truncated while a lower-priority column can drop out instead.
   */
  whole?: boolean;
  /** The column that names a row (NAME): `get NAME` matches it, `get -o name` prints it. */
  identifies?: boolean;
  /** Ink colour name for the cell; meaning must also be in the text (NO_COLOR). */
  color?: (row: T) => string | undefined;
}

export interface SortSpec {
  columnId: string;
  desc: boolean;
}

export interface ViewQuery {
  /** Case-insensitive substring; '' = no filter. */
  filter: string;
  sort: SortSpec | null;
  /** Ids of the columns the filter searches (the shown ones); default: all columns. */
  shown?: readonly string[];
}

export interface View<T> {
  /** Filtered and sorted rows. */
  rows: readonly T[];
  /** Row id → index in `rows`: O(1) cursor lookups. */
  indexById: ReadonlyMap<string, number>;
  /** Row count before filtering. */
  total: number;
}

export interface FittedColumn<T> {
  column: Column<T>;
  width: number;
  align: Align;
}

/** Cursor over a view, kept by id so refreshes and re-sorts do not move the user's selection. */
export interface Cursor {
  /** Id of the selected row; null only while there are no rows yet. */
  selectedId: string | null;
  /** Last known index of the selection: where the cursor lands when that row disappears. */
  index: number;
  /** First visible row of the window. */
  offset: number;
}

export type CursorCommand = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';
