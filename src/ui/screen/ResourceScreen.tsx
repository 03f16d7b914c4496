import { Box, Text } from 'ink';
import { type ReactNode, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Region } from '../../domain/region.js';
import { type PendingMark, ui } from '../../store/app-store.js';
import { emptySlice, type Slice } from '../../store/slice.js';
import { type Binding, lookup } from '../bindings.js';
import { DataTable } from '../DataTable.js';
import { type DetailLine, jsonLines } from '../DetailPane.js';
import type { Column } from '../table/types.js';
import { useDataTable } from '../table/useDataTable.js';
import type { Theme } from '../theme.js';
import { type AppContextValue, type ScreenProps, useApp, useScreenKeys, useWatch } from './context.js';
import { useAppState } from './hooks.js';
import { useDetailPane } from './useDetailPane.js';

/** What rows are built from: the main list, the other watched lists, the region filter, pending actions. */
export interface RowContext {
  data: unknown;
  /** Data of the `also` keys, by key. */
  also: Readonly<Record<string, unknown>>;
  region: Region | 'ALL';
  pending: Readonly<Record<string, PendingMark>>;
}

export interface ResourceAction<T> {
  key: string;
  label: string;
  /** Changes the cloud: hidden and refused in read-only mode. */
  mutation?: boolean;
  /** Offered for this row now (footer and help list only these). Default: always. `now`: see ResourceSpec.liveTime. */
  when?: (row: T, now: number) => boolean;
  run: (row: T, app: AppContextValue) => void;
}

/** A key that needs no selected row ("new firewall"): offered even when the list is empty. */
export interface ScreenAction {
  key: string;
  label: string;
  mutation?: boolean;
  run: (app: AppContextValue) => void;
}

export interface DetailSpec<T> {
  title: (row: T) => string;
  /** Store keys the detail needs while open (events, rates …): polled only then. */
  watch: (row: T) => readonly string[];
  /** `width`: columns of the pane, to wrap long texts (an error reason) instead of cutting them. */
  lines: (row: T, slice: (key: string) => Slice, now: number, width: number) => DetailLine[];
  /** The object the raw JSON view (`y`) shows. */
  raw: (row: T) => unknown;
}

/** A screen declared as data: a live table of one resource, its detail pane and its actions. */
export interface ResourceSpec<T> {
  resource: string;
  also?: readonly string[];
  title: string;
  /** A line under the title; may depend on the rows (warnings). */
  note?: (rows: readonly T[], theme: Theme, now: number) => ReactNode;
  columns: (theme: Theme, now: number) => readonly Column<T>[];
  rowId: (row: T) => string;
  rows: (ctx: RowContext) => readonly T[];
  detail?: DetailSpec<T>;
  actions?: readonly ResourceAction<T>[];
  /** Keys that act on the screen, not on a row (create …). */
  screenActions?: readonly ScreenAction[];
  emptyText: string;
  /**
   * Columns, note, detail and `when` depend on the time (elapsed time of a creation, a deadline): they get `now`,
   * the time of the list's last refresh, and are rebuilt at each refresh (which is fast while something
   * transitions). Default false: they get the time of the first render and are built once per theme, so an
   * unchanged refresh re-renders nothing.
   */
  liveTime?: boolean;
}

const DETAIL_BINDINGS: Binding[] = [
  { keys: ['esc'], command: 'detail:close', label: 'back' },
  { keys: ['y'], command: 'detail:raw', label: 'raw JSON' },
];

const actionCommand = (a: { key: string }) => `action:${a.key}`;

export function ResourceScreen<T>({ spec, width, height, active }: ScreenProps & { spec: ResourceSpec<T> }) {
  const app = useApp();
  const { deps, theme } = app;
  const slice = useAppState((s) => s.slices[spec.resource] ?? emptySlice);
  const region = useAppState((s) => s.region);
  const pending = useAppState((s) => s.pending);
  const readOnly = useAppState((s) => s.readOnly);
  const alsoKeys = spec.also ?? [];
  // Shallow-compared, so an unchanged refresh of these lists re-renders nothing.
  const alsoData = useAppState(useShallow((s) => alsoKeys.map((k) => s.slices[k]?.data)));

  const rows = useMemo(() => {
    if (slice.data === undefined) return [] as readonly T[];
    const also: Record<string, unknown> = {};
    alsoKeys.forEach((k, i) => {
      also[k] = alsoData[i];
    });
    return spec.rows({ data: slice.data, also, region, pending });
  }, [spec, slice.data, alsoData, region, pending]);
  const [mountedAt] = useState(Date.now);
  const now = spec.liveTime ? (slice.updatedAt ?? mountedAt) : mountedAt;
  const columns = useMemo(() => spec.columns(theme, now), [spec, theme, now]);

  const note = spec.note?.(rows, theme, now);
  const top = 1 + (note ? 1 : 0);
  const bodyHeight = height - top;
  const { detail, record: byId, ...pane } = useDetailPane(rows, spec.rowId, bodyHeight);
  const t = useDataTable(rows, columns, spec.rowId, {
    width,
    height: pane.tableHeight,
    isActive: active && !detail,
    listen: false,
  });
  const selected = detail ? byId : t.selected;

  const detailKeys = byId && spec.detail ? spec.detail.watch(byId) : [];
  useWatch([spec.resource, ...alsoKeys, ...detailKeys]);
  const detailSlices = useAppState(useShallow((s) => detailKeys.map((k) => s.slices[k] ?? emptySlice)));
  const lines = useMemo(() => {
    if (!detail || !byId || !spec.detail) return [];
    if (detail.raw) return jsonLines(spec.detail.raw(byId));
    return spec.detail.lines(byId, (k) => detailSlices[detailKeys.indexOf(k)] ?? emptySlice, now, width);
  }, [detail, byId, spec, detailSlices, now, width]);

  const actions = useMemo(
    () => (selected ? (spec.actions ?? []).filter((a) => !a.when || a.when(selected, now)) : []),
    [selected, spec, now],
  );
  const bindings = useMemo<Binding[]>(
    () => [
      ...(detail
        ? DETAIL_BINDINGS
        : spec.detail
          ? [{ keys: ['enter'], command: 'detail:open', label: 'details' }]
          : []),
      ...actions.map((a) => ({
        keys: [a.key],
        command: actionCommand(a),
        label: a.label,
        mutation: a.mutation,
      })),
      ...(spec.screenActions ?? []).map((a) => ({
        keys: [a.key],
        command: `screen-action:${a.key}`,
        label: a.label,
        mutation: a.mutation,
      })),
    ],
    [detail, actions, spec.detail, spec.screenActions],
  );

  useScreenKeys(bindings, (name, input, key) => {
    if (detail ? pane.scroll(name, lines.length) : t.handleKey(input, key)) return true;
    const b = lookup(bindings, name, false);
    if (!b) return false;
    if (b.mutation && readOnly) {
      ui.say(deps.store, `read-only: "${b.label}" is not allowed`, 'error');
      return true;
    }
    if (pane.command(b.command, selected)) return true;
    if (b.command.startsWith('screen-action:'))
      spec.screenActions?.find((a) => `screen-action:${a.key}` === b.command)?.run(app);
    else if (selected) actions.find((a) => actionCommand(a) === b.command)?.run(selected, app);
    return true;
  });

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent}>
        {spec.title}
      </Text>
      {note ? (
        <Box height={1}>{typeof note === 'string' ? <Text color={theme.warn}>{note}</Text> : note}</Box>
      ) : null}
      {slice.data === undefined ? (
        slice.error ? (
          <Text color={theme.error}>✖ cannot load: {slice.error.message}</Text>
        ) : (
          <Text>loading…</Text>
        )
      ) : (
        <DataTable
          {...t.tableProps}
          emptyText={region === 'ALL' ? spec.emptyText : `${spec.emptyText} in ${region}`}
        />
      )}
      {spec.detail && pane.view(width, lines, spec.detail.title, 'it is gone')}
    </Box>
  );
}
