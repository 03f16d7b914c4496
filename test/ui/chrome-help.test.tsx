import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/domain/text.js';
import { type Binding, TABLE_BINDINGS, visible } from '../../src/ui/bindings.js';
import {
  bindingKeys,
  HELP_COLUMN_MIN,
  HelpOverlay,
  type HelpSection,
  type HelpState,
  handleHelpKey,
  helpLayout,
  helpLines,
  helpReduce,
  initialHelpState,
} from '../../src/ui/HelpOverlay.js';
import { GLOBAL_KEYS as GLOBAL_BINDINGS } from '../support/bindings.js';

const VM_BINDINGS: Binding[] = [
  { keys: ['enter'], label: 'details' },
  { keys: ['s'], label: 'stop', mutation: true },
  { keys: ['ctrl+d'], label: 'delete', mutation: true },
  { keys: ['y'], label: 'copy id', helpOnly: true },
];
const sections = (readOnly: boolean): HelpSection[] => [
  { title: 'Global', bindings: visible(GLOBAL_BINDINGS, readOnly) },
  { title: 'Table', bindings: visible(TABLE_BINDINGS, readOnly) },
  { title: 'VMs', bindings: visible(VM_BINDINGS, readOnly) },
];
const plain = (s: string | undefined) => (s ?? '').replace(/\x1b\[[0-9;]*m/g, '');

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
function draw(secs: HelpSection[], state: HelpState = initialHelpState, width = 80, height = 80) {
  unmount?.();
  const r = render(<HelpOverlay sections={secs} state={state} width={width} height={height} />);
  unmount = r.unmount;
  return plain(r.lastFrame());
}

describe('helpLines', () => {
  it('lists every binding given, with all its keys, under its section', () => {
    const all = sections(false);
    const lines = helpLines(all, 76).map((l) => l.text);
    for (const s of all) {
      expect(lines).toContain(s.title);
      for (const b of s.bindings) {
        expect(lines.some((l) => l.includes(bindingKeys(b)) && l.includes(b.label))).toBe(true);
      }
    }
    expect(lines.filter((l) => l.startsWith('  ')).length).toBe(
      all.reduce((n, s) => n + s.bindings.length, 0),
    );
  });

  it('shows keys readably ("j ↓", "r ^r") and marks mutations', () => {
    const lines = helpLines(sections(false), 76).map((l) => l.text);
    expect(lines.some((l) => /^ {2}j ↓ +down$/.test(l))).toBe(true);
    expect(lines.some((l) => /^ {2}r \^r +refresh$/.test(l))).toBe(true);
    expect(lines.some((l) => /^ {2}s +stop\*$/.test(l))).toBe(true);
    expect(lines.some((l) => /^ {2}y +copy id$/.test(l))).toBe(true);
  });
});

describe('HelpOverlay', () => {
  it('draws every binding when it fits, including helpOnly ones', () => {
    const f = draw(sections(false));
    expect(f).toContain('Global');
    expect(f).toContain('Table');
    expect(f).toContain('VMs');
    expect(f).toContain('copy id');
    expect(f).toContain('stop*');
    expect(f).toContain('Esc or ? closes');
    expect(f).not.toContain('lines 1');
  });

  it('in read-only mode (visible(…, true)) lists no mutation', () => {
    const f = draw(sections(true));
    expect(f).toContain('details');
    expect(f).not.toContain('stop');
    expect(f).not.toContain('delete');
    expect(f).not.toContain('changes things');
  });

  it('scrolls when taller than the height, in as many columns as fit', () => {
    const secs = sections(false);
    const height = 10;
    const page = height - 4;
    const layout = helpLayout(secs, 80, page);
    expect(layout.columns).toBe(2);
    const total = layout.rows.length;
    const top = draw(secs, initialHelpState, 80, height);
    expect(top.split('\n')).toHaveLength(height);
    expect(top).toContain(`lines 1–${page} of ${total} ↓`);
    expect(top).not.toContain('copy id');
    const end = handleHelpKey(initialHelpState, 'G', { sections: secs, width: 80, height });
    const bottom = draw(secs, end.state, 80, height);
    expect(bottom).toContain('copy id');
    expect(bottom).toContain(`of ${total} ↑`);
  });
});

describe('helpLayout: columns that fit the terminal', () => {
  const many: HelpSection[] = [
    ...sections(false),
    {
      title: 'More',
      bindings: Array.from({ length: 40 }, (_, i) => ({
        keys: [`f${(i % 12) + 1}`],
        label: `action ${i}`,
        ...(i % 3 === 0
          ? { unavailable: 'an ERROR VM cannot be stopped — b hard-reboots it, D deletes it' }
          : {}),
      })),
    },
  ];
  const count = many.reduce((n, s) => n + s.bindings.length, 0);
  it.each([80, 100, 120, 160])('at %i columns: every key once, no line wider than its column', (width) => {
    const layout = helpLayout(many, width, 20);
    expect(layout.columns).toBe(Math.floor((width - 4 + 2) / (HELP_COLUMN_MIN + 2)));
    // column by column, top to bottom: as it is read
    const cells = Array.from({ length: layout.columns }, (_, c) => layout.rows.map((r) => r[c]!)).flat();
    for (const c of cells) expect(displayWidth(c.text)).toBeLessThanOrEqual(layout.columnWidth);
    expect(layout.columns * (layout.columnWidth + 2) - 2).toBeLessThanOrEqual(width - 4);
    // a key's line starts "  KEY  label"; its reason wrapped goes on under the label, never cut
    const starts = cells.filter((c) => /^ {2}\S/.test(c.text));
    expect(starts).toHaveLength(count);
    const text = cells.map((c) => c.text.trim()).join(' ');
    expect(text.match(/b hard-reboots it, D deletes it/g)).toHaveLength(14);
  });

  it('one column when everything fits in one (wider lines, fewer wrapped)', () => {
    const layout = helpLayout(sections(false), 160, 80);
    expect(layout.columns).toBe(1);
  });

  it('a key with nothing to do here is listed with why', () => {
    const lines = helpLines(
      [
        {
          title: 'VMs',
          bindings: [
            { keys: ['x'], label: 'stop', mutation: true, unavailable: 'an ERROR VM cannot be stopped' },
          ],
        },
      ],
      80,
    );
    expect(lines[1]).toMatchObject({
      text: '  x  stop* — not here: an ERROR VM cannot be stopped',
      disabled: true,
    });
  });
});

describe('helpReduce', () => {
  const view = { lines: 30, pageSize: 10 };
  const run = (...names: string[]) => {
    let s = initialHelpState;
    for (const n of names) s = helpReduce(s, n, view).state;
    return s.offset;
  };
  it('moves with j/k/↑/↓, pages with PgUp/PgDn, jumps with g/G, clamped', () => {
    expect(run('j', 'down')).toBe(2);
    expect(run('j', 'k', 'up')).toBe(0);
    expect(run('pgdn')).toBe(10);
    expect(run('pgdn', 'pgdn', 'pgdn')).toBe(20);
    expect(run('G', 'pgup')).toBe(10);
    expect(run('G', 'g')).toBe(0);
    expect(run('G', 'j')).toBe(20);
  });
  it('closes on Esc, ? and q; ignores other keys', () => {
    expect(helpReduce(initialHelpState, 'esc', view).close).toBe(true);
    expect(helpReduce(initialHelpState, '?', view).close).toBe(true);
    expect(helpReduce(initialHelpState, 'q', view).close).toBe(true);
    const other = helpReduce(initialHelpState, 'x', view);
    expect(other.close).toBeUndefined();
    expect(other.state).toBe(initialHelpState);
  });
  it('does not scroll when everything fits', () => {
    expect(helpReduce(initialHelpState, 'j', { lines: 5, pageSize: 10 }).state.offset).toBe(0);
  });
});

describe('helpReduce: more keys', () => {
  const view = { lines: 30, pageSize: 10 };
  it('pages with ctrl+f/ctrl+b and space, jumps with home/end', () => {
    expect(helpReduce(initialHelpState, 'ctrl+f', view).state.offset).toBe(10);
    expect(helpReduce(initialHelpState, ' ', view).state.offset).toBe(10);
    expect(helpReduce({ offset: 15 }, 'ctrl+b', view).state.offset).toBe(5);
    expect(helpReduce(initialHelpState, 'end', view).state.offset).toBe(20);
    expect(helpReduce({ offset: 15 }, 'home', view).state.offset).toBe(0);
  });
});
