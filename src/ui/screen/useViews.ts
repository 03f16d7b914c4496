import { useState } from 'react';
import { displayWidth, truncate } from '../../domain/text.js';
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
 * The heading and the views, the shown one in brackets: "Billing  [u usage]  c contracts  p payments", in `width`
 * columns: with one space between the views when two do not fit (every view then still shows at 80 columns), cut
 * only when even that does not fit.
 */
export function viewsLine<V extends string>(
  heading: string,
  views: readonly ViewKey<V>[],
  shown: V,
  width: number,
): string {
  const names = views.map((v) => (v.view === shown ? `[${v.key} ${v.view}]` : `${v.key} ${v.view}`));
  const wide = `${heading}  ${names.join('  ')}`;
  return truncate(displayWidth(wide) <= width ? wide : `${heading}  ${names.join(' ')}`, width);
}

/** The shown view of a screen of several, the keys that switch to the others, and the switch. */
export interface ShownView<V extends string> {
  view: V;
  /** Listed with the pane's own keys. */
  switches: Binding[];
  setView: (v: V) => void;
}

/** The view shown (first: `first`) and the keys that switch to the others (ViewsScreen draws the title line). */
export function useViews<V extends string>(views: readonly ViewKey<V>[], first: V): ShownView<V> {
  const [view, setView] = useState<V>(first);
  const switches: Binding[] = views
    .filter((v) => v.view !== view)
    .map((v) => ({ keys: [v.key], label: v.view, run: () => setView(v.view) }));
  return { view, switches, setView };
}
