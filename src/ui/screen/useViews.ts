import { useState } from 'react';
import type { Binding } from '../bindings.js';

/** One view of a screen of several (billing: usage, contracts, payments), and the key that shows it. */
export interface ViewKey<V extends string> {
  key: string;
  view: V;
}

/** The keys that switch views, as bindings (without what they do: for the keys config's list of actions). */
export function viewBindings<V extends string>(views: readonly ViewKey<V>[]): Binding[] {
  return views.map((v) => ({ keys: [v.key], label: v.view }));
}

/**
 * The shown view of a screen of several, the keys that switch to the others (listed with the pane's own), and the
 * title line that names them all, the shown one in brackets: "[u usage]  c contracts  p payments".
 */
export function useViews<V extends string>(
  views: readonly ViewKey<V>[],
  first: V,
): { view: V; switches: Binding[]; title: string; setView: (v: V) => void } {
  const [view, setView] = useState<V>(first);
  const switches: Binding[] = views
    .filter((v) => v.view !== view)
    .map((v) => ({ keys: [v.key], label: v.view, run: () => setView(v.view) }));
  const title = views
    .map((v) => (v.view === view ? `[${v.key} ${v.view}]` : `${v.key} ${v.view}`))
    .join('  ');
  return { view, switches, title, setView };
}
