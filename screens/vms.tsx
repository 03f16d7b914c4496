import { useMemo, useState } from 'react';
import { METRIC_DURATIONS, type MetricDuration } from '../src/api/schemas/metrics.js';
import type { Vm } from '../src/api/schemas/vm.js';
import { ipAddress, ipCopy, sshCommand } from '../src/domain/address.js';
import type { Copyable } from '../src/domain/copyable.js';
import { leaseOf } from '../src/domain/lease.js';
import { sanitize } from '../src/domain/sanitize.js';
import { defaultSshUser } from '../src/domain/ssh-user.js';
import {
  type BlockableAction,
  hibernateBlocker,
  SNAPSHOTTING_REASON,
  vmActionBlockers,
} from '../src/domain/vm-blockers.js';
import { isTransitioning, type VmAction, vmActionsFor } from '../src/domain/vm-state.js';
import { lazyCode } from '../src/store/actions/lazy-code.js';
import { copyText } from '../src/store/actions/mutate.js';
import { NOT_REPEATABLE, type VmCommand, vmCommand } from '../src/store/actions/vm-actions.js';
import { type ConsoleState, copyConsoleUrl, requestVmConsole } from '../src/store/actions/vm-console.js';
import { fetchVmLogs, type LogsState } from '../src/store/actions/vm-logs.js';
import { deleteVmRule } from '../src/store/actions/vm-rules.js';
import { ui } from '../src/store/state/app-store.js';
import { readSlices, storeKey } from '../src/store/state/resources.js';
import { consoleLines } from '../src/ui/details/vm-console.js';
import { vmDetailLines } from '../src/ui/details/vm-detail.js';
import { logsLines } from '../src/ui/details/vm-logs.js';
import { metricsLines } from '../src/ui/details/vm-metrics.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { useAppState } from '../src/ui/screen/hooks.js';
import {
  declaredBindings,
  type ResourceAction,
  ResourceScreen,
  type ResourceSpec,
  type ScreenControl,
} from '../src/ui/screen/ResourceScreen.js';
import { RATE_MIN_WIDTH, type VmRow, vmsList } from './lists/vms.js';
import { vmVolumeActions } from './vm-volumes.js';

// The forms and the cost history load when their key is first pressed (or once the first frame is out).
const callbackForm = lazyCode(() => import('./forms/vm-callback.js'));
const firewallsForm = lazyCode(() => import('./forms/vm-firewalls.js'));
const labelsForm = lazyCode(() => import('./forms/vm-labels.js'));
const leaseDialog = lazyCode(() => import('../src/store/actions/lease.js'));
const resizeForm = lazyCode(() => import('./forms/vm-resize.js'));
const createForm = lazyCode(() => import('./forms/vm-create.js'));
const billingHistory = lazyCode(() => import('./billing/history-target.js'));

/** Whether the service would take this action on this VM now (and a lost answer is not pending for it). */
function offered(command: VmCommand, needs: VmAction | undefined, r: VmRow): boolean {
  const { vm } = r;
  if (r.pending?.unknown && NOT_REPEATABLE.has(command)) return false;
  // a stopped VM is hibernated by starting it first (the service hibernates only ACTIVE VMs)
  if (command === 'hibernate' && vm.status === 'SHUTOFF') return true;
  if (needs) return vmActionsFor(vm.status).has(needs);
  if (command === 'attachIp') return !vm.floating_ip && vm.status === 'ACTIVE';
  // the service detaches a public IP from an ACTIVE or SHUTOFF VM only (its reference: "Detach public IP")
  if (command === 'detachIp')
    return Boolean(vm.floating_ip) && (vm.status === 'ACTIVE' || vm.status === 'SHUTOFF');
  return !isTransitioning(vm.status);
}

/** The commands the service checks against the VM's flags and flavor (snapshot, lock, features). */
const CHECKED: Partial<Record<VmCommand, BlockableAction>> = {
  start: 'start',
  stop: 'stop',
  hardReboot: 'hardReboot',
  hibernate: 'hibernate',
  hibernateRestore: 'hibernateRestore',
  snapshot: 'snapshot',
  delete: 'delete',
};

/**
 * Why the service would refuse this command on this VM now, or undefined. A VM being snapshotted refuses every
 * action; deleting a cluster's node is not refused here (it asks about the cluster instead).
 */
export function vmBlocker(command: VmCommand, vm: Vm): string | undefined {
  if (command === 'delete' && vm.cluster_id != null) return undefined;
  if (command === 'hibernate') return hibernateBlocker(vm);
  const action = CHECKED[command];
  if (!action) return vm.is_snapshotting ? SNAPSHOTTING_REASON : undefined;
  return vmActionBlockers(vm).get(action);
}

/** What a power command does, as the reason of another one says it ("b hard-reboots it"). */
const POWER: readonly [key: string, command: VmCommand, needs: VmAction, does: string, done: string][] = [
  ['s', 'start', 'start', 'starts it', 'started'],
  ['x', 'stop', 'stop', 'stops it', 'stopped'],
  ['b', 'hardReboot', 'hardReboot', 'hard-reboots it', 'hard-rebooted'],
  ['h', 'hibernate', 'hibernate', 'hibernates it', 'hibernated'],
  ['w', 'hibernateRestore', 'hibernateRestore', 'restores it', 'restored'],
  ['n', 'snapshot', 'snapshot', 'snapshots it', 'snapshotted'],
  ['D', 'delete', 'delete', 'deletes it', 'deleted'],
];

/** "an ERROR VM", "a SHUTOFF VM". */
const aVm = (vm: Vm) => `${/^[AEIOU]/i.test(vm.status) ? 'an' : 'a'} ${sanitize(vm.status)} VM`;

/**
 * Why a command is not offered for this VM, and what is: "an ERROR VM cannot be stopped — b hard-reboots it,
 * D deletes it"; a VM on its way somewhere waits; an answer lost waits for the state to be known.
 */
export function vmUnavailable(command: VmCommand, r: VmRow): string {
  const { vm } = r;
  if (r.pending?.unknown && NOT_REPEATABLE.has(command))
    return `the last action's outcome is unknown: wait until ${sanitize(vm.name)}'s state is known`;
  if (isTransitioning(vm.status)) return `${aVm(vm)} is on its way: wait until it settles`;
  if (command === 'attachIp')
    return vm.floating_ip ? 'it has a public IP' : 'only an ACTIVE VM gets a public IP';
  if (command === 'detachIp') return 'it has no public IP';
  const what = POWER.find((p) => p[1] === command);
  const can = POWER.filter((p) => p[1] !== command && offered(p[1], p[2], r)).map((p) => `${p[0]} ${p[3]}`);
  const cannot = what ? `${aVm(vm)} cannot be ${what[4]}` : `not for ${aVm(vm)}`;
  return can.length ? `${cannot} — ${can.join(', ')}` : cannot;
}

const vmAction = (
  key: string,
  command: VmCommand,
  label: string,
  needs?: VmAction,
): ResourceAction<VmRow> => ({
  key,
  label,
  mutation: true,
  when: (r) => offered(command, needs, r),
  unavailable: (r) => vmUnavailable(command, r),
  blocked: (r) => vmBlocker(command, r.vm),
  run: (r, app) => vmCommand(app.deps, r.vm, command),
});

/** Copies a checked address (never what the service says unchecked: the user pastes it into a shell). */
const copyAction = (
  key: string,
  label: string,
  what: (ip: string, vm: Vm) => Copyable | undefined,
): ResourceAction<VmRow> => ({
  key,
  label,
  when: (r) => Boolean(r.vm.floating_ip),
  unavailable: () => 'it has no public IP (f attaches one to an ACTIVE VM)',
  run: (r, app) => {
    const ip = ipAddress(r.vm.floating_ip);
    const copy = ip === undefined ? undefined : what(ip, r.vm);
    if (!copy) {
      ui.say(
        app.deps.store,
        `not copied: the public IP of ${sanitize(r.vm.name)} is not an IP address`,
        'error',
      );
      return;
    }
    void copyText(app.deps, copy);
  },
});

/** The new VMs are in the list at once (CREATING): the first is selected and followed until ACTIVE. */
const selectCreated = (screen: ScreenControl) => (created: readonly Vm[]) => {
  if (created[0]) screen.select(String(created[0].id));
};

/** What the VM detail shows besides the VM, chosen by the user while it is open (the metrics' span). */
export interface VmDetailView {
  duration: MetricDuration;
  /** The terminal is wide enough for the $/H column (RATE_MIN_WIDTH). */
  wide?: boolean;
  /** Some VM has a lease: the LEASE column shows. */
  leases?: boolean;
  /** The console last asked for (of one VM): its URL lives here, in the screen's memory, and nowhere else. */
  console?: ConsoleState | undefined;
  setConsole?: (c: ConsoleState) => void;
  /** The console log last fetched (of one VM), and its search. */
  logs?: LogsState | undefined;
  setLogs?: (l: LogsState | undefined) => void;
  /** Shows another span (`step` 1: the next longer one, -1: the next shorter one). */
  cycleDuration(step: 1 | -1): void;
}

const nextDuration = (d: MetricDuration, step: 1 | -1): MetricDuration => {
  const i = METRIC_DURATIONS.indexOf(d);
  return METRIC_DURATIONS[(i + step + METRIC_DURATIONS.length) % METRIC_DURATIONS.length] ?? '1h';
};

/** The VMs screen for a detail view (the spec is rebuilt when the view changes). */
export const vmsSpec = (view: VmDetailView): ResourceSpec<VmRow, 'vms'> => ({
  ...vmsList(view.wide, view.leases),
  visibleId: (r) => r.vm.id,
  emptyText: 'no virtual machines',
  describe: (r) => aVm(r.vm),
  pending: { key: (r) => `vm:${r.vm.id}`, status: (r) => r.vm.status },
  pendingPrefix: 'vm',
  detail: {
    title: (r) => r.vm.name,
    // The VM read alone while open (kept fresh, fast while it moves), and the contract it is billed under.
    watch: (r) => [
      storeKey('vm', r.vm.id),
      storeKey('vm-events', r.vm.id),
      storeKey('vm-rate', r.vm.id),
      metricsKey(r.vm, view.duration),
      // who can reach it: the rules of the firewalls attached to it
      'firewalls',
      ...(r.vm.contract_id != null ? [storeKey('contract', r.vm.contract_id)] : []),
    ],
    lines: (r, slice, _now, width) => {
      const vm = fresher(slice(storeKey('vm', r.vm.id)), slice('vms'), r.vm);
      const contract = vm.contract_id != null ? slice(storeKey('contract', vm.contract_id)).data : undefined;
      const events = slice(storeKey('vm-events', r.vm.id));
      const rate = slice(storeKey('vm-rate', r.vm.id));
      const metrics = slice(metricsKey(r.vm, view.duration));
      return vmDetailLines({
        pending: r.marks,
        extra: [
          ...consoleLines(view.console?.vmId === r.vm.id ? view.console : undefined, width),
          ...logsLines(view.logs?.vmId === r.vm.id ? view.logs : undefined),
        ],
        vm,
        contract,
        firewalls: slice('firewalls').data,
        width,
        region: r.region,
        events: events.data,
        eventsLoading: events.status === 'loading' || events.status === 'idle',
        rate: rate.data,
        rateLoading: rate.status === 'loading' || rate.status === 'idle',
        now: Date.now(),
        metrics: metricsLines({
          metrics: metrics.data,
          flavor: vm.flavor,
          duration: view.duration,
          next: nextDuration(view.duration, 1),
          previous: nextDuration(view.duration, -1),
          loading: metrics.status === 'loading' || metrics.status === 'idle',
          error: metrics.error?.message,
          width,
        }),
      });
    },
    raw: (r) => r.vm,
  },
  actions: [
    vmAction('s', 'start', 'start', 'start'),
    vmAction('x', 'stop', 'stop', 'stop'),
    vmAction('b', 'hardReboot', 'hard reboot', 'hardReboot'),
    vmAction('h', 'hibernate', 'hibernate', 'hibernate'),
    vmAction('w', 'hibernateRestore', 'wake (restore)', 'hibernateRestore'),
    vmAction('f', 'attachIp', 'attach IP'),
    vmAction('F', 'detachIp', 'detach IP'),
    vmAction('p', 'openSsh', 'open SSH'),
    vmAction('a', 'addRule', 'add rule'),
    vmAction('n', 'snapshot', 'snapshot', 'snapshot'),
    vmAction('D', 'delete', 'delete', 'delete'),
    copyAction('C', 'copy ssh', (ip, vm) => sshCommand(ip, defaultSshUser(vm.image?.name))),
    copyAction('i', 'copy IP', ipCopy),
    {
      key: 'd',
      label: 'delete rule',
      mutation: true,
      when: (r) => (r.vm.security_rules?.length ?? 0) > 0 && r.vm.status !== 'DELETING',
      unavailable: (r) =>
        r.vm.status === 'DELETING'
          ? 'it is being deleted'
          : 'it has no firewall rule of its own (a adds one)',
      blocked: (r) => (r.vm.is_snapshotting ? SNAPSHOTTING_REASON : undefined),
      run: (r, app) => deleteVmRule(app.deps, r.vm),
    },
    {
      key: 'u',
      label: 'callback URL',
      mutation: true,
      when: (r) => r.vm.status !== 'DELETING',
      run: (r, app) => callbackForm((m) => m.openCallbackForm(app.deps, r.vm)),
    },
    {
      key: 'U',
      label: 'remove callback',
      mutation: true,
      when: (r) => Boolean(r.vm.callback_url) && r.vm.status !== 'DELETING',
      unavailable: () => 'it has no callback URL (u attaches one)',
      run: (r, app) => callbackForm((m) => m.removeCallback(app.deps, r.vm)),
    },
    {
      key: 't',
      label: 'labels',
      mutation: true,
      when: (r) => r.vm.status !== 'DELETING',
      run: (r, app) => labelsForm((m) => m.openLabelsForm(app.deps, r.vm)),
    },
    {
      key: 'e',
      label: 'lease',
      mutation: true,
      when: (r) => r.vm.status !== 'DELETING' && r.vm.cluster_id == null,
      run: (r, app) => leaseDialog((m) => m.askLease(app.deps, r.vm)),
    },
    {
      key: 'z',
      label: 'resize',
      mutation: true,
      when: (r) => !isTransitioning(r.vm.status) && r.vm.status !== 'DELETED',
      blocked: (r) => vmActionBlockers(r.vm).get('resize'),
      run: (r, app) => resizeForm((m) => m.openResizeVm(app.deps, r.vm, r.region)),
    },
    {
      key: 'v',
      label: 'console',
      mutation: true,
      when: (r) =>
        r.vm.status === 'ACTIVE' && !(view.console?.vmId === r.vm.id && view.console.state === 'requesting'),
      unavailable: (r) =>
        r.vm.status === 'ACTIVE'
          ? 'a console is being requested'
          : `${aVm(r.vm)} has no console (ACTIVE only)`,
      blocked: (r) => (r.vm.is_snapshotting ? SNAPSHOTTING_REASON : undefined),
      run: (r, app) => void requestVmConsole(app.deps, r.vm, (c) => view.setConsole?.(c)),
    },
    {
      key: 'V',
      label: 'copy console URL',
      when: (r) => view.console?.vmId === r.vm.id && view.console.state === 'ready',
      unavailable: () => 'no console URL yet (v requests one)',
      run: (r, app) => {
        const c = view.console;
        if (c?.vmId === r.vm.id && c.state === 'ready') void copyConsoleUrl(app.deps, r.vm, c.url);
      },
    },
    {
      key: 'l',
      label: 'console log',
      // Asks the service to gather the log (a POST): read-only mode sends nothing but reads.
      mutation: true,
      when: (r) => !(view.logs?.vmId === r.vm.id && view.logs.state === 'loading'),
      run: (r, app) => {
        if (view.logs?.vmId === r.vm.id && view.logs.state !== 'loading') view.setLogs?.(undefined);
        else void fetchVmLogs(app.deps, r.vm, (l) => view.setLogs?.(l));
      },
    },
    {
      key: '/',
      label: 'search the log',
      detailOnly: true,
      when: (r) => view.logs?.vmId === r.vm.id && view.logs.state === 'ready',
      unavailable: () => 'only while its console log is shown (l shows it)',
      run: (r, app) => {
        const l = view.logs;
        if (l?.vmId !== r.vm.id || l.state !== 'ready') return;
        ui.openModal(app.deps.store, {
          kind: 'prompt',
          title: `Search the console log of ${sanitize(r.vm.name)}`,
          message: 'Lines holding this text (any case); empty shows every line.',
          initial: l.search ?? '',
          onSubmit: (value) => {
            view.setLogs?.({ ...l, search: value.trim() || undefined });
          },
        });
      },
    },
    ...vmVolumeActions<VmRow>(),
    {
      key: 'T',
      label: 'attach firewalls',
      mutation: true,
      detailOnly: true,
      when: (r) => r.vm.status !== 'DELETING',
      unavailable: () => 'it is being deleted',
      run: (r, app) => firewallsForm((m) => m.openVmFirewalls(app.deps, r.vm)),
    },
    {
      key: 'B',
      label: 'cost history',
      detailOnly: true,
      run: (r, app) =>
        billingHistory((m) => m.openBillingHistory(app, { kind: 'vm', id: r.vm.id, name: r.vm.name })),
    },
    {
      key: 'm',
      label: 'metrics span',
      detailOnly: true,
      run: () => view.cycleDuration(1),
    },
    {
      key: 'M',
      label: 'shorter metrics span',
      detailOnly: true,
      run: () => view.cycleDuration(-1),
    },
  ],
  screenActions: [
    {
      key: 'c',
      label: 'create VM',
      mutation: true,
      run: (app, screen) => createForm((m) => m.openCreateVm(app.deps, { onCreated: selectCreated(screen) })),
    },
    {
      key: 'P',
      label: 'create from profile',
      mutation: true,
      run: (app, screen) =>
        createForm((m) => m.openCreateVmFromProfile(app.deps, { onCreated: selectCreated(screen) })),
    },
  ],
});

/** The store key of a VM's metrics over a span ("vm-metrics:12:1h"). */
const metricsKey = (vm: Vm, duration: MetricDuration) => storeKey('vm-metrics', { id: vm.id, duration });

/** The spec with the detail's defaults (the metrics of the last hour): for tests and tools that read the keys. */
export const VMS_SPEC = vmsSpec({ duration: '1h', cycleDuration: () => {} });

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([VMS_SPEC]);

/**
 * Virtual machines: status (and actions in flight), details with events, cost and metrics, every power action,
 * create.
 */
export function VmsScreen(props: ScreenProps) {
  const [duration, setDuration] = useState<MetricDuration>('1h');
  const [vmConsole, setConsole] = useState<ConsoleState | undefined>(undefined);
  const [logs, setLogs] = useState<LogsState | undefined>(undefined);
  const wide = props.width >= RATE_MIN_WIDTH;
  const vms = useAppState((s) => readSlices(s)('vms'));
  const leases = useMemo(() => vms?.some((v) => leaseOf(v) !== undefined) ?? false, [vms]);
  const spec = useMemo(
    () =>
      vmsSpec({
        wide,
        leases,
        duration,
        cycleDuration: (step) => setDuration((d) => nextDuration(d, step)),
        console: vmConsole,
        setConsole,
        logs,
        setLogs,
      }),
    [wide, leases, duration, vmConsole, logs],
  );
  return <ResourceScreen {...props} spec={spec} />;
}
