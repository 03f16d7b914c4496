// One table row. Memoized: moving the cursor re-renders the two rows whose `selected` flag changed, no more.
import { Text } from 'ink';
import { memo } from 'react';
import { rowPieces } from './layout.js';
import type { FittedColumn } from './types.js';

export interface RowProps<T> {
  row: T;
  fitted: readonly FittedColumn<T>[];
  selected: boolean;
  /** Inverse bar only while the table has the keyboard; the › marker stays either way. */
  focused: boolean;
  width: number;
}

function RowLine<T>({ row, fitted, selected, focused, width }: RowProps<T>) {
  const pieces = rowPieces(row, fitted, selected, selected ? width : 0);
  return (
    <Text inverse={selected && focused} wrap="truncate-end">
      {pieces.map((p, i) =>
        p.color === undefined ? (
          p.text
        ) : (
          <Text key={i} color={p.color}>
            {p.text}
          </Text>
        ),
      )}
    </Text>
  );
}

export const Row = memo(RowLine) as typeof RowLine;
