import type { Key } from 'ink';

/**
 * One name per key press, as the keymap and the help show it: "q", "G", "?", "ctrl+c", "enter", "esc", "tab",
 * "shift+tab", "up", "down", "pgup", "pgdn", "home", "end", "backspace", "left", "right".
 */
export function keyName(input: string, key: Key): string {
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
  return input;
}

/** A key press with no modifier or special key. */
export const PLAIN_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/**
 * Over SSH (or from a paste) several keys can arrive in one read, and Ink hands a run of text over as ONE event
 * ("bench-3\r"). Splits such a run into the key presses it is made of: characters, Enter, Tab, Backspace, Ctrl
 * letters. Undefined for a single key or an escape sequence (Ink already parsed those).
 */
export function splitKeys(input: string, key: Key): Array<{ input: string; key: Key }> | undefined {
  if (input.length < 2 || key.meta || key.escape || input.includes('\x1b')) return undefined;
  const out: Array<{ input: string; key: Key }> = [];
  for (const ch of input) {
    if (ch === '\r' || ch === '\n') out.push({ input: '', key: { ...PLAIN_KEY, return: true } });
    else if (ch === '\t') out.push({ input: '', key: { ...PLAIN_KEY, tab: true } });
    else if (ch === '\x7f' || ch === '\b') out.push({ input: '', key: { ...PLAIN_KEY, backspace: true } });
    else if (ch < ' ')
      out.push({ input: String.fromCharCode(ch.charCodeAt(0) + 96), key: { ...PLAIN_KEY, ctrl: true } });
    else out.push({ input: ch, key: PLAIN_KEY });
  }
  return out;
}
