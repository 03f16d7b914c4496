// Key bindings of a table as data: one pure function from an Ink key press to a table action.
//   j/k ↑/↓ move · PgUp/PgDn (Ctrl-B/Ctrl-F) page · g/Home top · G/End bottom
//   / filter (applied live) · Enter keeps it · Esc clears it · Ctrl-U empties it while typing
//   o order by the next column (then none) · O flip direction (s is left to screens: start/stop)
//   W wide view (every column whole) · ←/→ scroll it sideways
import type { Key } from 'ink';
import type { TableAction } from './state.js';

export type KeyPress = Partial<Key>;

/** What the key press must know about the table: typing a filter turns letters into text. */
export interface KeyMode {
  filterMode: boolean;
  hasFilter: boolean;
  /** The wide view is on: ←/→ scroll it. */
  wide?: boolean;
}

const move = (command: Extract<TableAction, { type: 'move' }>['command']): TableAction => ({
  type: 'move',
  command,
});

// Printable text only: a pasted escape sequence must not end up in the filter.
const PRINTABLE = /^[^\x00-\x1f\x7f-\x9f]+$/;

function navigation(key: KeyPress): TableAction | null {
  if (key.upArrow) return move('up');
  if (key.downArrow) return move('down');
  if (key.pageUp) return move('pageUp');
  if (key.pageDown) return move('pageDown');
  if (key.home) return move('top');
  if (key.end) return move('bottom');
  return null;
}

function filterKey(input: string, key: KeyPress): TableAction | null {
  if (key.escape) return { type: 'filterClear' };
  if (key.return) return { type: 'filterConfirm' };
  if (key.backspace || key.delete) return { type: 'filterBackspace' };
  if (key.ctrl && input === 'u') return { type: 'filterSet', text: '' };
  const nav = navigation(key);
  if (nav) return nav;
  if (key.ctrl || key.meta || key.tab) return null;
  return PRINTABLE.test(input) ? { type: 'filterInput', text: input } : null;
}

function normalKey(input: string, key: KeyPress, mode: KeyMode): TableAction | null {
  const nav = navigation(key);
  if (nav) return nav;
  const hasFilter = mode.hasFilter;
  // Sideways only in the wide view: otherwise ←/→ are left to the screen.
  if (mode.wide && (key.leftArrow || key.rightArrow)) return { type: 'scroll', by: key.leftArrow ? -1 : 1 };
  if (key.escape) return hasFilter ? { type: 'filterClear' } : null;
  if (key.ctrl) {
    if (input === 'b') return move('pageUp');
    if (input === 'f') return move('pageDown');
    return null;
  }
  if (key.meta) return null;
  switch (input) {
    case 'k':
      return move('up');
    case 'j':
      return move('down');
    case 'g':
      return move('top');
    case 'G':
      return move('bottom');
    case '/':
      return { type: 'filterStart' };
    case 'o':
      return { type: 'sortNext' };
    case 'O':
      return { type: 'sortFlip' };
    case 'W':
      return { type: 'wideToggle' };
    default:
      return null;
  }
}

/** The action for a key, or null when the table does not use it (the screen may handle it). */
export function keyToAction(input: string, key: KeyPress, mode: KeyMode): TableAction | null {
  return mode.filterMode ? filterKey(input, key) : normalKey(input, key, mode);
}
