/**
 * `get -o table`: the rows drawn once with ink-table (the design's table component) through Ink's
 * renderToString, then printed. The full-screen app keeps its own windowed table (src/ui/table), which draws only
 * the visible rows of 10,000; here every row is printed once, so a plain component is enough.
 */
import { Header, Skeleton, Table } from '@alcalzone/ink-table';
import { Box, renderToString, Text } from 'ink';
import type { PropsWithChildren } from 'react';

type Row = Record<string, string>;

/**
 * ink-table draws a rule between every two rows; a listing reads better with one under the titles only (the rule
 * before row 0; ink-table ends each rule's key with the row's index). Same API otherwise.
 */
class ListingTable extends Table<Row> {
  constructor(props: ConstructorParameters<typeof Table<Row>>[0]) {
    super(props);
    const rule = this.separator;
    this.separator = (p) => (p.key.endsWith('-0') ? rule(p) : <Box />);
  }
}

const Plain = ({ children }: PropsWithChildren) => <Text>{children}</Text>;

export interface InkTableInput {
  titles: readonly string[];
  rows: readonly (readonly string[])[];
  aligns: readonly ('left' | 'right')[];
  color: boolean;
}

/** The table as text; colours (bold blue titles, bold rules) only when `color`. */
export function inkTableText({ titles, rows, aligns, color }: InkTableInput): string {
  const data = rows.map((r) => Object.fromEntries(titles.map((t, i) => [t, r[i] ?? ''])));
  const columns = titles.map((key, i) => ({ key, align: aligns[i] ?? 'left' }));
  // each column: its longest text, a space each side and a rule (ink-table measures in UTF-16 units too)
  const total = titles.reduce(
    (sum, t, i) => sum + rows.reduce((w, r) => Math.max(w, r[i]?.length ?? 0), t.length) + 3,
    1,
  );
  return renderToString(
    <ListingTable
      data={data}
      columns={columns}
      header={color ? Header : Plain}
      cell={Plain}
      skeleton={color ? Skeleton : Plain}
    />,
    // wide enough that Ink never wraps a line: the terminal shows the table as it is
    { columns: Math.max(80, total) },
  );
}
