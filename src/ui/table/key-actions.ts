// Key bindings of a table as data: one pure function from an Ink key press to a table action.
//   j/k ↑/↓ move · PgUp/PgDn (Ctrl-B/Ctrl-F) page · g/Home top · G/End bottom
//   / filter (applied live) · Enter keeps it · Esc clears it · Ctrl-U empties it while typing
//   o order by the next column (then none) · O flip direction (s is left to screens: start/stop)
//   > / < sort by the column right / left of the sorted one
//   W wide view (every column whole) · ←/→ scroll it sideways
import { TABLE_BINDINGS } from '../bindings.js';
import { type Key, keyName } from '../input/key-name.js';
import { actionName, type KeyMap } from '../keymap.js';
import { cleanInput } from '../TextInput.js';
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
  // a paste is text for the filter: one line of it
  if (key.paste) {
    const text = cleanInput(input);
    return text ? { type: 'filterInput', text } : null;
  }
  if (key.escape) return { type: 'filterClear' };
  if (key.return) return { type: 'filterConfirm' };
  if (key.backspace || key.delete) return { type: 'filterBackspace' };
  if (key.ctrl && input === 'u') return { type: 'filterSet', text: '' };
  const nav = navigation(key);
  if (nav) return nav;
  if (key.ctrl || key.meta || key.tab) return null;
  return PRINTABLE.test(input) ? { type: 'filterInput', text: input } : null;
}

/** What each of the table's actions (by its keys-config name) does: for the keys the user moved. */
const BY_ACTION: Record<string, (hasFilter: boolean) => TableAction | null> = {
  'table.down': () => move('down'),
  'table.up': () => move('up'),
  'table.page-down': () => move('pageDown'),
  'table.page-up': () => move('pageUp'),
  'table.first': () => move('top'),
  'table.last': () => move('bottom'),
  'table.filter': () => ({ type: 'filterStart' }),
  'table.order-by-next-column': () => ({ type: 'sortNext' }),
  'table.reverse-order': () => ({ type: 'sortFlip' }),
  'table.sort-by-the-column-right': () => ({ type: 'sortMove', by: 1 }),
  'table.sort-by-the-column-left': () => ({ type: 'sortMove', by: -1 }),
  'table.clear-filter': (hasFilter) => (hasFilter ? { type: 'filterClear' } : null),
  'table.wide-view': () => ({ type: 'wideToggle' }),
};

/** The table's actions the keys config can move (←/→ scroll the wide view: a pair, not one action). */
export const MOVABLE_TABLE_ACTIONS: ReadonlySet<string> = new Set(Object.keys(BY_ACTION));

/**
 * The table's keys the user moved (the keys config), process-wide like the config: new key → its action, and the
 * old keys that now do nothing in the table (the screen or the global keys may take them).
 */
let moved: { byKey: ReadonlyMap<string, string>; freed: ReadonlySet<string> } | undefined;

export function moveTableKeys(map: KeyMap): void {
  const byKey = new Map<string, string>();
  const freed = new Set<string>();
  for (const b of TABLE_BINDINGS) {
    const name = actionName('table', b);
    const keys = map.get(name);
    if (!keys || !BY_ACTION[name]) continue;
    for (const k of b.keys) freed.add(k);
    for (const k of keys) byKey.set(k, name);
  }
  for (const k of byKey.keys()) freed.delete(k);
  moved = byKey.size > 0 ? { byKey, freed } : undefined;
}

function normalKey(input: string, key: KeyPress, mode: KeyMode): TableAction | null {
  if (key.paste) return null; // a paste is never a key press: the table takes one only as filter text
  if (moved) {
    const name = keyName(input, key as Key);
    const action = moved.byKey.get(name);
    if (action) return BY_ACTION[action]?.(mode.hasFilter) ?? null;
    if (moved.freed.has(name)) return null;
  }
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
    case '>':
      return { type: 'sortMove', by: 1 };
    case '<':
      return { type: 'sortMove', by: -1 };
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
