import { Box, Text } from 'ink';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { sanitize } from '../../domain/sanitize.js';
import { emptySlice, type Slice } from '../../store/engine/slice.js';
import { type PendingMark, ui } from '../../store/state/app-store.js';
import { PENDING_MS } from '../../store/state/pending.js';
import type { DataOf, ResourceKey } from '../../store/state/resources.js';
import type { Binding } from '../bindings.js';
import { DataTable } from '../DataTable.js';
import { type DetailLine, jsonLines } from '../DetailPane.js';
import { actionSlug } from '../keymap.js';
import { pageSizeFor } from '../table/layout.js';
import type { SortSpec } from '../table/types.js';
import { useDataTable } from '../table/useDataTable.js';
import type { Theme } from '../theme.js';
import { type AppContextValue, type ScreenProps, useApp, useScreenKeys, useWatch } from './context.js';
import { columnsDetail } from './default-detail.js';
import { takeWantedRow } from './handoff.js';
import { useAppState } from './hooks.js';
import { type ListSpec, listRows, type RowContext } from './list-spec.js';
import { useDetailPane } from './useDetailPane.js';

export type { RowContext };

/** What an action can do to the screen it ran from. */
export interface ScreenControl {
  /** Moves the cursor to the row with this id (a VM just created). */
  select(id: string): void;
}

export interface ResourceAction<T> {
  key: string;
  label: string;
  /** Changes the cloud: hidden, and refused by the dispatcher, in read-only mode. */
  mutation?: boolean;
  /** Offered for this row now (footer and help list only these). Default: always. `now`: the list's last refresh. */
  when?: (row: T, now: number) => boolean;
  /**
   * Why the service would refuse it for this row now (a snapshot in progress, a locked VM), or undefined: an
   * action offered (`when`) but blocked is shown disabled with the reason, and its key says why instead of acting.
   */
  blocked?: (row: T, now: number) => string | undefined;
  /** A key of the open detail pane only (change what it shows): not offered while the table has the keys. */
  detailOnly?: boolean;
  /**
   * Why it is not offered for this row (`when` is false): said when its key is pressed and listed in the help
   * ("an ERROR VM cannot be stopped — b hard-reboots it, D deletes it"). Default: "not for" the spec's `describe`.
   */
  unavailable?: (row: T, now: number) => string;
  run: (row: T, app: AppContextValue, screen: ScreenControl) => void;
}

/** A key that needs no selected row ("new firewall"): offered even when the list is empty. */
export interface ScreenAction {
  key: string;
  label: string;
  mutation?: boolean;
  run: (app: AppContextValue, screen: ScreenControl) => void;
}

export interface DetailSpec<T> {
  title: (row: T) => string;
  /** Store keys the detail needs while open (events, rates …): polled only then. */
  watch: (row: T) => readonly ResourceKey[];
  /** `width`: columns of the pane, to wrap long texts (an error reason) instead of cutting them. */
  lines: (
    row: T,
    slice: <A extends ResourceKey>(key: A) => Slice<DataOf<A>>,
    now: number,
    width: number,
  ) => DetailLine[];
  /** The object the raw JSON view (`y`) shows. */
  raw: (row: T) => unknown;
}

/** Space under the table for something drawn from its rows (a chart), when no detail is open. */
export interface BelowSpec<T> {
  /** Rows it takes from a body of `height` rows (0: none). */
  height: (height: number) => number;
  render: (rows: readonly T[], width: number, height: number, theme: Theme) => ReactNode;
}

/**
 * A screen (or a pane of one) declared as data: a live table of one resource, its detail pane, its actions. The
 * kit does the rest: loading and error lines, the detail pane and raw JSON, pending marks, the keys.
 */
export interface ResourceSpec<T, K extends ResourceKey = ResourceKey> extends ListSpec<T, K> {
  /** A title of its own (a pane of a screen); default: the screen's title. */
  title?: string;
  /** A line under the title; may depend on the rows (warnings, totals). */
  note?: (rows: readonly T[], theme: Theme, now: number) => ReactNode;
  /** The service id of a row, for a list the poller refreshes in part: the rows on screen are read first. */
  visibleId?: (row: T) => number;
  initialSort?: SortSpec;
  detail?: DetailSpec<T>;
  below?: BelowSpec<T>;
  actions?: readonly ResourceAction<T>[];
  /** Keys that act on the screen, not on a row (create …). */
  screenActions?: readonly ScreenAction[];
  emptyText: string;
  /** A row in words, for why a key does nothing for it ("an ERROR VM", "volume data-1 (in-use)"). */
  describe?: (row: T) => string;
  /**
   * The pending mark of a row and the status it shows: the mark ends once the data shows another status (or the
   * row is gone), so "◐ stopping…" gives way to what the service says.
   */
  pending?: { key: (row: T) => string; status: (row: T) => string | null | undefined };
  /** The part before ":" of every pending key of this list ("vm" for "vm:12"). */
  pendingPrefix?: string;
}

export interface ResourceScreenProps<T, K extends ResourceKey> extends ScreenProps {
  spec: ResourceSpec<T, K>;
  /** Keys of the screen around this pane (switch pane, a toggle): listed and run with the pane's own. */
  extraBindings?: readonly Binding[];
  /** This pane has the keyboard (a screen of several panes gives it to one); default true. */
  focused?: boolean;
}

export function ResourceScreen<T, K extends ResourceKey>(props: ResourceScreenProps<T, K>) {
  const { spec, width, height, active, extraBindings } = props;
  // A pane of a screen of several gets the keyboard when focused (and its title shows it with ▸).
  const focused = props.focused ?? true;
  const app = useApp();
  const { theme } = app;
  const slice = useAppState((s) => (s.slices[spec.resource] ?? emptySlice) as Slice<DataOf<K>>);
  const region = useAppState((s) => s.region);
  const pending = useAppState((s) => s.pending);
  const alsoKeys = spec.also ?? [];
  // Shallow-compared, so an unchanged refresh of these lists re-renders nothing.
  const alsoData = useAppState(useShallow((s) => alsoKeys.map((k) => s.slices[k]?.data)));

  const rows = useMemo(() => {
    if (slice.data === undefined) return [] as readonly T[];
    const also = <A extends ResourceKey>(key: A) => alsoData[alsoKeys.indexOf(key)] as DataOf<A> | undefined;
    return listRows(spec, { data: slice.data, also, region, pending });
  }, [spec, slice.data, alsoData, region, pending]);
  const [mountedAt] = useState(Date.now);
  // Columns (ages), note, detail and `when` get the time of the list's last refresh: ages tick with each refresh
  // (fast while something moves, and `r`), and only the rows on screen are drawn again.
  const now = slice.updatedAt ?? mountedAt;
  const columns = useMemo(() => spec.columns(theme, now), [spec, theme, now]);
  useEndedMarks(spec, rows, pending, slice.data !== undefined);

  // Only over data: before it loads, a note of no rows would say things that are not so ("0 payments").
  const note = slice.data === undefined ? undefined : spec.note?.(rows, theme, now);
  const top = 1 + (note ? 1 : 0);
  const bodyHeight = height - top;
  const { detail, record: byId, ...pane } = useDetailPane(rows, spec.rowId, bodyHeight);
  const belowHeight = !detail && spec.below ? spec.below.height(bodyHeight) : 0;
  const t = useDataTable(rows, columns, spec.rowId, {
    width,
    height: pane.tableHeight - belowHeight,
    isActive: active && focused && !detail,
    listen: false,
    ...(spec.initialSort ? { initialSort: spec.initialSort } : {}),
  });
  useVisibleIds(spec, t.view.rows, t.tableProps.state.offset, pageSizeFor(pane.tableHeight - belowHeight));
  const selected = detail ? byId : t.selected;
  // A row asked for before it is in the view (a VM just created, added to the list as this frame renders) is
  // selected when it arrives; a key of the user's own first cancels the wish.
  // …or one another screen asked for when it opened this one (openScreenAt).
  const [handed] = useState(() => takeWantedRow(app.deps.store, spec.resource));
  const wanted = useRef<string | null>(handed);
  const control: ScreenControl = {
    select: (id) => {
      wanted.current = id;
      t.dispatch({ type: 'select', id });
    },
  };
  useEffect(() => {
    const id = wanted.current;
    if (id === null || !t.view.indexById.has(id)) return;
    wanted.current = null;
    t.dispatch({ type: 'select', id });
  }, [t.view, t.dispatch]);

  // A spec without a detail of its own gets one from its columns (default-detail.ts), in a pane tall enough to
  // show some of them under the table.
  const roomy = bodyHeight >= DEFAULT_DETAIL_MIN_ROWS;
  const detailSpec = useMemo(
    () => spec.detail ?? (roomy ? columnsDetail(spec, columns) : undefined),
    [spec, columns, roomy],
  );
  const detailKeys = byId && detailSpec ? detailSpec.watch(byId) : [];
  useWatch([spec.resource, ...alsoKeys, ...detailKeys]);
  const detailSlices = useAppState(useShallow((s) => detailKeys.map((k) => s.slices[k] ?? emptySlice)));
  const lines = useMemo(() => {
    if (!detail || !byId || !detailSpec) return [];
    if (detail.raw) return jsonLines(detailSpec.raw(byId));
    // The detail's own keys, and the screen's list (a single read is weighed against it: see fresher.ts).
    const sliceOf = <A extends ResourceKey>(k: A) =>
      ((k === (spec.resource as ResourceKey) ? slice : detailSlices[detailKeys.indexOf(k)]) ??
        emptySlice) as Slice<DataOf<A>>;
    return detailSpec.lines(byId, sliceOf, now, width);
  }, [detail, byId, spec, detailSpec, detailSlices, slice, now, width]);

  const bindings = [
    ...specBindings(spec, {
      selected,
      now,
      detailOpen: detail !== null,
      hasDetail: detailSpec !== undefined,
      app,
      control,
      pane,
    }),
    ...(extraBindings ?? []),
  ];

  useScreenKeys(
    bindings,
    (name, input, key) => {
      wanted.current = null;
      return detail ? pane.scroll(name, lines.length) : t.handleKey(input, key);
    },
    focused,
  );

  const heading = spec.title ?? props.title;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={focused ? theme.accent : undefined} wrap="truncate-end">
        {props.focused === undefined ? heading : `${focused ? '▸' : ' '} ${heading}`}
      </Text>
      {note ? (
        <Box height={1}>{typeof note === 'string' ? <Text color={theme.warn}>{note}</Text> : note}</Box>
      ) : null}
      {slice.data === undefined ? (
        slice.error ? (
          <Text color={theme.error}>
            ✖ cannot load {spec.noun}: {sanitize(slice.error.message)}
          </Text>
        ) : (
          <Text>loading {spec.noun}…</Text>
        )
      ) : (
        <DataTable
          {...t.tableProps}
          emptyText={region === 'ALL' ? spec.emptyText : `${spec.emptyText} in ${region}`}
        />
      )}
      {detailSpec && pane.view(width, lines, detailSpec.title, 'it is gone')}
      {belowHeight > 0 && spec.below ? spec.below.render(t.view.rows, width, belowHeight, theme) : null}
    </Box>
  );
}

/** Rows a pane needs for the default detail: the table's five and a few of the detail's lines. */
const DEFAULT_DETAIL_MIN_ROWS = 12;

/** The detail pane's keys (declared once: the screens' action lists for the keys config read them too). */
export const DETAIL_KEYS = {
  open: { keys: ['enter'], label: 'details' },
  back: { keys: ['esc'], label: 'back' },
  raw: { keys: ['y'], label: 'raw JSON' },
  scroll: { keys: ['j', 'down'], label: 'scroll', helpOnly: true },
} as const satisfies Record<string, Binding>;

/**
 * Every key a screen made of these specs can bind, whatever the row and state (`when` ignored), and `extra`: the
 * screen's action list for the keys config (actionCatalog, src/app/keymap-config.ts). Keys without `run` are not
 * remappable.
 */
export function declaredBindings(
  specs: readonly Pick<ResourceSpec<never>, 'detail' | 'actions' | 'screenActions'>[],
  extra: readonly Binding[] = [],
): Binding[] {
  const all: Binding[] = [
    // every spec has a detail pane: its own, or the one from its columns
    ...(specs.length > 0 ? [DETAIL_KEYS.open, DETAIL_KEYS.back, DETAIL_KEYS.raw] : []),
    ...specs
      .flatMap((s) => [...(s.actions ?? []), ...(s.screenActions ?? [])])
      .map((a): Binding => ({ keys: [a.key], label: a.label, ...(a.mutation ? { mutation: true } : {}) })),
    ...extra,
  ];
  const seen = new Set<string>();
  return all.filter((b) => {
    const name = b.action ?? actionSlug(b.label);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** What the bindings of a spec's screen do besides its actions: the detail pane's moves. */
export interface PaneMoves<T> {
  open(row: T): void;
  openRaw(row: T): void;
  close(): void;
  toggleRaw(): void;
}

/**
 * The keys of a spec's screen for the selected row: the detail pane's, the actions offered for the row now (their
 * `when`), and the screen's own actions. Pure, so the help and the tests see exactly what the screen binds.
 */
export function specBindings<T, K extends ResourceKey>(
  spec: ResourceSpec<T, K>,
  o: {
    selected: T | undefined;
    now: number;
    detailOpen: boolean;
    /** Whether the pane has a detail: its own, or the default one when there is room (default: yes). */
    hasDetail?: boolean;
    app: AppContextValue;
    control: ScreenControl;
    pane: PaneMoves<T>;
  },
): Binding[] {
  const { selected, app, control, pane } = o;
  const mutation = (a: { mutation?: boolean }) => (a.mutation ? { mutation: true } : {});
  const all = selected ? (spec.actions ?? []) : [];
  const offered = (a: ResourceAction<T>) =>
    selected !== undefined && (!a.detailOnly || o.detailOpen) && (!a.when || a.when(selected, o.now));
  // the open detail's own keys first: the footer shows what changes the pane before the row's actions
  const actions = all
    .filter(offered)
    .sort((a, b) => Number(Boolean(b.detailOnly)) - Number(Boolean(a.detailOnly)));
  // Not offered for this row: listed last (a key offered by another action wins), each saying why.
  const unavailable = all
    .filter((a) => !offered(a))
    .map(
      (a): Binding => ({
        keys: [a.key],
        label: a.label,
        ...mutation(a),
        unavailable: unavailableReason(spec, a, selected as T, o),
      }),
    );
  return [
    ...(o.detailOpen
      ? [
          { ...DETAIL_KEYS.back, run: () => pane.close() },
          { ...DETAIL_KEYS.raw, run: () => pane.toggleRaw() },
          DETAIL_KEYS.scroll,
        ]
      : o.hasDetail === false
        ? []
        : [
            { ...DETAIL_KEYS.open, run: () => selected && pane.open(selected) },
            // in the help, not the footer: the row's own actions need the room there
            { ...DETAIL_KEYS.raw, helpOnly: true, run: () => selected && pane.openRaw(selected) },
          ]),
    ...actions.map((a): Binding => {
      const blocked = selected && a.blocked?.(selected, o.now);
      return {
        keys: [a.key],
        label: a.label,
        ...mutation(a),
        ...(blocked ? { disabled: blocked } : {}),
        run: () => selected && a.run(selected, app, control),
      };
    }),
    ...(spec.screenActions ?? []).map(
      (a): Binding => ({ keys: [a.key], label: a.label, ...mutation(a), run: () => a.run(app, control) }),
    ),
    ...unavailable,
  ];
}

/** Why an action is not offered for the row: a key of the detail only, its own words, or "not for" the row. */
function unavailableReason<T>(
  spec: Pick<ResourceSpec<T>, 'describe'>,
  a: ResourceAction<T>,
  row: T,
  o: { now: number; detailOpen: boolean },
): string {
  if (a.detailOnly && !o.detailOpen) return 'in the detail only (Enter opens it)';
  return a.unavailable?.(row, o.now) ?? `not for ${spec.describe?.(row) ?? 'this row'}`;
}

/**
 * Ends the pending marks of this list's rows once the data shows another status, and marks past their time. A row
 * not shown (another region, filtered out) keeps its mark: nothing is known of it here.
 */
function useEndedMarks<T, K extends ResourceKey>(
  spec: ResourceSpec<T, K>,
  rows: readonly T[],
  pending: Readonly<Record<string, PendingMark>>,
  loaded: boolean,
): void {
  const { deps } = useApp();
  useEffect(() => {
    const p = spec.pending;
    if (!p || !spec.pendingPrefix || !loaded) return;
    const statusOf = new Map(rows.map((r) => [p.key(r), p.status(r) ?? undefined]));
    const now = Date.now();
    for (const [key, mark] of Object.entries(pending)) {
      if (!key.startsWith(`${spec.pendingPrefix}:`)) continue;
      const moved = statusOf.has(key) && statusOf.get(key) !== mark.from;
      if (moved || now - mark.at >= PENDING_MS) ui.clearPending(deps.store, key);
    }
  }, [spec, rows, pending, loaded, deps.store]);
}

/** Tells the store which rows of the list are on screen (a change of window only, never a cursor move within it). */
function useVisibleIds<T>(
  spec: Pick<ResourceSpec<T>, 'resource' | 'visibleId'>,
  rows: readonly T[],
  offset: number,
  size: number,
) {
  const { store } = useApp().deps;
  const idOf = spec.visibleId;
  const ids = idOf
    ? rows
        .slice(offset, offset + size)
        .map(idOf)
        .join(',')
    : '';
  useEffect(() => {
    if (idOf) ui.setVisibleIds(store, spec.resource, ids === '' ? [] : ids.split(',').map(Number));
  }, [store, spec.resource, idOf, ids]);
  useEffect(() => () => ui.setVisibleIds(store, spec.resource, []), [store, spec.resource]);
}
