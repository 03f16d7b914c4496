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

/** A printable character a text field may take (not a control or navigation key). */
export function isPrintable(input: string, key: Key): boolean {
  return (
    input.length > 0 &&
    !key.ctrl &&
    !key.meta &&
    !key.escape &&
    !key.return &&
    !key.tab &&
    !/[\x00-\x1f\x7f]/.test(input)
  );
}
