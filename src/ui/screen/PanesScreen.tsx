/**
 * A screen of declared lists shown together, one above the other (Stock: the GPU stock and the flavors), with a
 * few lines on top. One pane has the keyboard (its title marked ▸); Tab gives it to the next.
 */
import { Box } from 'ink';
import { useState } from 'react';
import type { Binding } from '../bindings.js';
import { ResourceScreen, type ResourceSpec } from './ResourceScreen.js';
import { type TopLine, TopLines } from './TopLines.js';

/** The key that moves the keyboard to the next pane (listed with each pane's keys; the keys config's action). */
export const SWITCH_PANE = { keys: ['tab'], label: 'switch table' } as const satisfies Binding;

/** A pane shown with the others: a declared list, and its height (one pane may leave it out: it takes the rest). */
export interface TogetherPane {
  // a list of any row type and resource
  spec: ResourceSpec<any, any>;
  height?: number;
}

export function PanesScreen(p: {
  /** Top to bottom; the first has the keyboard first. */
  panes: readonly TogetherPane[];
  top: readonly TopLine[];
  /** Keys every pane lists besides the switch (a filter of the whole). */
  extraBindings?: readonly Binding[];
  width: number;
  height: number;
  active: boolean;
  title: string;
}) {
  const [focus, setFocus] = useState(0);
  const { width, panes } = p;
  const extraBindings = [
    { ...SWITCH_PANE, run: () => setFocus((focus + 1) % panes.length) },
    ...(p.extraBindings ?? []),
  ];
  const given = panes.reduce((n, pane) => n + (pane.height ?? 0), 0);
  const rest = Math.max(3, p.height - p.top.length - given);
  return (
    <Box flexDirection="column" width={width} height={p.height}>
      <TopLines lines={p.top} width={width} />
      {panes.map((pane, i) => (
        <ResourceScreen
          key={i}
          spec={pane.spec}
          width={width}
          height={pane.height ?? rest}
          active={p.active}
          focused={focus === i}
          title={p.title}
          extraBindings={extraBindings}
        />
      ))}
    </Box>
  );
}
