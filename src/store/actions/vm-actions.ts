import type { Vm } from '../../api/schemas/vm.js';
import { parseRule, type RuleInput, SSH_RULE } from '../../domain/firewall-rule.js';
import { plainNameError } from '../../domain/names.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import type { FormSpec } from '../state/form-spec.js';
import { readData } from '../state/resources.js';
import { ensureLoaded } from './ensure-loaded.js';
import { askHibernate, askStop } from './hibernate.js';
import { lazyCode } from './lazy-code.js';
import { type ActionDeps, runAction } from './mutate.js';
import type { nameCheck } from './name-check.js';

// Following loads once an action has been sent: not on the first screen's start path.
const following = () => import('./follow-kinds.js');
const followVm = (deps: ActionDeps, vm: Vm, before: string | undefined) =>
  void following().then((m) => m.followVms(deps, [vm], before));
// the clusters' actions load when asked for, not with the VMs screen
const clusterActions = lazyCode(() => import('./cluster-actions.js'));

/** Actions that must not be sent twice (a second reboot, a second snapshot): held back after an unknown outcome. */
export const NOT_REPEATABLE: ReadonlySet<VmCommand> = new Set([
  'hardReboot',
  'snapshot',
  'openSsh',
  'addRule',
  'attachIp',
]);

/**
 * Every VM action the VMs screen offers. Stop, hard reboot, hibernate and detach ask first; delete wants the
 * VM's name typed. Each runs once (never retried), shows the service's answer, and refreshes the list.
 */
export type VmCommand =
  | 'start'
  | 'stop'
  | 'hardReboot'
  | 'hibernate'
  | 'hibernateRestore'
  | 'attachIp'
  | 'detachIp'
  | 'openSsh'
  | 'addRule'
  | 'snapshot'
  | 'delete';

const REFRESH = ['vms'] as const;

/** What every command on one VM shares: its name, its marks, what it reloads, and how it asks and follows. */
interface OnVm {
  deps: ActionDeps;
  vm: Vm;
  name: string;
  pending(label: string): { key: string; label: string; from: string };
  after: { refresh: typeof REFRESH; items: { vms: number[] }; state: () => string | undefined };
  followed(call: Parameters<typeof runAction>[1], o: Parameters<typeof runAction>[2]): void;
  confirm(title: string, message: string, confirmLabel: string, run: () => void, danger?: boolean): void;
}

function onVm(deps: ActionDeps, vm: Vm): OnVm {
  // After an unknown outcome, the status the reloaded list shows.
  const state = () => {
    const now = readData(deps.store, 'vms')?.find((v) => v.id === vm.id);
    return now ? (now.status ?? undefined) : 'gone from the list';
  };
  return {
    deps,
    vm,
    name: sanitize(vm.name),
    pending: (label) => ({ key: `vm:${vm.id}`, label, from: vm.status }),
    // what an action on it reloads: this VM alone when the list is big (see Poller.refreshAfter)
    after: { refresh: REFRESH, items: { vms: [vm.id] }, state },
    // A power action or a delete, then the VM followed until it settles ("VM gpu-7 is SHUTOFF after 8 s").
    followed: (call, o) =>
      void runAction(deps, call, o).then((r) => {
        if (r !== undefined) followVm(deps, vm, vm.status ?? undefined);
      }),
    confirm: (title, message, confirmLabel, run, danger = false) =>
      ui.openModal(deps.store, { kind: 'confirm', title, message, confirmLabel, danger, onConfirm: run }),
  };
}

export function vmCommand(deps: ActionDeps, vm: Vm, command: VmCommand): void {
  const c = onVm(deps, vm);
  const { name, pending, after, followed, confirm } = c;
  switch (command) {
    case 'start':
      followed((api) => api.vms.start(vm.id), {
        doing: `Starting ${name}`,
        done: `Start requested for ${name}`,
        ...after,
        pending: pending('STARTING'),
      });
      return;
    case 'stop':
      void askStop(
        deps,
        vm,
        () =>
          followed((api) => api.vms.stop(vm.id), {
            doing: `Stopping ${name}`,
            done: `Stop requested for ${name}`,
            ...after,
            pending: pending('STOPPING'),
          }),
        after,
      );
      return;
    case 'hardReboot':
      confirm(
        `Hard reboot ${name}?`,
        'Like pulling the power cord: unsaved work in the VM is lost.',
        'hard reboot',
        () =>
          followed((api) => api.vms.hardReboot(vm.id), {
            doing: `Hard rebooting ${name}`,
            done: `Hard reboot requested for ${name}`,
            ...after,
            pending: pending('REBOOTING'),
          }),
        true,
      );
      return;
    case 'hibernate':
      void askHibernate(deps, vm, after, (from) => followVm(deps, vm, from));
      return;
    case 'hibernateRestore':
      followed((api) => api.vms.hibernateRestore(vm.id), {
        doing: `Restoring ${name} from hibernation`,
        done: `Restore requested for ${name}`,
        ...after,
        pending: pending('RESTORING'),
      });
      return;
    case 'attachIp':
      void runAction(deps, (api) => api.vms.attachFloatingIp(vm.id), {
        doing: `Attaching a public IP to ${name}`,
        done: `Public IP requested for ${name}`,
        ...after,
        pending: pending('ATTACHING IP'),
      });
      return;
    case 'detachIp':
      confirm(
        `Detach the public IP ${sanitize(vm.floating_ip ?? '')} from ${name}?`,
        'The address goes back to the pool: you may not get the same one again.',
        'detach',
        () =>
          void runAction(deps, (api) => api.vms.detachFloatingIp(vm.id), {
            doing: `Detaching the public IP of ${name}`,
            done: `Public IP detached from ${name}`,
            ...after,
          }),
        true,
      );
      return;
    case 'addRule':
      askRule(c);
      return;
    case 'snapshot':
      askSnapshot(c);
      return;
    case 'delete':
      askDelete(c);
      return;
    case 'openSsh':
      // Opens the VM to the whole internet: never on one key press.
      confirm(
        `Open SSH on ${name} to the whole internet?`,
        `Adds an inbound firewall rule to ${name}: TCP port 22 from ${SSH_RULE.remote_ip_prefix} (any address, IPv4). ` +
          'Anyone can then try to log in; for a narrower source, use "a" (add rule) with a CIDR.',
        'open SSH',
        () => addRule(deps, vm, SSH_RULE, 'SSH (tcp/22 from anywhere)'),
        true,
      );
      return;
  }
}

/** Asks for a firewall rule ("tcp 8080"), then adds it. */
function askRule({ deps, vm, name }: OnVm): void {
  ui.openModal(deps.store, {
    kind: 'prompt',
    title: `Add a firewall rule to ${name}`,
    message: 'PROTOCOL [PORT|MIN-MAX] [CIDR] [egress], e.g. "tcp 8080", "udp 53 10.0.0.0/8", "icmp"',
    initial: '',
    validate: (v) => {
      const r = parseRule(v);
      return 'error' in r ? r.error : undefined;
    },
    onSubmit: (v) => {
      const r = parseRule(v);
      if ('rule' in r) addRule(deps, vm, r.rule, v.trim());
    },
  });
}

/**
 * Asks the snapshot's name (the service says whether it is free first: Fetch_snapshot_name_availability), then
 * snapshots the VM and follows the snapshot until it is done.
 */
function askSnapshot(c: OnVm): void {
  nameChecks((m) =>
    snapshotForm(
      c,
      m.nameCheck('snapshot', (api, n) => api.snapshots.nameAvailable(n)),
    ),
  );
}

// another resource's check: loaded when first asked (or ahead, after the first frame), not on the start path
const nameChecks = lazyCode(() => import('./name-check.js'));

function snapshotForm(
  { deps, vm, name, after, pending }: OnVm,
  nameFree: ReturnType<typeof nameCheck>,
): void {
  ui.openForm(deps.store, {
    title: `Snapshot ${name}`,
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        // CreateSnapshotPayload documents no length or characters for a name: none is invented
        validate: (v: string) => plainNameError(v),
      },
    ],
    initial: { name: `${vm.name}-snap` },
    submitLabel: 'Snapshot',
    onSubmit: async (values: { name: string }) => {
      const snapName = values.name.trim();
      await nameFree(deps, snapName);
      void runAction(
        deps,
        (api) => api.snapshots.create(vm.id, { name: snapName, description: `Snapshot of ${vm.name}` }),
        {
          doing: `Snapshotting ${name}`,
          done: `Snapshot ${sanitize(snapName)} requested`,
          ...after,
          pending: pending('SNAPSHOTTING'),
        },
      ).then((snap) => {
        // followed until it is done, whichever screen is shown
        if (snap?.id != null) {
          const followed = { id: snap.id, name: snap.name ?? snapName };
          void following().then((m) => m.followSnapshot(deps, followed));
        }
      });
    },
  } satisfies FormSpec<{ name: string }>);
}

/** Deletes the VM once its name is typed (a cluster's node: its cluster is offered instead). */
function askDelete({ deps, vm, name, after, pending, followed }: OnVm): void {
  if (vm.cluster_id != null) {
    void deleteClusterNode(deps, vm, vm.cluster_id);
    return;
  }
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete ${name}?`,
    message: 'This permanently deletes the VM and its data. Type its name to confirm.',
    expected: vm.name,
    onConfirm: () =>
      followed((api) => api.vms.delete(vm.id), {
        doing: `Deleting ${name}`,
        done: `Delete requested for ${name}`,
        ...after,
        pending: pending('DELETING'),
      }),
  });
}

/**
 * Deleting a VM that is a node of a cluster: the service deletes a cluster's nodes only with their cluster. The
 * cluster is named and the user asked whether to delete it instead; that delete then asks again (its name typed).
 */
async function deleteClusterNode(deps: ActionDeps, vm: Vm, clusterId: number): Promise<void> {
  const name = sanitize(vm.name);
  if (!(await ensureLoaded(deps, ['clusters'], { title: `Delete ${name}` }))) return;
  const cluster = readData(deps.store, 'clusters')?.find((c) => c.id === clusterId);
  if (!cluster) {
    ui.say(
      deps.store,
      `${name} is a node of cluster ${clusterId} (not in the cluster list): it is deleted with its cluster`,
      'error',
    );
    return;
  }
  const cname = sanitize(cluster.name);
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `${name} is a node of cluster ${cname}`,
    message:
      `The service deletes a cluster's nodes only with their cluster: ${name} alone cannot be deleted. ` +
      `Delete cluster ${cname} instead, with all of its nodes and data?`,
    confirmLabel: 'delete the cluster',
    danger: true,
    onConfirm: () => clusterActions((m) => m.deleteCluster(deps, cluster, Date.now())),
  });
}

function addRule(deps: ActionDeps, vm: Vm, rule: RuleInput, what: string): void {
  void runAction(deps, (api) => api.vms.addRule(vm.id, rule), {
    doing: `Adding ${what} to ${sanitize(vm.name)}`,
    done: `Rule ${what} added to ${sanitize(vm.name)}`,
    refresh: REFRESH,
    items: { vms: [vm.id] },
    // Marked while in flight, and after an unknown outcome: the same rule is not offered again at once.
    pending: { key: `vm:${vm.id}`, label: 'ADDING RULE', from: vm.status },
  });
}
