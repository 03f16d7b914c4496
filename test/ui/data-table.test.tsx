import { type Key, useInput } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The real package, not the bundle's stand-in that vitest.config.ts aliases it to: the reference measure.
import stringWidth from '../../node_modules/string-width/index.js';
import { DataTable } from '../../src/ui/DataTable.js';
import type { Column, SortSpec } from '../../src/ui/table/types.js';
import { useDataTable } from '../../src/ui/table/useDataTable.js';

interface Vm {
  id: number;
  name: string;
  status: string;
  gpus: number | null;
  region: string;
  ip: string;
  flavor: string;
}

const vms = (n: number): Vm[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    name: `vm-${String(i).padStart(5, '0')}`,
    status: i % 3 === 0 ? 'ACTIVE' : 'SHUTOFF',
    gpus: i % 5 === 0 ? null : (i % 8) + 1,
    region: i % 2 === 0 ? 'CANADA-1' : 'NORWAY-1',
    ip: `10.0.${i >> 8}.${i & 255}`,
    flavor: 'n3-H100x8-with-an-extremely-long-flavor-name',
  }));

const COLUMNS: Column<Vm>[] = [
  { id: 'name', title: 'Name', value: (r) => r.name, priority: 0, minWidth: 11 },
  { id: 'status', title: 'Status', value: (r) => r.status, priority: 0 },
  { id: 'gpus', title: 'GPUs', value: (r) => r.gpus },
  { id: 'region', title: 'Region', value: (r) => r.region, priority: 2 },
  { id: 'ip', title: 'IP', value: (r) => r.ip, priority: 2, minWidth: 15 },
  { id: 'flavor', title: 'Flavor', value: (r) => r.flavor, priority: 3, minWidth: 20, maxWidth: 20 },
];
const vmId = (r: Vm) => String(r.id);

interface HarnessProps {
  rows: readonly Vm[];
  width?: number;
  height?: number;
  columns?: Column<Vm>[];
  initialSort?: SortSpec | null;
  isActive?: boolean;
}
function Harness({
  rows,
  width = 120,
  height = 12,
  columns = COLUMNS,
  initialSort = null,
  isActive,
}: HarnessProps) {
  const t = useDataTable(rows, columns, vmId, { width, height, initialSort, isActive });
  return <DataTable {...t.tableProps} />;
}

// Ink reads stdin on an event and React renders after it: let both run before reading the frame.
const tick = async () => {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 5));
};
async function press(stdin: { write: (s: string) => void }, ...keys: string[]) {
  for (const k of keys) {
    stdin.write(k);
    await tick();
  }
}
const KEY = { down: '\x1b[B', up: '\x1b[A', esc: '\x1b', enter: '\r', pageDown: '\x1b[6~', end: '\x1b[F' };

const lines = (frame: string | undefined) => (frame ?? '').split('\n');
const selectedLine = (frame: string | undefined) => lines(frame).find((l) => l.startsWith('›'));
const footer = (frame: string | undefined) => lines(frame).at(-1) ?? '';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());
function mount(el: React.ReactElement) {
  const r = render(el);
  cleanup = r.unmount;
  return r;
}

describe('<DataTable> layout', () => {
  it('draws the header with the sort mark at width 120', () => {
    const { lastFrame } = mount(<Harness rows={vms(5)} initialSort={{ columnId: 'gpus', desc: true }} />);
    const header = lines(lastFrame())[0] ?? '';
    expect(header).toMatch(/^ {2}Name\s+Status\s+GPUs▼\s+Region\s+IP\s+Flavor/);
    expect(header.length).toBeLessThanOrEqual(120);
  });

  it('draws only the window: exactly `height` lines for 10,000 rows', () => {
    const { lastFrame } = mount(<Harness rows={vms(10_000)} height={12} />);
    const out = lines(lastFrame());
    expect(out).toHaveLength(12);
    expect(out.filter((l) => /vm-\d{5}/.test(l))).toHaveLength(10);
    expect(out[1]).toMatch(/^› vm-00000/);
    expect(out[10]).toMatch(/^ {2}vm-00009/);
    expect(footer(lastFrame())).toMatch(/1\/10000\s*$/);
  });

  it('truncates long cells with an ellipsis and right-aligns numbers', () => {
    const { lastFrame } = mount(<Harness rows={vms(3)} />);
    const row = lines(lastFrame())[2] ?? '';
    expect(row).toContain('n3-H100x8-with-an-e…');
    expect(row).not.toContain('extremely-long');
    // GPUs (width 5) is right-aligned under its title: "    2".
    expect(row).toMatch(/SHUTOFF {5}2 NORWAY-1/);
  });

  it('drops low-priority columns at width 60 and keeps every line within 60', () => {
    const { lastFrame } = mount(<Harness rows={vms(20)} width={60} />);
    const out = lines(lastFrame());
    expect(out[0]).toContain('IP');
    expect(out[0]).not.toContain('Flavor');
    for (const l of out) expect(l.length).toBeLessThanOrEqual(60);
    const narrow = mount(<Harness rows={vms(20)} width={32} />);
    expect(lines(narrow.lastFrame())[0]).toMatch(/^ {2}Name\s+Status\s+GPUs\s*$/);
  });

  it('shows cells from the service as inert text', () => {
    const evil = [{ ...vms(1)[0]!, name: 'x\x1b[2J\x1b]52;c;aGk=\x07' }];
    const { lastFrame } = mount(<Harness rows={evil} columns={[{ ...COLUMNS[0]!, maxWidth: 40 }]} />);
    expect(lastFrame()).toContain('x␛[2J␛]52;c;aGk=␇');
    expect(lastFrame()).not.toContain('\x1b]52');
    expect(lastFrame()).not.toContain('\x1b[2J');
  });

  it('keeps lines with wide characters within the width', () => {
    const wide = vms(3).map((r) => ({ ...r, name: `東京-サーバー-🚀-${r.id}-very-long-name` }));
    const columns = [{ ...COLUMNS[0]!, maxWidth: 15 }, COLUMNS[1]!];
    const { lastFrame } = mount(<Harness rows={wide} columns={columns} width={40} />);
    const out = lines(lastFrame());
    expect(out[1]).toContain('…');
    for (const l of out) expect(stringWidth(l)).toBeLessThanOrEqual(40);
    // Each row puts the status column at the same screen column as the header.
    const at = (l: string, word: string) => stringWidth(l.slice(0, l.indexOf(word)));
    expect(
      at(out[1] ?? '', 'SHUTOFF') === at(out[0] ?? '', 'Status') ||
        at(out[1] ?? '', 'ACTIVE') === at(out[0] ?? '', 'Status'),
    ).toBe(true);
  });

  it('shows an empty-state text', () => {
    const { lastFrame } = mount(<Harness rows={[]} />);
    expect(lastFrame()).toContain('Nothing here');
    expect(footer(lastFrame())).toMatch(/0\/0\s*$/);
  });
});

describe('<DataTable> keys', () => {
  it('moves the highlighted row with j/k/G/g and the arrows, scrolling the window', async () => {
    const { lastFrame, stdin } = mount(<Harness rows={vms(10_000)} />);
    await press(stdin, 'j', 'j');
    expect(selectedLine(lastFrame())).toMatch(/vm-00002/);
    await press(stdin, 'k', KEY.down, KEY.down);
    expect(selectedLine(lastFrame())).toMatch(/vm-00003/);
    await press(stdin, 'G');
    expect(selectedLine(lastFrame())).toMatch(/vm-09999/);
    expect(lines(lastFrame())[10]).toMatch(/^› vm-09999/);
    expect(footer(lastFrame())).toMatch(/10000\/10000\s*$/);
    await press(stdin, 'g');
    expect(selectedLine(lastFrame())).toMatch(/vm-00000/);
    await press(stdin, KEY.pageDown);
    expect(selectedLine(lastFrame())).toMatch(/vm-00010/);
    expect(lines(lastFrame())).toHaveLength(12);
  });

  it('filters live while typing after /, and Esc clears the filter', async () => {
    const rows = vms(10_000);
    const matching = rows.filter((r) => r.name.includes('042')).length;
    const { lastFrame, stdin } = mount(<Harness rows={rows} />);
    // (each step waits for its frame: filtering 10,000 rows, and a lone Esc, which Ink holds a moment in case an
    // escape sequence follows, take their time on a busy machine)
    await press(stdin, '/', '0', '4', '2');
    await vi.waitFor(() => {
      const frame = lastFrame();
      expect(footer(frame)).toMatch(/^\/042/);
      expect(footer(frame)).toMatch(new RegExp(` 1/${matching} of 10000\\s*$`));
      expect(
        lines(frame)
          .filter((l) => /vm-\d+/.test(l))
          .every((l) => l.includes('042')),
      ).toBe(true);
    });
    // Letters are filter text now, not commands.
    await press(stdin, 'j');
    await vi.waitFor(() => expect(lastFrame()).toContain('No rows match the filter'));
    await press(stdin, KEY.esc);
    await vi.waitFor(() => {
      const frame = lastFrame();
      expect(footer(frame)).toMatch(/^\s+\d+\/10000\s*$/);
      expect(lines(frame).filter((l) => /vm-\d+/.test(l))).toHaveLength(10);
    });
  });

  it('Enter keeps the filter and gives letters back to navigation', async () => {
    const { lastFrame, stdin } = mount(<Harness rows={vms(100)} />);
    await press(stdin, '/', '9', KEY.enter, 'j');
    expect(footer(lastFrame())).toMatch(/^filter: 9\s+2\/19 of 100\s*$/);
    expect(selectedLine(lastFrame())).toMatch(/vm-00019/);
  });

  it('s sorts by the next column and S flips it, marking the header', async () => {
    const { lastFrame, stdin } = mount(<Harness rows={vms(50)} />);
    await press(stdin, 'o');
    expect(lines(lastFrame())[0]).toContain('Name▲');
    await press(stdin, 'O');
    expect(lines(lastFrame())[0]).toContain('Name▼');
    expect(selectedLine(lastFrame())).toMatch(/vm-00000/);
    await press(stdin, 'g');
    expect(selectedLine(lastFrame())).toMatch(/vm-00049/);
  });

  it('ignores keys when the table is not active', async () => {
    const { lastFrame, stdin } = mount(<Harness rows={vms(20)} isActive={false} />);
    await press(stdin, 'j', 'j');
    expect(selectedLine(lastFrame())).toMatch(/vm-00000/);
  });
});

const consumed: [string, boolean][] = [];
/** A screen that routes every key through its own handler and asks the table first. */
function ChainedScreen() {
  const t = useDataTable(vms(20), COLUMNS, vmId, { width: 120, height: 12, listen: false });
  useInput((input: string, key: Key) => {
    // "P" feeds several keys inside one React batch, with no render in between.
    if (input === 'P') for (const k of '/9j') t.handleKey(k, {});
    else consumed.push([input, t.handleKey(input, key)]);
  });
  return <DataTable {...t.tableProps} />;
}

describe('<DataTable> chained key handling', () => {
  it('handleKey reports which keys the table used', async () => {
    consumed.length = 0;
    const { lastFrame, stdin } = mount(<ChainedScreen />);
    await press(stdin, 'j', 'd');
    expect(selectedLine(lastFrame())).toMatch(/vm-00001/);
    await press(stdin, '/', 'd');
    expect(consumed).toEqual([
      ['j', true],
      ['d', false],
      ['/', true],
      ['d', true],
    ]);
    expect(footer(lastFrame())).toMatch(/^\/d/);
  });

  it('reads the mode at each key press, so keys in one batch see the previous one', async () => {
    const { lastFrame, stdin } = mount(<ChainedScreen />);
    await press(stdin, 'P');
    expect(footer(lastFrame())).toMatch(/^\/9j/);
  });
});

describe('<DataTable> selection across refreshes', () => {
  it('keeps the selected row by id when rows are replaced by a re-sorted copy', async () => {
    const rows = vms(100);
    const { lastFrame, stdin, rerender } = mount(<Harness rows={rows} />);
    await press(stdin, 'j', 'j', 'j', 'j', 'j');
    expect(selectedLine(lastFrame())).toMatch(/vm-00005/);
    rerender(<Harness rows={[...rows].reverse()} />);
    await tick();
    expect(selectedLine(lastFrame())).toMatch(/vm-00005/);
    expect(footer(lastFrame())).toMatch(/95\/100\s*$/);
  });

  it('keeps the selected row visible when the terminal shrinks', async () => {
    const rows = vms(100);
    const { lastFrame, stdin, rerender } = mount(<Harness rows={rows} height={22} />);
    await press(stdin, ...Array<string>(15).fill('j'));
    rerender(<Harness rows={rows} height={7} />);
    await tick();
    expect(lines(lastFrame())).toHaveLength(7);
    expect(selectedLine(lastFrame())).toMatch(/vm-00015/);
  });

  it('selects the row at the same position when the selected one is deleted', async () => {
    const rows = vms(100);
    const { lastFrame, stdin, rerender } = mount(<Harness rows={rows} />);
    await press(stdin, 'j', 'j', 'j');
    rerender(<Harness rows={rows.filter((r) => r.id !== 3)} />);
    await tick();
    expect(selectedLine(lastFrame())).toMatch(/vm-00004/);
    // The deleted row coming back (a stale poll) must not steal the cursor back.
    rerender(<Harness rows={[...rows]} />);
    await tick();
    expect(selectedLine(lastFrame())).toMatch(/vm-00004/);
  });
});

describe('<DataTable> render cost', () => {
  it('a refresh that keeps the row objects re-renders no row', async () => {
    const color = vi.fn(() => undefined);
    const columns: Column<Vm>[] = [COLUMNS[0]!, { ...COLUMNS[1]!, color }];
    const rows = vms(10_000);
    const { rerender } = mount(<Harness rows={rows} columns={columns} />);
    await tick();
    color.mockClear();
    rerender(<Harness rows={[...rows]} columns={columns} />);
    await tick();
    expect(color).not.toHaveBeenCalled();
  });

  it('a key press on 10,000 rows renders only the rows that changed', async () => {
    const text = vi.fn((r: Vm) => r.status);
    const value = vi.fn((r: Vm) => r.status);
    const columns: Column<Vm>[] = [COLUMNS[0]!, { id: 'status', title: 'Status', value, text }];
    const rows = vms(10_000);
    const { lastFrame, stdin } = mount(<Harness rows={rows} columns={columns} />);
    await press(stdin, 'j');
    text.mockClear();
    value.mockClear();
    await press(stdin, 'j', 'j', 'j');
    // Under load the last render may land after the tick: wait for it rather than read a stale frame.
    await vi.waitFor(() => expect(selectedLine(lastFrame())).toMatch(/vm-00004/));
    // Two rows change per move (old and new selection): 3 moves → at most 6 cells of this column.
    expect(text.mock.calls.length).toBeLessThanOrEqual(6);
    expect(value).not.toHaveBeenCalled();
  });
});
