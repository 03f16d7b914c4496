/**
 * The app's frame: the header, the body (the screen, and over it a dialog, the help or the palette), the status line
 * and the footer. The app root (App.tsx) gives it what to show; it reads the store only for the chrome's lines.
 */
import { Box } from 'ink';
import { type ReactNode, useMemo } from 'react';
import type { AppStore } from '../store/state/app-store.js';
import type { UiState } from '../store/state/ui-state.js';
import type { Binding } from '../ui/bindings.js';
import { CommandPalette, type PaletteState } from '../ui/CommandPalette.js';
import { Footer } from '../ui/Footer.js';
import { tabsOf } from '../ui/Header.js';
import { HelpOverlay, type HelpSection, type HelpState } from '../ui/HelpOverlay.js';
import type { Theme } from '../ui/theme.js';
import { HeaderBar, StatusBar } from './chrome.js';
import type { PaletteEntry } from './commands.js';
import type { LoadedScreen } from './screens.js';

/** Rows the palette takes under the screen. */
const PALETTE_ROWS = 6;
const HEADER_ROWS = 2;
const CHROME_ROWS = HEADER_ROWS + 2; // + status line + footer

/**
 * The frame's rows in a terminal `height` rows high, and its body's. One row short of the terminal: when the output
 * fills every row, Ink clears the screen and redraws it all on each frame (about 4 KB at 120x40, every second for
 * the age clock); one row less keeps its line-by-line diff.
 */
export function frameRows(height: number): { rows: number; bodyHeight: number } {
  const rows = height - 1;
  return { rows, bodyHeight: Math.max(1, rows - CHROME_ROWS) };
}

/** What the frame's chrome shows: the header's profile, service and tabs, and the footer's keys. */
export interface Chrome {
  store: AppStore;
  profile: string;
  baseUrl: string;
  refreshMs: number;
  screens: readonly LoadedScreen[];
  footer: readonly Binding[];
}

type BodyProps = Parameters<typeof Body>[0];

export function AppFrame(p: BodyProps & { chrome: Chrome; hidden: boolean; rows: number }) {
  const { chrome, width, theme } = p;
  const { screens } = chrome;
  const tabs = useMemo(() => tabsOf(screens.map((s) => s.def)), [screens]);
  return (
    <Box flexDirection="column" width={width} height={p.rows} display={p.hidden ? 'none' : 'flex'}>
      <HeaderBar
        store={chrome.store}
        theme={theme}
        width={width}
        profile={chrome.profile}
        baseUrl={chrome.baseUrl}
        refreshMs={chrome.refreshMs}
        primary={p.current.def.primary}
        tabs={tabs}
      />
      <Body {...p} />
      <StatusBar store={chrome.store} width={width} theme={theme} />
      <Footer bindings={chrome.footer} width={width} theme={theme} />
    </Box>
  );
}

function Body(p: {
  current: LoadedScreen;
  width: number;
  height: number;
  theme: Theme;
  overlay: UiState['overlay'];
  /** Draws the open dialog (null: none open). */
  modal: (() => ReactNode) | null;
  help: { sections: HelpSection[]; state: HelpState };
  palette: { state: PaletteState; commands: readonly PaletteEntry[] };
}) {
  const { current, width, height, theme, overlay, modal } = p;
  const Screen = current.Component;
  const screenHeight = overlay === 'palette' ? height - PALETTE_ROWS : height;
  const covered = modal !== null || overlay === 'help';
  return (
    <Box height={height} flexDirection="column">
      {modal ? (
        modal()
      ) : overlay === 'help' ? (
        <HelpOverlay
          sections={p.help.sections}
          state={p.help.state}
          width={width}
          height={height}
          theme={theme}
        />
      ) : null}
      {/* The screen stays mounted (hidden) under a dialog or the help, so closing them keeps its selection,
          filter, sort and open detail. */}
      <Box flexDirection="column" display={covered ? 'none' : 'flex'}>
        <Box height={screenHeight} flexDirection="column">
          <Screen
            width={width}
            height={screenHeight}
            active={!overlay && modal === null}
            title={current.def.title}
          />
        </Box>
        {overlay === 'palette' ? (
          <CommandPalette
            state={p.palette.state}
            commands={p.palette.commands}
            width={width}
            maxRows={PALETTE_ROWS - 2}
            theme={theme}
          />
        ) : null}
      </Box>
    </Box>
  );
}
