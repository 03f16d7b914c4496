// Everything a screen needs for one table: layout, memoized view, cursor kept by id, keys.
//   const t = useDataTable(vms, VM_COLUMNS, vmId, { width, height });
//   return <DataTable {...t.tableProps} />;
// Declare columns once (module constant or useMemo): their identity keys the caches.
import type { Key } from 'ink';
import { useCallback, useMemo, useRef, useState } from 'react';
import { reconcileCursor } from './cursor.js';
import { fitColumns, sameLayout, wideColumns } from './fit.js';
import { columnsWidthFor, pageSizeFor } from './layout.js';
import { measureColumns, steadyMeasures } from './measure.js';
import type { DataTableProps } from './props.js';
import { initialTableState, reduceTable, type TableAction, type TableState } from './state.js';
import type { Column, FittedColumn, RowId, SortSpec, View } from './types.js';
import { uniqueRowId } from './unique-ids.js';
import { useTableKeys } from './useTableKeys.js';
import { createViewBuilder } from './view.js';

export interface UseDataTableOptions {
  width: number;
  /** Lines for the whole table, header and footer included. */
  height: number;
  initialSort?: SortSpec | null;
  /** False while a modal owns the keyboard: no keys, no inverse bar. Default true. */
  isActive?: boolean;
  /** Listen with useInput (default true); false when the screen routes keys through handleKey itself. */
  listen?: boolean;
}

export interface DataTableModel<T> {
  view: View<T>;
  state: TableState;
  dispatch: (action: TableAction) => void;
  /** The table's key handler, true when it used the key (for screens that chain handlers). */
  handleKey: (input: string, key: Partial<Key>) => boolean;
  selected: T | undefined;
  fitted: readonly FittedColumn<T>[];
  tableProps: DataTableProps<T>;
}

export function useDataTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  givenRowId: RowId<T>,
  opts: UseDataTableOptions,
): DataTableModel<T> {
  const rowId = useMemo(() => uniqueRowId(rows, givenRowId), [rows, givenRowId]);
  const { width, height } = opts;
  const [builder] = useState(createViewBuilder<T>);
  const [state, setState] = useState(() => initialTableState(opts.initialSort ?? null));
  // The latest state, updated synchronously by dispatch: a key that arrives before React re-renders (a fast
  // typist, a paste) is still read in the right mode. React's copy above only drives rendering.
  const current = useRef(state);

  // the widest each column has been while this table is shown: widths stay while data refreshes
  const seen = useRef(new Map<string, number>());
  const measures = useMemo(
    () => steadyMeasures(seen.current, measureColumns(columns, rows)),
    [columns, rows],
  );
  // A refresh re-measures; when the layout comes out the same, keep the old array so no row re-renders.
  const lastFit = useRef<readonly FittedColumn<T>[]>([]);
  const fitted = useMemo(() => {
    const room = columnsWidthFor(width);
    const next = state.wide
      ? wideColumns(columns, measures, room, state.scroll)
      : fitColumns(columns, measures, room);
    return sameLayout(lastFit.current, next) ? lastFit.current : next;
  }, [columns, measures, width, state.wide, state.scroll]);
  lastFit.current = fitted;
  const shownKey = fitted.map((f) => f.column.id).join('\0');
  const shownIds = useMemo(() => (shownKey === '' ? [] : shownKey.split('\0')), [shownKey]);
  const pageSize = pageSizeFor(height);

  const view = builder(rows, columns, { filter: state.filter, sort: state.sort, shown: shownIds }, rowId);
  // New rows or a resize can move the selected row: re-anchor now (O(1)) and keep the result, so a row that
  // vanished and later comes back does not steal the cursor again.
  const cursor = reconcileCursor(state.cursor, view, rowId, pageSize);
  // Skipped while a dispatched update is pending: that update re-renders and re-anchors anyway.
  if (cursor !== state.cursor && current.current === state) {
    current.current = { ...state, cursor };
    setState(current.current);
  }

  const latest = useRef({ rows, columns, rowId, pageSize, shownIds });
  latest.current = { rows, columns, rowId, pageSize, shownIds };
  const dispatch = useCallback(
    (action: TableAction) => {
      const l = latest.current;
      const next = reduceTable(current.current, action, {
        viewFor: (q) => builder(l.rows, l.columns, { ...q, shown: l.shownIds }, l.rowId),
        rowId: l.rowId,
        pageSize: l.pageSize,
        shownIds: l.shownIds,
        columnCount: l.columns.length,
      });
      if (next === current.current) return;
      current.current = next;
      setState(next);
    },
    [builder],
  );

  const isActive = opts.isActive ?? true;
  const getMode = useCallback(
    () => ({
      filterMode: current.current.filterMode,
      hasFilter: current.current.filter !== '',
      wide: current.current.wide,
    }),
    [],
  );
  const handleKey = useTableKeys(dispatch, getMode, { isActive: isActive && (opts.listen ?? true) });

  const shown = cursor === state.cursor ? state : { ...state, cursor };
  const selected = view.rows.length > 0 ? view.rows[cursor.index] : undefined;
  return {
    view,
    state: shown,
    dispatch,
    handleKey,
    selected,
    fitted,
    tableProps: {
      rows: view.rows,
      columns,
      rowId,
      width,
      height,
      state: cursor,
      sort: state.sort,
      filter: state.filter,
      filterMode: state.filterMode,
      total: view.total,
      fitted,
      wide: state.wide,
      isFocused: isActive,
    },
  };
}
