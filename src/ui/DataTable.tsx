// A windowed table: draws the header, only the rows inside the window, and a footer. Pure renderer: state
// lives in useDataTable, keys in useTableKeys.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, padTo, truncate } from '../domain/text.js';
import { fitColumns } from './table/fit.js';
import { columnsHint, columnsWidthFor, footerParts, headerLine, pageSizeFor } from './table/layout.js';
import { measureColumns } from './table/measure.js';
import type { DataTableProps } from './table/props.js';
import { Row } from './table/Row.js';
import type { SortSpec } from './table/types.js';

export type { DataTableProps };

/** "NAME ▲": the sorted column for the footer, '' when none. */
function sortedText<T>(columns: DataTableProps<T>['columns'], sort: SortSpec | null): string {
  const column = sort ? columns.find((c) => c.id === sort.columnId) : undefined;
  return column && sort ? `${sanitize(column.title)} ${sort.desc ? '▼' : '▲'}` : '';
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, rowId, width, height, state, sort = null, filter = '', fitted } = props;
  const focused = props.isFocused ?? true;
  const layout = useMemo(
    () => fitted ?? fitColumns(columns, measureColumns(columns, rows), columnsWidthFor(width)),
    [fitted, columns, rows, width],
  );
  const pageSize = pageSizeFor(height);
  const offset = Math.max(0, Math.min(state.offset, rows.length - pageSize));
  const visible = rows.slice(offset, offset + pageSize);

  const inWindow = visible.findIndex((r) => rowId(r) === state.selectedId);
  const position = inWindow >= 0 ? offset + inWindow : (state.index ?? 0);
  const footer = footerParts(
    position,
    rows.length,
    props.total ?? rows.length,
    sanitize(filter),
    !!props.filterMode,
    columnsHint(layout, columns, !!props.wide),
    sortedText(columns, sort),
  );
  const caret = props.filterMode ? 1 : 0;
  const rightWidth = displayWidth(footer.right);
  const left = truncate(footer.left, width - rightWidth - caret - 1);
  const gap = Math.max(1, width - displayWidth(left) - caret - rightWidth);
  const empty = props.emptyText ?? (filter !== '' ? 'No rows match the filter' : 'Nothing here');

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {headerLine(layout, sort)}
      </Text>
      <Box flexDirection="column" height={pageSize}>
        {rows.length === 0 ? (
          <Text dimColor wrap="truncate-end">
            {padTo(`  ${sanitize(empty)}`, width)}
          </Text>
        ) : (
          visible.map((row) => {
            const id = rowId(row);
            return (
              <Row
                key={id}
                row={row}
                fitted={layout}
                selected={id === state.selectedId}
                focused={focused}
                width={width}
              />
            );
          })
        )}
      </Box>
      <Text wrap="truncate-end">
        {left}
        {props.filterMode ? <Text inverse> </Text> : null}
        {' '.repeat(gap)}
        {footer.right}
      </Text>
    </Box>
  );
}
