/**
 * Waste: everything that costs money while doing nothing (src/domain/waste.ts), the dearest first, with the total
 * an hour and a month on top, why each is waste, since when, what it costs and the one key that fixes it (h
 * hibernate — a stopped VM is started first —, D delete, its name typed), pending marks, and the VMs acted on here
 * followed until they settle. Idleness is judged by the cost guard's scans (src/app/waste-watch.ts) within the
 * request budget, the dearest VMs first; the line under the title says how far they got.
 */
import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Vm } from '../src/api/schemas/vm.js';
import { vmHibernatedRate, vmRateNow } from '../src/domain/cost.js';
import { duration, envRegionText, money, perHour } from '../src/domain/format.js';
import { priceMap } from '../src/domain/pricing.js';
import { sanitize } from '../src/domain/sanitize.js';
import { truncate } from '../src/domain/text.js';
import { hibernateBlocker } from '../src/domain/vm-blockers.js';
import { isTransitioning } from '../src/domain/vm-state.js';
import { type VmFact, type WasteRow, wasteRows, wasteTotal } from '../src/domain/waste.js';
import { DEFAULT_WASTE, type WasteSettings } from '../src/domain/waste-settings.js';
import { deleteCluster } from '../src/store/actions/cluster-actions.js';
import { askHibernate } from '../src/store/actions/hibernate.js';
import type { ActionDeps } from '../src/store/actions/mutate.js';
import { deleteSnapshot } from '../src/store/actions/snapshot-actions.js';
import { vmCommand } from '../src/store/actions/vm-actions.js';
import { scanBacklog } from '../src/store/actions/vm-scan.js';
import { deleteVolume } from '../src/store/actions/volume-actions.js';
import type { Slice } from '../src/store/engine/slice.js';
import { type PendingMark, ui } from '../src/store/state/app-store.js';
import { liveMark, snapshotMarkKey, volumeMarkKey } from '../src/store/state/pending.js';
import { readData } from '../src/store/state/resources.js';
import type { DetailLine } from '../src/ui/DetailPane.js';
import { field, section, text } from '../src/ui/DetailPane.js';
import { type ScreenProps, useApp } from '../src/ui/screen/context.js';
import { useAppState } from '../src/ui/screen/hooks.js';
import {
  declaredBindings,
  type ResourceAction,
  ResourceScreen,
  type ResourceSpec,
  type RowContext,
} from '../src/ui/screen/ResourceScreen.js';
import type { Column } from '../src/ui/table/types.js';
import { pendingText, type Theme } from '../src/ui/theme.js';

/** A waste row as the table shows it: its pending mark, and for a VM acted on here its state while it settles. */
export interface WasteViewRow extends WasteRow {
  pending: PendingMark | undefined;
  /** A VM acted on from this screen, on its way (HIBERNATING …): followed until it settles. */
  settling?: string;
}

/** The pending mark of a row (the key its action marks). */
export function markKey(r: WasteRow): string {
  switch (r.kind) {
    case 'loose-volume':
      return volumeMarkKey(r);
    case 'old-snapshot':
      return snapshotMarkKey(r);
    case 'failed-cluster':
      return `cluster:${r.id}`;
    default:
      return `vm:${r.id}`;
  }
}

const fixText = (r: WasteViewRow, readOnly: boolean) =>
  readOnly || r.settling ? '' : r.fix === 'hibernate' ? 'h hibernate' : r.fix === 'delete' ? 'D delete' : '—';

function columns(now: number, readOnly: boolean): Column<WasteViewRow>[] {
  return [
    { id: 'name', title: 'NAME', value: (r) => r.name, minWidth: 12, priority: 0 },
    { id: 'what', title: 'WHAT', value: (r) => r.what, minWidth: 12, priority: 2 },
    {
      id: 'why',
      title: 'WHY',
      value: (r) => (r.pending ? pendingText(r.pending) : (r.settling ?? r.why)),
      minWidth: 16,
      priority: 1,
    },
    {
      id: 'since',
      title: 'SINCE',
      value: (r) => r.since,
      text: (r) => (r.since === undefined ? '?' : duration(Math.max(0, now - r.since))),
      align: 'right',
      priority: 3,
      whole: true,
    },
    {
      id: 'rate',
      title: '$/H',
      value: (r) => r.perHour,
      text: (r) => (r.perHour === undefined ? '?' : money(r.perHour)),
      align: 'right',
      priority: 0,
      whole: true,
    },
    { id: 'fix', title: 'FIX', value: (r) => fixText(r, readOnly), priority: 1, whole: true },
    {
      id: 'where',
      title: 'ENVIRONMENT/REGION',
      value: (r) => envRegionText(r.environment, r.region),
      minWidth: 10,
      priority: 4,
    },
  ];
}

/** The VM of a row, as the list has it now. */
const vmOf = (deps: ActionDeps, id: number): Vm | undefined =>
  readData(deps.store, 'vms')?.find((v) => v.id === id);

/** Deletes what the row names, with the confirmation of its kind (the name typed). */
function deleteRow(deps: ActionDeps, r: WasteRow): void {
  const { store } = deps;
  const find = <T extends { id: number }>(list: readonly T[] | undefined) => list?.find((x) => x.id === r.id);
  const vm = r.kind === 'stopped-vm' || r.kind === 'idle-vm' ? vmOf(deps, r.id) : undefined;
  const volume = r.kind === 'loose-volume' ? find(readData(store, 'volumes')) : undefined;
  const cluster = r.kind === 'failed-cluster' ? find(readData(store, 'clusters')) : undefined;
  const snapshot = r.kind === 'old-snapshot' ? find(readData(store, 'snapshots')) : undefined;
  if (vm) vmCommand(deps, vm, 'delete');
  else if (volume) deleteVolume(deps, volume);
  else if (cluster) deleteCluster(deps, cluster, Date.now());
  else if (snapshot) deleteSnapshot(deps, snapshot);
  else ui.say(store, `${sanitize(r.name)} is no longer listed: press r`, 'warn');
}

const VM_AFTER = (deps: ActionDeps, id: number) => ({
  refresh: ['vms'] as const,
  items: { vms: [id] },
  state: () => vmOf(deps, id)?.status ?? 'gone from the list',
});

export interface WasteView {
  deps: ActionDeps;
  facts: Readonly<Record<number, VmFact>>;
  settings: WasteSettings;
  readOnly: boolean;
  /** VMs acted on from here, followed until they settle (id → the status they were in). */
  followed: ReadonlyMap<number, string>;
  follow(id: number, from: string): void;
  /** The lists the total is made of that are not in, or failing (listGaps). */
  gaps: readonly ListGap[];
}

function actions(view: WasteView): ResourceAction<WasteViewRow>[] {
  return [
    {
      key: 'h',
      label: 'hibernate',
      mutation: true,
      when: (r) => r.fix === 'hibernate' && !r.settling,
      blocked: (r) => {
        const vm = vmOf(view.deps, r.id);
        return vm ? hibernateBlocker(vm) : undefined;
      },
      run: (r, app) => {
        const vm = vmOf(app.deps, r.id);
        if (!vm) return;
        view.follow(vm.id, vm.status);
        void askHibernate(app.deps, vm, VM_AFTER(app.deps, vm.id));
      },
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      when: (r) => !r.settling && (r.fix === 'delete' || r.kind === 'stopped-vm'),
      run: (r, app) => {
        if (r.kind === 'stopped-vm' || r.kind === 'idle-vm') view.follow(r.id, r.status ?? '');
        deleteRow(app.deps, r);
      },
    },
  ];
}

function detailLines(r: WasteViewRow, deps: ActionDeps, now: number): DetailLine[] {
  const vm = vmOf(deps, r.id);
  const book = priceMap(readData(deps.store, 'pricebook'));
  const lines: DetailLine[] = [
    section('Waste'),
    field('what', r.what),
    field('why', r.why),
    field(
      'since',
      r.since === undefined ? 'not known (its events do not say)' : `${duration(now - r.since)}`,
    ),
    field('costs', r.perHour === undefined ? 'no price in the pricebook' : `${perHour(r.perHour)} now`),
  ];
  if (vm && (r.kind === 'stopped-vm' || r.kind === 'idle-vm')) {
    const keep = vmHibernatedRate(vm, book, true);
    const release = vmHibernatedRate(vm, book, false);
    lines.push(
      section('Hibernated it would cost'),
      field('keeping its IP', vm.floating_ip ? perHour(keep) : '— (no public IP)'),
      field('releasing it', perHour(release)),
    );
    if (r.kind === 'stopped-vm')
      lines.push(
        text('The service hibernates only a running VM: h starts it first, then hibernates it.', 'dim'),
      );
  }
  if (r.kind === 'held-ip')
    lines.push(
      text(
        'The service detaches a public IP only from an ACTIVE or SHUTOFF VM: restore it (VMs screen, w),',
        'dim',
      ),
      text('detach the IP (F), then hibernate it again — or keep paying for the address.', 'dim'),
    );
  if (r.kind === 'idle-vm')
    lines.push(text('The service reports no GPU utilisation: idle means CPU and network only.', 'warn'));
  return lines;
}

function rowsOf(ctx: RowContext<'vms'>, view: WasteView): WasteViewRow[] {
  const now = Date.now();
  const base = wasteRows({
    vms: ctx.data,
    volumes: ctx.also('volumes'),
    clusters: ctx.also('clusters'),
    snapshots: ctx.also('snapshots'),
    contracts: ctx.also('contracts'),
    book: priceMap(ctx.also('pricebook')),
    facts: view.facts,
    settings: view.settings,
    now,
  });
  const out: WasteViewRow[] = base.map((r) => ({
    ...r,
    pending: liveMark(ctx.pending, markKey(r), r.status, now),
  }));
  // a VM acted on from here and no longer waste: shown on its way until it settles
  for (const [id] of view.followed) {
    const vm = ctx.data.find((v) => v.id === id);
    if (!vm || out.some((r) => r.kind !== 'loose-volume' && r.id === id) || !isTransitioning(vm.status))
      continue;
    out.push({
      kind: 'stopped-vm',
      id,
      name: vm.name,
      what: `VM ${vm.flavor?.name ?? '?'}`,
      why: '',
      settling: `◐ ${vm.status}…`,
      since: undefined,
      perHour: 0,
      fix: 'none',
      status: vm.status,
      region: vm.environment?.region ?? undefined,
      environment: vm.environment?.name ?? undefined,
      pending: undefined,
    });
  }
  return out;
}

export const wasteSpec = (view: WasteView): ResourceSpec<WasteViewRow, 'vms'> => ({
  resource: 'vms',
  also: WASTE_LISTS.slice(1),
  noun: 'the resources to judge',
  title: 'Waste: what costs money while doing nothing',
  note: (rows, theme) => (
    <Text bold color={theme.warn} wrap="truncate-end">
      {totalText(rows, view.gaps)}
    </Text>
  ),
  columns: (_theme: Theme, now) => columns(now, view.readOnly),
  rowId: (r) => `${r.kind}:${r.id}`,
  rows: (ctx) => rowsOf(ctx, view),
  region: (r) => r.region,
  emptyText: 'nothing costs money while doing nothing',
  pending: { key: markKey, status: (r) => r.status },
  detail: {
    title: (r) => `${r.name}: ${r.why || r.settling || ''}`,
    watch: () => [],
    lines: (r, _slice, now) => detailLines(r, view.deps, now),
    raw: (r) => r,
  },
  actions: actions(view),
});

/** The lists the waste is judged from (the screen's own first). */
export const WASTE_LISTS = ['vms', 'volumes', 'clusters', 'snapshots', 'pricebook', 'contracts'] as const;

/** A list the total cannot trust: not read yet (`missing`: its waste is not counted), or failing (old data). */
export interface ListGap {
  list: (typeof WASTE_LISTS)[number];
  missing: boolean;
  /** What went wrong last ("" while it is still loading). */
  error: string;
  /** How old its data is, when it has some. */
  ageMs?: number;
}

/** Which of the waste's lists are not in or failing: the total says so instead of looking whole. */
export function listGaps(slices: Partial<Record<string, Slice>>, now: number): ListGap[] {
  const gaps: ListGap[] = [];
  for (const list of WASTE_LISTS) {
    const s = slices[list];
    const error = s?.error ? sanitize(s.error.message) : '';
    if (s?.data === undefined) gaps.push({ list, missing: true, error });
    else if (error) gaps.push({ list, missing: false, error, ageMs: now - (s.updatedAt ?? now) });
  }
  return gaps;
}

const gapText = (g: ListGap) =>
  g.missing
    ? g.error
      ? `${g.list} not read (${truncate(g.error, 40)})`
      : `${g.list} loading`
    : `${g.list} ${duration(g.ageMs ?? 0)} old (${truncate(g.error, 40)})`;

/**
 * "$3.07/h · $2,210.40 a month · 6 resources doing nothing"; "at least …" while some have no price (yet) or a
 * list is not in; and which lists are not in or failing, so a short total never passes for a whole one.
 */
export function totalText(rows: readonly WasteRow[], gaps: readonly ListGap[] = []): string {
  const t = wasteTotal(rows.filter((r) => !(r as Partial<WasteViewRow>).settling));
  const floor = t.unpriced > 0 || gaps.some((g) => g.missing);
  const unpriced = t.unpriced > 0 ? ` (${t.unpriced} without a price)` : '';
  const lists = gaps.length > 0 ? ` · ⚠ ${gaps.map(gapText).join(', ')}` : '';
  return `${floor ? 'at least ' : ''}${perHour(t.perHour)} · ${money(t.perMonth)} a month · ${t.count} resource${t.count === 1 ? '' : 's'} doing nothing${unpriced}${lists}`;
}

const NO_VIEW: WasteView = {
  deps: undefined as unknown as ActionDeps,
  facts: {},
  settings: DEFAULT_WASTE,
  readOnly: false,
  followed: new Map(),
  follow: () => {},
  gaps: [],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([wasteSpec(NO_VIEW)]);

/** "idle = …; judged 10 of 14 running VMs (the dearest first), 4 to read (~1 min)". */
export function coverageText(
  vms: readonly Vm[] | undefined,
  facts: Readonly<Record<number, VmFact>>,
  s: WasteSettings,
  backlog: number,
  perMinute: number,
): string {
  const rule = `idle = CPU < ${s.cpuPercent} % and network < ${Math.round(s.networkBytesPerSecond / 1000)} KB/s for ${s.hours} h (the service reports no GPU use)`;
  const running = (vms ?? []).filter((v) => v.status === 'ACTIVE' && v.cluster_id == null);
  const judged = running.filter(
    (v) => facts[v.id]?.status === 'ACTIVE' && facts[v.id]?.idle?.kind !== 'unknown',
  );
  const left =
    backlog > 0
      ? perMinute > 0
        ? `, ${backlog} to read (~${duration((backlog / perMinute) * 60_000)})`
        : `, ${backlog} not read (the scans are off)`
      : '';
  return `${rule} · judged ${judged.length} of ${running.length} running VMs, the dearest first${left}`;
}

/** Says once each VM acted on from here settles ("gpu-7 is HIBERNATED after 21 s: $0.016/h"), and stops following it. */
function useSettled(view: WasteView, drop: (id: number) => void): void {
  const vms = useAppState((s) => s.slices.vms?.data) as readonly Vm[] | undefined;
  const started = useRef(new Map<number, number>());
  useEffect(() => {
    const book = priceMap(readData(view.deps.store, 'pricebook'));
    for (const [id, from] of view.followed) {
      if (!started.current.has(id)) started.current.set(id, Date.now());
      const vm = vms?.find((v) => v.id === id);
      const after = duration(Date.now() - (started.current.get(id) ?? Date.now()));
      if (vm && (isTransitioning(vm.status) || vm.status === from)) continue;
      const name = sanitize(vm?.name ?? `VM ${id}`);
      ui.say(
        view.deps.store,
        vm
          ? `${name} is ${vm.status} after ${after}: ${perHour(vmRateNow(vm, book))} now`
          : `${name} is gone after ${after}`,
        'ok',
      );
      started.current.delete(id);
      drop(id);
    }
  }, [vms, view, drop]);
}

export function WasteScreen(props: ScreenProps) {
  const app = useApp();
  const facts = useAppState((s) => s.facts);
  const settings = useAppState((s) => s.wasteSettings);
  const readOnly = useAppState((s) => s.readOnly);
  const perMinute = useAppState((s) => s.scanPerMinute);
  const vms = useAppState((s) => s.slices.vms?.data) as readonly Vm[] | undefined;
  const [followed, setFollowed] = useState<ReadonlyMap<number, string>>(() => new Map());
  const slices = useAppState(useShallow((s) => WASTE_LISTS.map((k) => s.slices[k])));
  const gaps = useMemo(
    () => listGaps(Object.fromEntries(WASTE_LISTS.map((k, i) => [k, slices[i]])), Date.now()),
    [slices],
  );
  const view = useMemo<WasteView>(
    () => ({
      deps: app.deps,
      facts,
      settings,
      readOnly,
      followed,
      follow: (id, from) => setFollowed((m) => new Map(m).set(id, from)),
      gaps,
    }),
    [app.deps, facts, settings, readOnly, followed, gaps],
  );
  const drop = useMemo(
    () => (id: number) =>
      setFollowed((m) => {
        const next = new Map(m);
        next.delete(id);
        return next;
      }),
    [],
  );
  useSettled(view, drop);
  const spec = useMemo(() => wasteSpec(view), [view]);
  const backlog = useMemo(() => scanBacklog(app.deps), [app.deps, facts, vms]);
  const coverage = coverageText(vms, facts, settings, backlog, perMinute);
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <ResourceScreen {...props} height={Math.max(3, props.height - 1)} spec={spec} />
      <Text color={app.theme.dim} wrap="truncate-end">
        {truncate(coverage, props.width)}
      </Text>
    </Box>
  );
}
