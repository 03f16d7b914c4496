import { Box, Text } from 'ink';
import { type ReactNode, useMemo } from 'react';
import { DataTable } from '../ui/DataTable.js';
import type { Column, RowId } from '../ui/table/types.js';
import { useDataTable } from '../ui/table/useDataTable.js';
import { useSlice } from './hooks.js';
import { type ScreenProps, useApp, useScreenKeys, useWatch } from './screen-api.js';

export interface ListScreenProps<T> extends ScreenProps {
  /** Store key of the list (polled while shown). */
  resource: string;
  /** Extra keys to poll with it (e.g. environments for regions). */
  also?: readonly string[];
  title: string;
  columns: readonly Column<T>[];
  rowId: RowId<T>;
  /** Narrows or reshapes the loaded list (region filter …); must be memo-friendly. */
  select?: (data: unknown) => readonly T[];
  emptyText: string;
  /** A line under the title (notes such as "beta"). */
  note?: ReactNode;
}

const NONE: never[] = [];

/** A screen that is one live table of one resource: the shape most screens start from. */
export function ListScreen<T>(p: ListScreenProps<T>) {
  const { theme } = useApp();
  useWatch([p.resource, ...(p.also ?? [])]);
  const slice = useSlice<unknown>(p.resource);
  const { select } = p;
  const rows = useMemo(
    () => (slice.data === undefined ? (NONE as T[]) : select ? select(slice.data) : (slice.data as T[])),
    [slice.data, select],
  );
  const top = p.note ? 2 : 1;
  const t = useDataTable(rows, p.columns, p.rowId, {
    width: p.width,
    height: p.height - top,
    isActive: p.active,
    listen: false,
  });
  useScreenKeys([], (_name, input, key) => t.handleKey(input, key));

  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text bold color={theme.accent}>
        {p.title}
      </Text>
      {p.note ? <Text color={theme.warn}>{p.note}</Text> : null}
      {slice.data === undefined ? (
        slice.error ? (
          <Text color={theme.error}>✖ cannot load: {slice.error.message}</Text>
        ) : (
          <Text>loading…</Text>
        )
      ) : (
        <DataTable {...t.tableProps} emptyText={p.emptyText} />
      )}
    </Box>
  );
}
