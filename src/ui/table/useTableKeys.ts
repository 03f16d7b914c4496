// Keyboard for a table: key presses → table actions (bindings in keys.ts).
import type { Key } from 'ink';
import { useCallback } from 'react';
import type { KeyEvent } from '../input/read-keys.js';
import { useKeys } from '../input/useKeys.js';
import { type KeyMode, keyToAction } from './key-actions.js';
import type { TableAction } from './state.js';

export interface TableKeysOptions {
  /** False while a modal or overlay owns the keyboard. Default true. */
  isActive?: boolean;
}

/**
 * Listens with the app's key reader while active and returns `handleKey`, which reports whether the table used the key,
 * for screens that route all keys through one handler (then pass isActive: false). While the mode says
 * filterMode every printable key is filter text: screens must not act on letters then.
 * `getMode` is read at each key press (not at render) so two keys in one tick see each other's effect.
 */
export function useTableKeys(
  dispatch: (action: TableAction) => void,
  getMode: () => KeyMode,
  opts: TableKeysOptions = {},
): (input: string, key: Partial<Key>) => boolean {
  const handleKey = useCallback(
    (input: string, key: Partial<Key>) => {
      const action = keyToAction(input, key, getMode());
      if (action) dispatch(action);
      return action !== null;
    },
    [dispatch, getMode],
  );
  const onKeys = useCallback(
    (keys: KeyEvent[]) => {
      for (const { input, key } of keys) handleKey(input, key);
    },
    [handleKey],
  );
  useKeys(onKeys, { isActive: opts.isActive ?? true });
  return handleKey;
}
