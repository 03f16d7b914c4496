import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from '../../src/ui/DataTable.js';
import type { Column } from '../../src/ui/table/types.js';
import { withColour } from '../support/colour.js';

// Colours on, so colour codes would show in the frames.
withColour();

interface Row {
  id: string;
  name: string;
  status: string;
}
const rows: Row[] = [
  { id: 'a', name: 'alpha', status: 'ACTIVE' },
  { id: 'b', name: 'beta', status: 'ERROR' },
];
const columns: Column<Row>[] = [
  { id: 'name', title: 'Name', value: (r) => r.name },
  {
    id: 'status',
    title: 'Status',
    value: (r) => r.status,
    color: (r) => (r.status === 'ERROR' ? 'red' : undefined),
  },
];
const INVERSE = '\x1b[7m';
const RED = '\x1b[31m';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
function frame(selectedId: string, isFocused?: boolean) {
  const r = render(
    <DataTable
      rows={rows}
      columns={columns}
      rowId={(r) => r.id}
      width={40}
      height={5}
      state={{ selectedId, offset: 0 }}
      isFocused={isFocused}
    />,
  );
  unmount = r.unmount;
  return (r.lastFrame() ?? '').split('\n');
}

describe('<DataTable> styles', () => {
  it('draws the selected row inverse across the full width, with the › marker', () => {
    const [, first, second] = frame('b');
    expect(first).not.toContain(INVERSE);
    expect(second).toContain(INVERSE);
    // Padded to the table width so the bar spans it (styles stripped).
    expect(second?.replace(/\x1b\[[0-9;]*m/g, '')).toHaveLength(40);
    expect(second?.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/^› beta/);
  });

  it('keeps only the marker when the table is not focused', () => {
    const [, , second] = frame('b', false);
    expect(second).not.toContain(INVERSE);
    expect(second?.startsWith('›')).toBe(true);
  });

  it('colours a cell from the column colour function', () => {
    const [, first, second] = frame('a');
    expect(second).toContain(`${RED}ERROR`);
    expect(first).not.toContain(RED);
  });
});
