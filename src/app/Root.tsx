/**
 * The app over a config profile that can change while it runs (`:ctx NAME`): each profile is a session of its
 * own (client with its key and base URL, store, poller, accent, read-only, watches). A switch opens the new one
 * first (a profile without a key, or broken, is said and nothing changes), then stops the old one's poller and
 * closes its client, and mounts the app afresh on the new session at the same screen: nothing of one
 * organisation's data can show under another's name.
 */

import { useCallback, useMemo, useRef, useState } from 'react';
import type { HttpTransport } from '../api/transport.js';
import type { ScreenName } from '../domain/registered.js';
import type { StockWatch } from '../domain/stock-watch.js';
import type { ActionDeps } from '../store/actions/mutate.js';
import { ui } from '../store/state/app-store.js';
import type { KeyMap } from '../ui/keymap.js';
import type { Theme } from '../ui/theme.js';
import { App } from './App.js';
import type { LoadedScreen } from './screens.js';

export interface Session {
  deps: ActionDeps;
  transport: HttpTransport;
  theme: Theme;
  profile: string;
  baseUrl: string;
  refreshMs: number;
  saveWatches?: (watches: readonly StockWatch[]) => void;
}

export interface RootProps {
  first: Session;
  screens: readonly LoadedScreen[];
  /** The config file's profiles. */
  profiles: readonly string[];
  /** Opens a profile's session on `screen` (rejects with a one-line reason when it cannot). */
  open(profile: string, screen: ScreenName): Promise<Session>;
  /** Told of each session that becomes current (so the exit closes the right one). */
  onSwitch?(session: Session): void;
  /** The config's own keys (the same for every profile). */
  keymap?: KeyMap;
}

export function Root({ first, screens, profiles, open, onSwitch, keymap }: RootProps) {
  const [session, setSession] = useState(first);
  const current = useRef(first);
  const [generation, setGeneration] = useState(0);
  const switchTo = useCallback(
    (name: string) => {
      const screen = current.current.deps.store.getState().screen;
      // the session current when it opens is the one it replaces
      open(name, screen).then(
        (next) => {
          const old = current.current;
          old.deps.poller.stop();
          void old.transport.close().catch(() => {});
          // the action log goes on across profiles (each entry names its profile)
          next.deps.store.setState({ actionLog: old.deps.store.getState().actionLog });
          current.current = next;
          onSwitch?.(next);
          ui.say(next.deps.store, `switched to profile ${name}`, 'ok');
          setSession(next);
          setGeneration((g) => g + 1);
        },
        (e: unknown) =>
          ui.say(
            current.current.deps.store,
            `cannot switch to profile ${name}: ${(e as Error).message}`,
            'error',
          ),
      );
    },
    [open, onSwitch],
  );
  const contexts = useMemo(() => ({ names: profiles, switchTo }), [profiles, switchTo]);
  return (
    <App
      key={generation}
      deps={session.deps}
      screens={screens}
      theme={session.theme}
      profile={session.profile}
      baseUrl={session.baseUrl}
      refreshMs={session.refreshMs}
      {...(session.saveWatches ? { saveWatches: session.saveWatches } : {})}
      contexts={contexts}
      {...(keymap ? { keymap } : {})}
    />
  );
}
