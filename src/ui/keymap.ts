/**
 * The user's own keys (the config's `keys` section): every binding has an action name, `scope.action`, where the
 * scope is `global`, `table` or a screen's name ("vms.stop", "global.quit", "table.down"), and the action is the
 * binding's `action` or its label in lower case with hyphens ("hard reboot" → "hard-reboot"). A remapped binding
 * answers to the new keys only; the footer and help show them because they draw the same, remapped, bindings.
 */
import type { ScreenName } from '../domain/registered.js';
import type { Binding } from './bindings.js';
import { NAMED_KEYS } from './input/key-name.js';

/** Whose keys: the app's, the table's, or a screen's (by its registry name). */
export type KeyScope = 'global' | 'table' | ScreenName;

/** Action name → the keys that now run it. */
export type KeyMap = ReadonlyMap<string, readonly string[]>;

export const NO_KEYMAP: KeyMap = new Map();

/** "order by next column" → "order-by-next-column". */
export function actionSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The name the keys config uses for a binding of this scope. */
export function actionName(scope: KeyScope, b: Pick<Binding, 'action' | 'label'>): string {
  return `${scope}.${b.action ?? actionSlug(b.label)}`;
}

/** The bindings with the user's keys; the same array when nothing of this scope is remapped. */
export function rebind<B extends Binding>(
  bindings: readonly B[],
  scope: KeyScope,
  map: KeyMap,
): readonly B[] {
  if (map.size === 0) return bindings;
  let changed = false;
  const out = bindings.map((b) => {
    const keys = map.get(actionName(scope, b));
    if (!keys) return b;
    changed = true;
    return { ...b, keys };
  });
  return changed ? out : bindings;
}

/**
 * Key names a binding can use: what keyName() gives for one key press (a printable character, ctrl+letter, a
 * named key, f1–f12 with ctrl/shift). "paste" and ctrl+c (always quits) are not keys one can bind.
 */
export function bindableKey(name: string): boolean {
  if (NAMED_KEYS.has(name)) return true;
  if (/^(ctrl\+)?(shift\+)?f([1-9]|1[0-2])$/.test(name)) return true;
  if (/^ctrl\+[a-z]$/.test(name)) return name !== 'ctrl+c';
  // one printable character (a space included), not a control character
  return [...name].length === 1 && !/[\x00-\x1f\x7f-\x9f]/.test(name);
}
