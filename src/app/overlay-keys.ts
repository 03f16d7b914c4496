/**
 * A key while the help or the palette is open (the app's one dispatcher, App.tsx, hands it here). Each reads its
 * state through a ref: keys that arrive before React re-renders see the state the previous key left.
 */
import type { AppStore } from '../store/state/app-store.js';
import { ui } from '../store/state/app-store.js';
import { type PaletteState, paletteReduce } from '../ui/CommandPalette.js';
import { type HelpSection, type HelpState, handleHelpKey } from '../ui/HelpOverlay.js';
import type { Key } from '../ui/input/key-name.js';
import type { GlobalCommand, PaletteEntry } from './commands.js';

/** A value read at once through `ref`, and its setter (App's useLatest). */
export interface Latest<T> {
  ref: { readonly current: T };
  set(next: T): void;
}

export function helpKey(
  store: AppStore,
  help: Latest<HelpState>,
  name: string,
  layout: { sections: readonly HelpSection[]; width: number; height: number },
): void {
  const r = handleHelpKey(help.ref.current, name, layout);
  if (r.close) ui.openOverlay(store, null);
  else help.set(r.state);
}

export function paletteKey(
  store: AppStore,
  palette: Latest<PaletteState>,
  typed: { name: string; input: string; key: Key },
  entries: readonly PaletteEntry[],
  run: (command: GlobalCommand) => void,
): void {
  const r = paletteReduce(palette.ref.current, typed.name, typed.input, typed.key, entries);
  if (r.run) {
    ui.openOverlay(store, null);
    const entry = entries.find((p) => p.name === r.run);
    if (entry) run(entry.command);
  } else if (r.close) ui.openOverlay(store, null);
  else palette.set(r.state);
}
