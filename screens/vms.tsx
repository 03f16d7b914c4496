import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import type { ResourceRate } from '../src/api/schemas/billing.js';
import type { Environment } from '../src/api/schemas/environment.js';
import type { VmEvent } from '../src/api/schemas/events.js';
import type { Vm } from '../src/api/schemas/vm.js';
import { ipAddress, sshCommand } from '../src/domain/address.js';
import { envRegionText } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { isTransitioning, type VmAction, vmActionsFor } from '../src/domain/vm-state.js';
import { copyText } from '../src/store/actions.js';
import { type PendingMark, ui } from '../src/store/app-store.js';
import { liveMark } from '../src/store/pending.js';
import { NOT_REPEATABLE, type VmCommand, vmCommand } from '../src/store/vm-actions.js';
import { type Binding, lookup } from '../src/ui/bindings.js';
import { DataTable } from '../src/ui/DataTable.js';
import { jsonLines } from '../src/ui/DetailPane.js';
import { vmDetailLines } from '../src/ui/details/vm-detail.js';
import { type ScreenProps, useApp, useScreenKeys, useWatch } from '../src/ui/screen/context.js';
import { useAppState, useData, useSlice } from '../src/ui/screen/hooks.js';
import { useDetailPane } from '../src/ui/screen/useDetailPane.js';
import { ageColumn } from '../src/ui/table/age-column.js';
import type { Column } from '../src/ui/table/types.js';
import { useDataTable } from '../src/ui/table/useDataTable.js';
import { statusLabel, type Theme } from '../src/ui/theme.js';
import { openCreateVm, openCreateVmFromProfile } from './forms/vm-create.js';

/** A VM as the table shows it: the VM, its region, and a pending action the data does not show yet. */
interface VmRow {
  vm: Vm;
  region: string | undefined;
  pending: PendingMark | undefined;
}

/** "◐ STOPPING…" while an action is under way; "? REBOOTING" when its answer was lost (it may not have happened). */
const pendingText = (p: PendingMark) => (p.unknown ? `? ${p.label}` : `◐ ${p.label}…`);

const rowId = (r: VmRow) => String(r.vm.id);
const EMPTY: Vm[] = [];

function columns(theme: Theme, now: () => number): Column<VmRow>[] {
  return [
    { id: 'name', title: 'NAME', value: (r) => r.vm.name, minWidth: 16, grow: 2, priority: 0 },
    {
      id: 'status',
      title: 'STATUS',
      value: (r) => r.pending?.label ?? r.vm.status,
      text: (r) => (r.pending ? pendingText(r.pending) : statusLabel(r.vm.status)),
      color: (r) => theme.statusStyle(r.pending?.label ?? r.vm.status).color,
      minWidth: 10,
      priority: 0,
    },
    { id: 'power', title: 'POWER', value: (r) => r.vm.power_state, priority: 4 },
    { id: 'flavor', title: 'FLAVOR', value: (r) => r.vm.flavor?.name, minWidth: 8, priority: 1 },
    { id: 'gpus', title: 'GPUS', value: (r) => r.vm.flavor?.gpu_count ?? 0, align: 'right', priority: 2 },
    {
      id: 'env',
      title: 'ENVIRONMENT/REGION',
      value: (r) => envRegionText(r.vm.environment?.name, r.region),
      minWidth: 10,
      grow: 1,
      priority: 3,
    },
    { id: 'fixed', title: 'FIXED IP', value: (r) => r.vm.fixed_ip, priority: 5 },
    { id: 'floating', title: 'FLOATING IP', value: (r) => r.vm.floating_ip, priority: 2 },
    ageColumn((r) => r.vm.created_at, now),
  ];
}

const ACTIONS: ReadonlyArray<{ key: string; command: VmCommand; label: string; needs?: VmAction }> = [
  { key: 's', command: 'start', label: 'start', needs: 'start' },
  { key: 'x', command: 'stop', label: 'stop', needs: 'stop' },
  { key: 'b', command: 'hardReboot', label: 'hard reboot', needs: 'hardReboot' },
  { key: 'h', command: 'hibernate', label: 'hibernate', needs: 'hibernate' },
  { key: 'w', command: 'hibernateRestore', label: 'wake (restore)', needs: 'hibernateRestore' },
  { key: 'f', command: 'attachIp', label: 'attach IP' },
  { key: 'F', command: 'detachIp', label: 'detach IP' },
  { key: 'p', command: 'openSsh', label: 'open SSH' },
  { key: 'a', command: 'addRule', label: 'add rule' },
  { key: 'n', command: 'snapshot', label: 'snapshot', needs: 'snapshot' },
  { key: 'D', command: 'delete', label: 'delete', needs: 'delete' },
];

/**
 * The keys that make sense for this VM right now (and always the read-only ones). `mark`: the VM's live pending
 * mark; after an unknown outcome, actions that must not run twice wait until the VM's state is known.
 */
export function vmBindings(vm: Vm | undefined, detailOpen: boolean, mark?: PendingMark): Binding[] {
  if (detailOpen) {
    return [
      { keys: ['esc'], command: 'detail:close', label: 'back' },
      { keys: ['y'], command: 'detail:raw', label: 'raw JSON' },
      { keys: ['j', 'down'], command: 'detail:scroll', label: 'scroll', helpOnly: true },
      ...(vm ? actionBindings(vm, mark) : []),
      ...copyBindings(vm),
    ];
  }
  return [
    { keys: ['enter'], command: 'detail:open', label: 'details' },
    ...(vm ? actionBindings(vm, mark) : []),
    ...copyBindings(vm),
    ...CREATE_BINDINGS,
  ];
}

/** Keys that need no selected VM (they work on an empty list too). */
const CREATE_BINDINGS: Binding[] = [
  { keys: ['c'], command: 'create:vm', label: 'create VM', mutation: true },
  { keys: ['P'], command: 'create:fromProfile', label: 'create from profile', mutation: true },
];

function actionBindings(vm: Vm, mark: PendingMark | undefined): Binding[] {
  const allowed = vmActionsFor(vm.status);
  const hasIp = Boolean(vm.floating_ip);
  return ACTIONS.filter((a) => {
    if (mark?.unknown && NOT_REPEATABLE.has(a.command)) return false;
    if (a.needs) return allowed.has(a.needs);
    if (a.command === 'attachIp') return !hasIp && vm.status === 'ACTIVE';
    if (a.command === 'detachIp') return hasIp && !isTransitioning(vm.status);
    return !isTransitioning(vm.status);
  }).map((a) => ({ keys: [a.key], command: `vm:${a.command}`, label: a.label, mutation: true }));
}

function copyBindings(vm: Vm | undefined): Binding[] {
  if (!vm?.floating_ip) return [];
  return [
    { keys: ['C'], command: 'copy:ssh', label: 'copy ssh' },
    { keys: ['i'], command: 'copy:ip', label: 'copy IP' },
  ];
}

export function VmsScreen({ width, height, active }: ScreenProps) {
  const { deps, theme } = useApp();
  const vms = useData<Vm[]>('vms') ?? EMPTY;
  const slice = useSlice<Vm[]>('vms');
  const envs = useData<Environment[]>('environments');
  const regionFilter = useAppState((s) => s.region);
  const pending = useAppState((s) => s.pending);
  const readOnly = useAppState((s) => s.readOnly);

  const regionOf = useMemo(() => new Map((envs ?? []).map((e) => [e.name, e.region ?? undefined])), [envs]);
  const rows = useMemo(() => {
    const out: VmRow[] = [];
    const now = Date.now();
    for (const vm of vms) {
      const region = vm.environment?.region ?? regionOf.get(vm.environment?.name ?? '') ?? undefined;
      if (regionFilter !== 'ALL' && region && region !== regionFilter) continue;
      out.push({ vm, region, pending: liveMark(pending, `vm:${vm.id}`, vm.status, now) });
    }
    return out;
  }, [vms, regionOf, regionFilter, pending]);

  // A pending mark ends when the data shows the VM moved (or it vanished).
  useEffect(() => {
    for (const [key, p] of Object.entries(pending)) {
      if (!key.startsWith('vm:')) continue;
      const vm = vms.find((v) => `vm:${v.id}` === key);
      if (!vm || vm.status !== p.from) ui.clearPending(deps.store, key);
    }
  }, [vms, pending, deps.store]);

  const cols = useMemo(() => columns(theme, () => slice.updatedAt ?? Date.now()), [theme, slice.updatedAt]);
  const { detail, record, ...pane } = useDetailPane(vms, (v) => v.id, height);
  const t = useDataTable(rows, cols, rowId, {
    width,
    height: pane.tableHeight,
    isActive: active && !detail,
    listen: false,
  });
  const selected = detail ? record : t.selected?.vm;

  useWatch(
    detail
      ? ['vms', 'environments', `vm-events:${detail.id}`, `vm-rate:${detail.id}`]
      : ['vms', 'environments'],
  );

  const selectedMark = selected
    ? liveMark(pending, `vm:${selected.id}`, selected.status, Date.now())
    : undefined;
  const bindings = useMemo(
    () => vmBindings(selected, detail !== null, selectedMark),
    [selected, detail, selectedMark],
  );
  const events = useSlice<VmEvent[]>(detail ? `vm-events:${detail.id}` : 'none');
  const rate = useSlice<ResourceRate>(detail ? `vm-rate:${detail.id}` : 'none');
  const detailLines = useMemo(() => {
    if (!detail || !selected) return [];
    if (detail.raw) return jsonLines(selected);
    return vmDetailLines({
      vm: selected,
      region: rows.find((r) => r.vm.id === selected.id)?.region,
      events: events.data,
      eventsLoading: events.status === 'loading' || events.status === 'idle',
      rate: rate.data,
      rateLoading: rate.status === 'loading' || rate.status === 'idle',
      now: Date.now(),
    });
  }, [detail, selected, rows, events, rate]);

  useScreenKeys(bindings, (name, input, key) => {
    if (detail ? pane.scroll(name, detailLines.length) : t.handleKey(input, key)) return true;
    // Mutations too when read-only: they are refused below with a word instead of doing nothing.
    const b = lookup(bindings, name, false);
    if (!b) return false;
    if (b.mutation && readOnly) {
      ui.say(deps.store, `read-only: "${b.label}" is not allowed`, 'error');
      return true;
    }
    runCommand(b.command);
    return true;
  });

  function runCommand(command: string) {
    if (pane.command(command, selected)) return;
    if (command === 'create:vm' || command === 'create:fromProfile') {
      // The new VMs are in the list at once (CREATING); select the first and follow it until ACTIVE.
      const onCreated = (created: readonly Vm[]) => {
        if (created[0]) t.dispatch({ type: 'select', id: String(created[0].id) });
      };
      const open = command === 'create:vm' ? openCreateVm : openCreateVmFromProfile;
      return void open(deps, { onCreated });
    }
    if (!selected) return;
    if (command === 'copy:ssh' || command === 'copy:ip') {
      // Only a checked address goes to the clipboard: the user pastes it into a shell.
      const ip = ipAddress(selected.floating_ip);
      if (!ip)
        return ui.say(
          deps.store,
          `not copied: the public IP of ${sanitize(selected.name)} is not an IP address`,
          'error',
        );
      return void copyText(deps, command === 'copy:ssh' ? sshCommand(ip) : ip);
    }
    if (command.startsWith('vm:')) vmCommand(deps, selected, command.slice(3) as VmCommand);
  }

  if (slice.status === 'idle' || (slice.status === 'loading' && !slice.data)) {
    return <Text>loading virtual machines…</Text>;
  }
  if (!slice.data && slice.error) {
    return <Text color={theme.error}>✖ cannot load virtual machines: {slice.error.message}</Text>;
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      <DataTable
        {...t.tableProps}
        emptyText={regionFilter === 'ALL' ? 'no virtual machines' : `no virtual machines in ${regionFilter}`}
      />
      {pane.view(width, detailLines, (vm) => vm.name, 'this VM is gone')}
    </Box>
  );
}
