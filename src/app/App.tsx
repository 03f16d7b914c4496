import { Box, Text, useApp as useInkApp, useStdout } from 'ink';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { SCREENS, type ScreenName } from '../config/args.js';
import { type ActionDeps, failureText } from '../store/actions.js';
import { ui } from '../store/app-store.js';
import { emptySlice } from '../store/slice.js';
import { type Binding, GLOBAL_BINDINGS, lookup, TABLE_BINDINGS, visible } from '../ui/bindings.js';
import {
  CommandPalette,
  initialPaletteState,
  PALETTE_COMMANDS,
  type PaletteState,
  paletteReduce,
} from '../ui/CommandPalette.js';
import { Footer } from '../ui/Footer.js';
import { Header } from '../ui/Header.js';
import {
  HelpOverlay,
  type HelpSection,
  type HelpState,
  handleHelpKey,
  initialHelpState,
} from '../ui/HelpOverlay.js';
import { type Key, keyName } from '../ui/input/key-name.js';
import { useKeyDispatch } from '../ui/input/useKeyDispatch.js';
import { StatusLine } from '../ui/StatusLine.js';
import { AppContext, type AppContextValue, type ScreenKeys } from '../ui/screen/context.js';
import { useNow } from '../ui/screen/hooks.js';
import { isTooSmall, TooSmall } from '../ui/TooSmall.js';
import type { Theme } from '../ui/theme.js';
import { waitingText } from '../ui/waiting.js';
import { useModalLayer } from './ModalLayer.js';
import { SCREEN_DEFS } from './screens.js';

export interface AppProps {
  deps: ActionDeps;
  theme: Theme;
  profile: string;
  baseUrl: string;
  refreshMs: number;
}

const NO_SCREEN_KEYS: ScreenKeys = { bindings: [], handle: () => false };
const HEADER_ROWS = 2;
const CHROME_ROWS = HEADER_ROWS + 2; // + status line + footer
const PALETTE_ROWS = 6;

/** The app root: chrome around the current screen, and the ONE input dispatcher (modal > overlay > screen > global). */
export function App({ deps, theme, profile, baseUrl, refreshMs }: AppProps) {
  const { store, poller } = deps;
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
  const def = SCREEN_DEFS[screen];
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

  const helpSections: HelpSection[] = useMemo(
    () => [
      { title: def.title, bindings: visible(screenKeys.bindings, readOnly) },
      { title: 'Table', bindings: TABLE_BINDINGS },
      { title: 'Global', bindings: GLOBAL_BINDINGS },
    ],
    [def.title, screenKeys.bindings, readOnly],
  );

  const runGlobal = useCallback(
    (command: string) => {
      if (command.startsWith('screen:')) {
        const next = command.slice(7) as ScreenName;
        // Until the new screen registers its keys, none: a key must never reach the screen just left.
        if (next !== store.getState().screen) setScreenKeysState(NO_SCREEN_KEYS);
        return ui.setScreen(store, next);
      }
      switch (command) {
        case 'quit':
          return quit();
        case 'help':
          setHelp(initialHelpState);
          return ui.openOverlay(store, 'help');
        case 'palette':
          setPalette(initialPaletteState);
          return ui.openOverlay(store, 'palette');
        case 'refresh':
          ui.say(store, 'refreshing…', 'pending');
          return void poller.refreshWatched().then(() => {
            // The poller keeps failures in the slices: say so rather than "refreshed".
            const s = store.getState();
            const error = s.slices[SCREEN_DEFS[s.screen].primary]?.error;
            if (error) ui.say(store, `refresh failed: ${failureText(error)}`, 'error');
            else ui.say(store, 'refreshed', 'ok');
          });
        case 'region:next':
          return ui.nextRegion(store);
      }
    },
    [store, poller, quit, setHelp, setPalette, setScreenKeysState],
  );

  const runPalette = useCallback(
    (name: string) => {
      ui.openOverlay(store, null);
      if ((SCREENS as readonly string[]).includes(name)) return runGlobal(`screen:${name}`);
      if (name === 'q' || name === 'quit') return runGlobal('quit');
      if (name === 'help' || name === 'refresh') return runGlobal(name);
      const region = /^region (.+)$/.exec(name)?.[1];
      if (region)
        store.setState({
          region: region === 'all' ? 'ALL' : (region.toUpperCase() as 'NORWAY-1' | 'CANADA-1'),
        });
    },
    [store, runGlobal],
  );

  const tooSmallRef = useRef(tooSmall);
  tooSmallRef.current = tooSmall;
  // Keys in order through the one dispatcher below; a paste too large is cut, and the status line says so.
  useKeyDispatch(dispatch, {
    batchable: () => store.getState().modal !== null,
    takesText: () => modalLayer.takesText(),
    dropped: (n) => ui.say(store, `${n} keys dropped: too much input at once`, 'error'),
  });

  function dispatch(input: string, key: Key) {
    const name = keyName(input, key);
    // Nothing on screen to act on: only quitting works.
    if (tooSmallRef.current) return name === 'q' || name === 'ctrl+c' ? quit() : undefined;
    const state = store.getState();
    if (modalLayer.handleKey(name, input, key)) return;
    if (state.overlay === 'help') {
      const r = handleHelpKey(helpRef.current, name, { sections: helpSections, width, height: bodyHeight });
      if (r.close) ui.openOverlay(store, null);
      else setHelp(r.state);
      return;
    }
    if (state.overlay === 'palette') {
      const r = paletteReduce(paletteRef.current, name, input, key, PALETTE_COMMANDS);
      if (r.run) return runPalette(r.run);
      if (r.close) return ui.openOverlay(store, null);
      return setPalette(r.state);
    }
    if (name === 'ctrl+c') return quit();
    if (screenKeysRef.current.handle(name, input, key)) return;
    const global = lookup(GLOBAL_BINDINGS, name, readOnly);
    if (global) runGlobal(global.command);
  }

  const ctx: AppContextValue = useMemo(
    () => ({ deps, theme, setScreenKeys: setScreenKeysState }),
    [deps, theme],
  );

  const footerBindings: Binding[] = modal
    ? []
    : overlay
      ? [{ keys: ['esc'], command: 'close', label: 'close' }]
      : [...visible(screenKeys.bindings, readOnly), ...GLOBAL_BINDINGS];
  const Screen = def.Component;
  const screenHeight = overlay === 'palette' ? bodyHeight - PALETTE_ROWS : bodyHeight;
  const coveredBy = modal ? 'modal' : overlay === 'help' ? 'help' : null;

  return (
    <AppContext.Provider value={ctx}>
      {tooSmall ? <TooSmall width={terminal.width} height={terminal.height} /> : null}
      <Box flexDirection="column" width={width} height={rows} display={tooSmall ? 'none' : 'flex'}>
        <HeaderBar
          store={deps.store}
          theme={theme}
          width={width}
          profile={profile}
          baseUrl={baseUrl}
          refreshMs={refreshMs}
          primary={def.primary}
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
              <Screen width={width} height={screenHeight} active={!overlay && !modal} />
            </Box>
            {overlay === 'palette' ? (
              <CommandPalette
                state={palette}
                commands={PALETTE_COMMANDS}
                width={width}
                maxRows={PALETTE_ROWS - 2}
                theme={theme}
              />
            ) : null}
          </Box>
        </Box>
        <StatusBar store={deps.store} width={width} theme={theme} />
        <Footer bindings={footerBindings} width={width} theme={theme} />
      </Box>
    </AppContext.Provider>
  );
}

/** The header on its own clock, so the ticking age re-renders one line, not the screen. */
const HeaderBar = memo(function HeaderBar(p: {
  store: ActionDeps['store'];
  theme: Theme;
  width: number;
  profile: string;
  baseUrl: string;
  refreshMs: number;
  primary: string;
}) {
  const now = useNow(1000);
  const screen = useStore(p.store, (s) => s.screen);
  const region = useStore(p.store, (s) => s.region);
  const readOnly = useStore(p.store, (s) => s.readOnly);
  const health = useStore(p.store, (s) => s.health);
  // A string, so requests that start and end between two ticks re-render nothing.
  const waiting = useStore(p.store, (s) => waitingText(s.inFlight, now));
  const slice = useStore(p.store, (s) => s.slices[p.primary] ?? emptySlice);
  return (
    <Header
      width={p.width}
      theme={p.theme}
      profile={p.profile}
      baseUrl={p.baseUrl}
      region={region}
      screen={screen}
      readOnly={readOnly}
      health={health}
      updatedAt={slice.updatedAt}
      now={now}
      refreshMs={p.refreshMs}
      failures={slice.failures}
      error={slice.error?.message}
      waiting={waiting}
    />
  );
});

const StatusBar = memo(function StatusBar(p: { store: ActionDeps['store']; width: number; theme: Theme }) {
  const status = useStore(p.store, (s) => s.status);
  return status ? <StatusLine message={status} width={p.width} theme={p.theme} /> : <Text> </Text>;
});

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

/** Columns and rows of the terminal, updated on resize at once. */
function useTerminalSize(): { width: number; height: number } {
  const { stdout } = useStdout();
  const read = () => ({ width: stdout.columns || 80, height: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
