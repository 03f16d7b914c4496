/**
 * A screen of several views (billing, org): a title line naming the views (the shown one in brackets), a few lines
 * about the whole on top, and the shown view's pane below, with the keys that switch to the others. A view is a
 * declared list (its spec and title: the kit draws the table, detail and keys) or a pane of its own. Every view
 * has its pane (`panes` is keyed by the views' names: one left out does not compile).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Binding } from '../bindings.js';
import { useApp } from './context.js';
import { ResourceScreen, type ResourceSpec } from './ResourceScreen.js';
import { type TopLine, TopLines } from './TopLines.js';
import { type ShownView, useViews, type ViewKey, viewsLine } from './useViews.js';

/** The body a view's pane is drawn in, and the keys it lists with its own (the switches, the screen's). */
export interface ViewBody {
  width: number;
  height: number;
  active: boolean;
  extraBindings: readonly Binding[];
}

/** A view's pane: a declared list (its title is the spec's), or a pane of its own. */
export type ViewPane =
  // a list of any row type and resource
  ResourceSpec<any, any> | ((body: ViewBody) => ReactNode);

export function ViewsScreen<V extends string>(p: {
  heading: string;
  views: readonly ViewKey<V>[];
  /**
   * The view shown and its switches (useViews), when the screen holds them to switch views itself; else the kit
   * holds them, the first view shown first.
   */
  shown?: ShownView<V>;
  panes: { readonly [K in V]: ViewPane };
  top: readonly TopLine[];
  /** Keys every view lists besides the switches (another screen's, a filter of the whole). */
  extraBindings?: readonly Binding[];
  width: number;
  height: number;
  active: boolean;
}) {
  const { theme } = useApp();
  const own = useViews(p.views, p.views[0]!.view);
  const { width } = p;
  const shown = p.shown ?? own;
  const body: ViewBody = {
    width,
    // the title line and the lines on top
    height: Math.max(3, p.height - 1 - p.top.length),
    active: p.active,
    extraBindings: [...shown.switches, ...(p.extraBindings ?? [])],
  };
  const pane = p.panes[shown.view];
  return (
    <Box flexDirection="column" width={width} height={p.height}>
      <Text bold color={theme.accent} wrap="truncate-end">
        {viewsLine(p.heading, p.views, shown.view, width)}
      </Text>
      <TopLines lines={p.top} width={width} />
      {typeof pane === 'function' ? pane(body) : <ResourceScreen {...body} title={p.heading} spec={pane} />}
    </Box>
  );
}
