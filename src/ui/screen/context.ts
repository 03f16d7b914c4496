import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ActionDeps } from '../../store/actions/mutate.js';
import type { ResourceKey } from '../../store/state/resources.js';
import { type Binding, bindingsSignature } from '../bindings.js';
import type { Key } from '../input/key-name.js';
import type { Theme } from '../theme.js';

/** What every screen gets from the app. */
export interface ScreenProps {
  width: number;
  height: number;
  /** False while a modal or an overlay owns the keyboard. */
  active: boolean;
  /** The screen's title (from the screen registry). */
  title: string;
}

/** What a screen tells the app about its keys right now (they change with the selected row). */
export interface ScreenKeys {
  /** The keys it binds: the footer and help list them; the dispatcher runs them (and refuses mutations). */
  readonly bindings: readonly Binding[];
  /** Keys the screen takes before its bindings (table moves, a filter being typed); true when it used the key. */
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

const NOTHING: ScreenKeys['handle'] = () => false;

/**
 * Registers the screen's bindings and key handler with the app's single input dispatcher. Both are read through a
 * ref, so the dispatcher always runs this render's closures, while only a change of what the footer and help show
 * (keys, labels, mutation marks) re-renders them.
 */
export function useScreenKeys(
  bindings: readonly Binding[],
  handle: ScreenKeys['handle'] = NOTHING,
  /** False: this part of a screen does not have the keyboard now (another pane of the screen does). */
  enabled = true,
): void {
  const { setScreenKeys } = useApp();
  const ref = useRef({ bindings, handle });
  ref.current = { bindings, handle };
  const signature = bindingsSignature(bindings);
  // A layout effect: registered as the frame commits, before the next key is dispatched (a key right after Tab
  // must reach the pane that now has the focus, not the one that had it).
  useLayoutEffect(() => {
    if (!enabled) return;
    setScreenKeys({
      get bindings() {
        return ref.current.bindings;
      },
      handle: (n, i, k) => ref.current.handle(n, i, k),
    });
  }, [signature, setScreenKeys, enabled]);
}

/**
 * Keeps the poller watching these store keys while this component is shown (together with what the other parts
 * of the screen watch); they stop being polled when it goes.
 */
export function useWatch(keys: readonly ResourceKey[]): void {
  const { deps } = useApp();
  const [owner] = useState(() => ({}));
  const signature = keys.join('|');
  useEffect(() => {
    deps.poller.watchFor(owner, keys);
  }, [signature, deps.poller, owner]);
  useEffect(() => () => deps.poller.release(owner), [deps.poller, owner]);
}
