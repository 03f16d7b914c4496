import { Box, useApp as useInkApp } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { StockWatch } from '../domain/stock-watch.js';
import { type ActionDeps, failureText } from '../store/actions/mutate.js';
import { readOnlyRefusal, ui } from '../store/state/app-store.js';
import { knownRegions, regionsFallbackNote } from '../store/state/regions.js';
import {
  type Binding,
  disabledText,
  lookup,
  TABLE_BINDINGS,
  unavailableText,
  unboundText,
  visible,
} from '../ui/bindings.js';
import {
  CommandPalette,
  initialPaletteState,
  type PaletteState,
  paletteReduce,
} from '../ui/CommandPalette.js';
import { Footer, keyLabel } from '../ui/Footer.js';
import { tabsOf } from '../ui/Header.js';
import {
  HelpOverlay,
  type HelpSection,
  type HelpState,
  handleHelpKey,
  initialHelpState,
} from '../ui/HelpOverlay.js';
import { type Key, keyName, PASTE } from '../ui/input/key-name.js';
import { useKeyDispatch } from '../ui/input/useKeyDispatch.js';
import { type KeyMap, NO_KEYMAP, rebind } from '../ui/keymap.js';
import { AppContext, type AppContextValue, type ScreenKeys } from '../ui/screen/context.js';
import { isTooSmall, TooSmall } from '../ui/TooSmall.js';
import type { Theme } from '../ui/theme.js';
import { actionMenu, menuBindings } from './action-menu.js';
import { HeaderBar, StatusBar, useTerminalSize } from './chrome.js';
import { type GlobalCommand, globalBindings, paletteEntries } from './commands.js';
import { useModalLayer } from './ModalLayer.js';
import type { LoadedScreen } from './screens.js';
import { useStockAlerts } from './stock-alerts.js';

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
const CLOSE: Binding[] = [{ keys: ['esc'], label: 'close' }];
const HEADER_ROWS = 2;
const CHROME_ROWS = HEADER_ROWS + 2; // + status line + footer
const PALETTE_ROWS = 6;

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
  const terminal = useTerminalSize();
  const tooSmall = isTooSmall(terminal.width, terminal.height);
  // Below the minimum the app says so, and the screens stay mounted (hidden) at the last size that fitted: growing
  // the terminal again finds the same filter, sort, selection and open detail.
  const fitted = useRef(terminal);
  if (!tooSmall) fitted.current = terminal;
  const { width, height } = fitted.current;
  const screen = useStore(store, (s) => s.screen);
  const overlay = useStore(store, (s) => s.overlay);
  const readOnly = useStore(store, (s) => s.readOnly);
  const [screenKeys, screenKeysRef, setScreenKeysState] = useLatest<ScreenKeys>(NO_SCREEN_KEYS);
  // The dispatcher reads these (and the screen's keys) through refs: keys that arrive before React re-renders
  // (a fast typist, keys batched by SSH) must see the state the previous key left, not the last rendered one.
  const [help, helpRef, setHelp] = useLatest<HelpState>(initialHelpState);
  const [palette, paletteRef, setPalette] = useLatest<PaletteState>(initialPaletteState);
  const current = screens.find((s) => s.def.name === screen) ?? (screens[0] as LoadedScreen);
  const tabs = useMemo(() => tabsOf(screens.map((s) => s.def)), [screens]);
  // One row short of the terminal: when the output fills every row, Ink clears the screen and redraws it all on
  // each frame (about 4 KB at 120x40, every second for the age clock); one row less keeps its line-by-line diff.
  const rows = height - 1;
  const bodyHeight = Math.max(1, rows - CHROME_ROWS);

  const modalLayer = useModalLayer(store, theme);
  const modal = modalLayer.open;

  // The caller restores the terminal once Ink has exited.
  const quit = useCallback(() => {
    poller.stop();
    exit();
  }, [poller, exit]);

  const runGlobal = useCallback(
    (command: GlobalCommand) => {
      switch (command.kind) {
        case 'screen':
          // Until the new screen registers its keys, none: a key must never reach the screen just left.
          if (command.screen !== store.getState().screen) setScreenKeysState(NO_SCREEN_KEYS);
          return ui.setScreen(store, command.screen);
        case 'region':
          return store.setState({ region: command.region });
        case 'next-region':
          return ui.nextRegion(store);
        case 'quit':
          return quit();
        case 'ctx':
          if (command.profile === profile) return ui.say(store, `already on profile ${profile}`, 'info');
          return contexts?.switchTo(command.profile);
        case 'help':
          setHelp(initialHelpState);
          return ui.openOverlay(store, 'help');
        case 'palette':
          setPalette(initialPaletteState);
          return ui.openOverlay(store, 'palette');
        case 'menu':
          return openMenu();
        case 'refresh':
          ui.say(store, 'refreshing…', 'pending');
          return void poller.refreshWatched().then(() => {
            // The poller keeps failures in the slices: say so rather than "refreshed".
            const s = store.getState();
            const primary = screens.find((x) => x.def.name === s.screen)?.def.primary;
            const error = primary ? s.slices[primary]?.error : undefined;
            if (error) ui.say(store, `refresh failed: ${failureText(error)}`, 'error');
            else ui.say(store, 'refreshed', 'ok');
          });
      }
    },
    [store, poller, screens, quit, setHelp, setPalette, setScreenKeysState, contexts, profile],
  );

  // The service's regions, for the region filter and the palette, whatever the screen (rarely reloaded).
  useEffect(() => {
    const owner = {};
    poller.watchFor(owner, ['regions']);
    return () => poller.release(owner);
  }, [poller]);

  const globalKeys = useMemo(() => rebind(globalBindings(runGlobal), 'global', keymap), [runGlobal, keymap]);
  // The screen's bindings as the user mapped them (scope: the screen's name); the same array when none moved.
  const screenBindings = rebind(screenKeys.bindings, current.def.name, keymap);
  const regions = useStore(store, (s) => knownRegions(s).join('\n'));
  const regionsFallback = useStore(store, (s) => regionsFallbackNote(s) !== undefined);
  const palettes = useMemo(
    () => paletteEntries(regions ? regions.split('\n') : [], contexts?.names, regionsFallback),
    [regions, contexts, regionsFallback],
  );
  const helpSections: HelpSection[] = useMemo(
    () => [
      { title: current.def.title, bindings: visible(screenBindings, readOnly) },
      { title: 'Table', bindings: rebind(TABLE_BINDINGS, 'table', keymap) },
      { title: 'Global', bindings: globalKeys },
    ],
    [current.def.title, screenBindings, readOnly, globalKeys, keymap],
  );

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
    if (state.overlay === 'help') {
      const r = handleHelpKey(helpRef.current, name, { sections: helpSections, width, height: bodyHeight });
      if (r.close) ui.openOverlay(store, null);
      else setHelp(r.state);
      return;
    }
    if (state.overlay === 'palette') {
      const r = paletteReduce(paletteRef.current, name, input, key, palettes);
      if (r.run) {
        ui.openOverlay(store, null);
        const entry = palettes.find((p) => p.name === r.run);
        return entry ? runGlobal(entry.command) : undefined;
      }
      if (r.close) return ui.openOverlay(store, null);
      return setPalette(r.state);
    }
    const keys = screenKeysRef.current;
    if (keys.handle(name, input, key)) return;
    if (paste) return pasteIgnored();
    const binding = lookup(rebind(keys.bindings, state.screen, keymap), name) ?? lookup(globalKeys, name);
    // No silent key: one that does nothing here says so (a paste, text and no key, is not one).
    if (!binding)
      return name && name !== PASTE ? ui.say(store, unboundText(keyLabel(name)), 'info') : undefined;
    act(binding, name);
  }

  /** A binding's key pressed (or it was chosen in the action menu): refused in read-only mode, or why not. */
  function act(binding: Binding, name: string) {
    const state = store.getState();
    if (binding.mutation && state.readOnly)
      return ui.say(store, readOnlyRefusal(state, binding.label), 'error');
    if (binding.unavailable) return ui.say(store, unavailableText(binding, keyLabel(name)), 'warn');
    if (binding.disabled) return ui.say(store, disabledText(binding), 'warn');
    binding.run?.();
  }

  /** The action menu of the screen's selected row (its bindings as the user mapped them; read through refs). */
  function openMenu() {
    const s = store.getState();
    const all = menuBindings(rebind(screenKeysRef.current.bindings, s.screen, keymap), s.readOnly);
    if (all.length === 0) return ui.say(store, 'no actions here', 'info');
    const title = screens.find((x) => x.def.name === s.screen)?.def.title ?? s.screen;
    ui.openModal(store, actionMenu(title, all, act));
  }

  const ctx: AppContextValue = useMemo(
    () => ({ deps, theme, setScreenKeys: setScreenKeysState }),
    [deps, theme],
  );

  const footerBindings: Binding[] = modal
    ? []
    : overlay
      ? CLOSE
      : [...visible(screenBindings, readOnly), ...globalKeys];
  const Screen = current.Component;
  const screenHeight = overlay === 'palette' ? bodyHeight - PALETTE_ROWS : bodyHeight;
  const coveredBy = modal ? 'modal' : overlay === 'help' ? 'help' : null;

  return (
    <AppContext.Provider value={ctx}>
      {tooSmall ? <TooSmall width={terminal.width} height={terminal.height} /> : null}
      <Box flexDirection="column" width={width} height={rows} display={tooSmall ? 'none' : 'flex'}>
        <HeaderBar
          store={store}
          theme={theme}
          width={width}
          profile={profile}
          baseUrl={baseUrl}
          refreshMs={refreshMs}
          primary={current.def.primary}
          tabs={tabs}
        />
        <Box height={bodyHeight} flexDirection="column">
          {modal ? (
            modalLayer.view(width, bodyHeight)
          ) : overlay === 'help' ? (
            <HelpOverlay
              sections={helpSections}
              state={help}
              width={width}
              height={bodyHeight}
              theme={theme}
            />
          ) : null}
          {/* The screen stays mounted (hidden) under a dialog or the help, so closing them keeps its selection,
              filter, sort and open detail. */}
          <Box flexDirection="column" display={coveredBy ? 'none' : 'flex'}>
            <Box height={screenHeight} flexDirection="column">
              <Screen
                width={width}
                height={screenHeight}
                active={!overlay && !modal}
                title={current.def.title}
              />
            </Box>
            {overlay === 'palette' ? (
              <CommandPalette
                state={palette}
                commands={palettes}
                width={width}
                maxRows={PALETTE_ROWS - 2}
                theme={theme}
              />
            ) : null}
          </Box>
        </Box>
        <StatusBar store={store} width={width} theme={theme} />
        <Footer bindings={footerBindings} width={width} theme={theme} />
      </Box>
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
