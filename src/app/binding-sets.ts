/** The bindings the app shows and dispatches: the global ones, the screen's, the help's sections and the footer's. */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { ScreenName } from '../../screens/registry.js';
import type { AppStore } from '../store/state/app-store.js';
import type { UiState } from '../store/state/ui-state.js';
import { type Binding, TABLE_BINDINGS, visible } from '../ui/bindings.js';
import type { HelpSection } from '../ui/HelpOverlay.js';
import { type KeyMap, rebind } from '../ui/keymap.js';
import { type GlobalCommand, globalBindings } from './commands.js';

const CLOSE: Binding[] = [{ keys: ['esc'], label: 'close' }];

export function useBindingSets(p: {
  store: AppStore;
  runGlobal: (command: GlobalCommand) => void;
  /** The current screen's bindings as it registered them, its name and title. */
  screen: { bindings: readonly Binding[]; name: ScreenName; title: string };
  keymap: KeyMap;
  modal: boolean;
  overlay: UiState['overlay'];
}) {
  const { runGlobal, keymap, screen } = p;
  const readOnly = useStore(p.store, (s) => s.readOnly);
  const globalKeys = useMemo(() => rebind(globalBindings(runGlobal), 'global', keymap), [runGlobal, keymap]);
  // The screen's bindings as the user mapped them (scope: the screen's name); the same array when none moved.
  const screenBindings = rebind(screen.bindings, screen.name, keymap);
  const helpSections: HelpSection[] = useMemo(
    () => [
      { title: screen.title, bindings: visible(screenBindings, readOnly) },
      { title: 'Table', bindings: rebind(TABLE_BINDINGS, 'table', keymap) },
      { title: 'Global', bindings: globalKeys },
    ],
    [screen.title, screenBindings, readOnly, globalKeys, keymap],
  );
  const footerBindings: Binding[] = p.modal
    ? []
    : p.overlay
      ? CLOSE
      : [...visible(screenBindings, readOnly), ...globalKeys];
  return { globalKeys, helpSections, footerBindings };
}
