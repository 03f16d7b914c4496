import type { Key } from './read-keys.js';

export { type Key, type KeyEvent, PLAIN_KEY, readKeys } from './read-keys.js';

/**
 * The name of a paste (key-reader.ts), and of a run of text delivered as ONE key (several characters typed into a
 * focused text input at once, see useKeyDispatch). Never the name of a single key, so a pasted "esc" or "tab" is
 * text, not a command.
 */
export const PASTE = 'paste';

/** The names keyName() gives keys that never type text. */
export const NAMED_KEYS: ReadonlySet<string> = new Set([
  'enter',
  'esc',
  'tab',
  'shift+tab',
  'up',
  'down',
  'left',
  'right',
  'pgup',
  'pgdn',
  'home',
  'end',
  'backspace',
]);

/**
 * One name per key press, as the keymap and the help show it: "q", "G", "?", "ctrl+c", "enter", "esc", "tab",
 * "shift+tab", "up", "down", "pgup", "pgdn", "home", "end", "backspace", "left", "right", "f1", "ctrl+f1".
 */
export function keyName(input: string, key: Key): string {
  if (key.paste) return PASTE;
  if (key.fn) return `${key.ctrl ? 'ctrl+' : ''}${key.shift ? 'shift+' : ''}f${key.fn}`;
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pgup';
  if (key.pageDown) return 'pgdn';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  if (key.backspace || key.delete) return 'backspace';
  return isRun(input) ? PASTE : input;
}

/** More than one code point. */
function isRun(input: string): boolean {
  if (input.length < 2) return false;
  return input.length > 2 || (input.codePointAt(0) as number) <= 0xffff;
}
