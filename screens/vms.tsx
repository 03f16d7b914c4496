import { useMemo, useState } from 'react';
import type { MetricDuration } from '../src/api/schemas/metrics.js';
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
import type { ConsoleState } from '../src/store/actions/vm-console.js';
import type { LogsState } from '../src/store/actions/vm-logs.js';
import { deleteVmRule } from '../src/store/actions/vm-rules.js';
import { ui } from '../src/store/state/app-store.js';
import { readSlices } from '../src/store/state/resources.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { useAppState } from '../src/ui/screen/hooks.js';
import {
  declaredBindings,
  type ResourceAction,
  ResourceScreen,
  type ResourceSpec,
  type ScreenControl,
} from '../src/ui/screen/ResourceScreen.js';
import { RATE_MIN_WIDTH, type VmRow, vmsList } from './lists/vms.js';
import {
  aVm,
  nextDuration,
  type VmDetailView,
  vmConsoleActions,
  vmDetail,
  vmMetricsActions,
} from './vm-view.js';
import { vmVolumeActions } from './vm-volumes.js';

// The forms and the cost history load when their key is first pressed (or once the first frame is out).
const callbackForm = lazyCode(() => import('./forms/callback-form.js'));
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

/** The VMs screen for a detail view (the spec is rebuilt when the view changes). */
export const vmsSpec = (view: VmDetailView): ResourceSpec<VmRow, 'vms'> => ({
  ...vmsList(view.wide, view.leases),
  visibleId: (r) => r.vm.id,
  emptyText: 'no virtual machines',
  describe: (r) => aVm(r.vm),
  pending: { key: (r) => `vm:${r.vm.id}`, status: (r) => r.vm.status },
  pendingPrefix: 'vm',
  detail: vmDetail(view),
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
      run: (r, app) => callbackForm((m) => m.openCallbackForm(app.deps, m.vmTarget(r.vm))),
    },
    {
      key: 'U',
      label: 'remove callback',
      mutation: true,
      when: (r) => Boolean(r.vm.callback_url) && r.vm.status !== 'DELETING',
      unavailable: () => 'it has no callback URL (u attaches one)',
      run: (r, app) => callbackForm((m) => m.removeCallback(app.deps, m.vmTarget(r.vm))),
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
    ...vmConsoleActions(view),
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
    ...vmMetricsActions(view),
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
