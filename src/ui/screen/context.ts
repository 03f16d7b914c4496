import type { Key } from 'ink';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ActionDeps } from '../../store/actions.js';
import type { Binding } from '../bindings.js';
import type { Theme } from '../theme.js';

/** What every screen gets from the app. */
export interface ScreenProps {
  width: number;
  height: number;
  /** False while a modal or an overlay owns the keyboard. */
  active: boolean;
}

/** What a screen tells the app about its keys right now (they change with the selected row). */
export interface ScreenKeys {
  bindings: readonly Binding[];
  /** True when the screen used the key. */
  handle(name: string, input: string, key: Key): boolean;
}

export interface AppContextValue {
  deps: ActionDeps;
  theme: Theme;
  setScreenKeys(keys: ScreenKeys): void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const v = useContext(AppContext);
  if (!v) throw new Error('useApp outside <AppContext>');
  return v;
}

/**
 * Registers the screen's key handler and bindings with the app's single input dispatcher. The handler is read
 * through a ref, so a new closure on every render costs nothing; only a change of bindings re-renders the footer.
 */
export function useScreenKeys(bindings: readonly Binding[], handle: ScreenKeys['handle']): void {
  const { setScreenKeys } = useApp();
  const ref = useRef(handle);
  ref.current = handle;
  // Everything the footer and help show: a new label or a key that became a mutation re-registers.
  const signature = bindings
    .map((b) => `${b.command}:${b.keys.join(',')}:${b.label}:${b.mutation ? 1 : 0}`)
    .join('|');
  useEffect(() => {
    setScreenKeys({ bindings, handle: (n, i, k) => ref.current(n, i, k) });
  }, [signature, setScreenKeys]);
}

/** Keeps the poller watching exactly these store keys while the screen is shown. */
export function useWatch(keys: readonly string[]): void {
  const { deps } = useApp();
  const signature = keys.join('|');
  useEffect(() => {
    deps.poller.watch(keys);
  }, [signature, deps.poller]);
}
