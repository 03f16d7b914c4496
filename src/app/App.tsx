import { useApp as useInkApp } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { StockWatch } from '../domain/stock-watch.js';
import type { ActionDeps } from '../store/actions/mutate.js';
import { ui } from '../store/state/app-store.js';
import { lookup, unboundText } from '../ui/bindings.js';
import { initialPaletteState, type PaletteState } from '../ui/CommandPalette.js';
import { keyLabel } from '../ui/Footer.js';
import { type HelpState, initialHelpState } from '../ui/HelpOverlay.js';
import { type Key, keyName, PASTE } from '../ui/input/key-name.js';
import { useKeyDispatch } from '../ui/input/useKeyDispatch.js';
import { type KeyMap, NO_KEYMAP, rebind } from '../ui/keymap.js';
import { AppContext, type AppContextValue, type ScreenKeys } from '../ui/screen/context.js';
import { TooSmall } from '../ui/TooSmall.js';
import type { Theme } from '../ui/theme.js';
import { AppFrame, frameRows } from './AppFrame.js';
import { openActionMenu, runBinding } from './action-menu.js';
import { useBindingSets } from './binding-sets.js';
import { useFittedSize } from './chrome.js';
import type { GlobalCommand } from './commands.js';
import { useModalLayer } from './ModalLayer.js';
import { helpKey, paletteKey } from './overlay-keys.js';
import { runGlobal as runGlobalCommand } from './run-global.js';
import type { LoadedScreen } from './screens.js';
import { useStockAlerts } from './stock-alerts.js';
import { usePaletteEntries } from './use-palette-entries.js';

export interface AppProps {
  deps: ActionDeps;
  /** Every registered screen, loaded (src/app/screens.ts). */
  screens: readonly LoadedScreen[];
  theme: Theme;
  profile: string;
  baseUrl: string;
  refreshMs: number;
  /** The config's own keys (checked at start): the dispatcher, footer and help use the remapped bindings. */
  keymap?: KeyMap;
  /** Keeps the profile's stock watches when they change (default: not kept). */
  saveWatches?: (watches: readonly StockWatch[]) => void;
  /** The config profiles `:ctx NAME` switches to, and the switch (src/app/Root.tsx). */
  contexts?: { names: readonly string[]; switchTo(name: string): void };
}

/** The cost guard's watch (waste-watch.ts), loaded after the first frame: none of it is on the start's path. */
function useWasteWatch(deps: ActionDeps): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./waste-watch.js').then((m) => {
      if (!gone) stop = m.startWasteWatch(deps);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [deps]);
}

const NO_SCREEN_KEYS: ScreenKeys = { bindings: [], handle: () => false };

/**
 * The app root: the chrome around the current screen, and the ONE input dispatcher: a key goes to the open dialog,
 * else the overlay, else the screen (its own keys first, then its bindings), else the global bindings. Read-only
 * mode refuses a mutation here, in one place and one wording, whichever layer bound it.
 */
export function App({
  deps,
  screens,
  theme,
  profile,
  baseUrl,
  refreshMs,
  saveWatches,
  contexts,
  keymap = NO_KEYMAP,
}: AppProps) {
  const { store, poller } = deps;
  useStockAlerts(deps, saveWatches);
  useWasteWatch(deps);
  const { exit } = useInkApp();
  const { terminal, tooSmall, width, height } = useFittedSize();
  const screen = useStore(store, (s) => s.screen);
  const overlay = useStore(store, (s) => s.overlay);
  const [screenKeys, screenKeysRef, setScreenKeysState] = useLatest<ScreenKeys>(NO_SCREEN_KEYS);
  // The dispatcher reads these (and the screen's keys) through refs: keys that arrive before React re-renders
  // (a fast typist, keys batched by SSH) must see the state the previous key left, not the last rendered one.
  const [help, helpRef, setHelp] = useLatest<HelpState>(initialHelpState);
  const [palette, paletteRef, setPalette] = useLatest<PaletteState>(initialPaletteState);
  const current = screens.find((s) => s.def.name === screen) ?? (screens[0] as LoadedScreen);
  const { rows, bodyHeight } = frameRows(height);

  const modalLayer = useModalLayer(store, theme);
  const modal = modalLayer.open;

  // The caller restores the terminal once Ink has exited.
  const quit = useCallback(() => {
    poller.stop();
    exit();
  }, [poller, exit]);

  const runGlobal = useCallback(
    (command: GlobalCommand) =>
      runGlobalCommand(
        {
          deps,
          screens,
          profile,
          contexts,
          quit,
          openMenu: () => {
            const { bindings } = screenKeysRef.current;
            openActionMenu(store, rebind(bindings, store.getState().screen, keymap), screens);
          },
          resetHelp: () => setHelp(initialHelpState),
          resetPalette: () => setPalette(initialPaletteState),
          leaveScreen: () => setScreenKeysState(NO_SCREEN_KEYS),
        },
        command,
      ),
    [deps, screens, quit, setHelp, setPalette, setScreenKeysState, contexts, profile, keymap],
  );

  const palettes = usePaletteEntries(deps, contexts?.names);
  const { globalKeys, helpSections, footerBindings } = useBindingSets({
    store,
    runGlobal,
    screen: { bindings: screenKeys.bindings, name: current.def.name, title: current.def.title },
    keymap,
    modal,
    overlay,
  });

  const tooSmallRef = useRef(tooSmall);
  tooSmallRef.current = tooSmall;
  // Keys in order through the one dispatcher below; a paste too large is cut, and the status line says so.
  useKeyDispatch(dispatch, {
    batchable: () => store.getState().modal !== null,
    takesText: () => modalLayer.takesText(),
    dropped: (n) => ui.say(store, `${n} keys dropped: too much input at once`, 'error'),
  });

  function pasteIgnored() {
    ui.say(store, 'paste ignored here: only a text field takes a paste', 'warn');
  }

  function dispatch(input: string, key: Key) {
    const name = keyName(input, key);
    if (name === 'ctrl+c') return quit();
    // Nothing on screen to act on: only quitting works.
    if (tooSmallRef.current) return name === 'q' ? quit() : undefined;
    const state = store.getState();
    // A paste is text, never key presses: only a text field takes it (a dialog's or a form's, the palette's, a
    // table's filter being typed); anywhere else it does nothing but say so.
    const paste = name === PASTE;
    if (paste && state.modal && !modalLayer.takesPaste()) return pasteIgnored();
    if (modalLayer.handleKey(name, input, key)) return;
    if (paste && state.overlay === 'help') return pasteIgnored();
    if (state.overlay === 'help')
      return helpKey(store, { ref: helpRef, set: setHelp }, name, {
        sections: helpSections,
        width,
        height: bodyHeight,
      });
    if (state.overlay === 'palette')
      return paletteKey(
        store,
        { ref: paletteRef, set: setPalette },
        { name, input, key },
        palettes,
        runGlobal,
      );
    const keys = screenKeysRef.current;
    if (keys.handle(name, input, key)) return;
    if (paste) return pasteIgnored();
    const binding = lookup(rebind(keys.bindings, state.screen, keymap), name) ?? lookup(globalKeys, name);
    // No silent key: one that does nothing here says so (a paste, text and no key, is not one).
    if (!binding)
      return name && name !== PASTE ? ui.say(store, unboundText(keyLabel(name)), 'info') : undefined;
    runBinding(store, binding, name);
  }

  const ctx: AppContextValue = useMemo(
    () => ({ deps, theme, setScreenKeys: setScreenKeysState }),
    [deps, theme],
  );

  return (
    <AppContext.Provider value={ctx}>
      {tooSmall ? <TooSmall width={terminal.width} height={terminal.height} /> : null}
      <AppFrame
        chrome={{ store, profile, baseUrl, refreshMs, screens, footer: footerBindings }}
        hidden={tooSmall}
        rows={rows}
        current={current}
        width={width}
        height={bodyHeight}
        theme={theme}
        overlay={overlay}
        modal={modal ? () => modalLayer.view(width, bodyHeight) : null}
        help={{ sections: helpSections, state: help }}
        palette={{ state: palette, commands: palettes }}
      />
    </AppContext.Provider>
  );
}

/** State plus a ref that holds the latest value at once (before the re-render), for the input dispatcher. */
function useLatest<T>(initial: T): [T, { readonly current: T }, (next: T) => void] {
  const [state, setState] = useState(initial);
  const ref = useRef(state);
  const set = useCallback((next: T) => {
    ref.current = next;
    setState(next);
  }, []);
  return [state, ref, set];
}
