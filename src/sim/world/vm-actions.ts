/**
 * Power actions, resize and deletion, each a timed transition through an intermediate state:
 * stop ACTIVE → STOPPING → SHUTOFF; start SHUTOFF → STARTING → ACTIVE; hard-reboot → REBOOTING → ACTIVE;
 * hibernate → HIBERNATING → HIBERNATED; restore HIBERNATED → RESTORING → ACTIVE; resize → RESIZING → the state
 * it was in; delete → DELETING → gone.
 */
import type { World } from '../world.js';
import { invalid, notAllowed, outOfStock } from './errors.js';
import { envOf, requireFlavor } from './lookup.js';
import { changeVm } from './pricing.js';
import { inStock } from './stock.js';
import type { VmRecord, VmStatus } from './types.js';
import { attachNewFloatingIp } from './vm-create.js';
import { addVmEvent, current } from './vm-events.js';
import { refuseByFlavor, refuseClusterNode, refuseIfLocked, refuseWhileSnapshotting } from './vm-guards.js';
import { vmGone } from './vm-removal.js';
import { refuse, setStatus } from './vm-state.js';

export type VmAction = 'start' | 'stop' | 'hard-reboot' | 'hibernate' | 'hibernate-restore';

interface ActionDef {
  verb: string;
  from: readonly VmStatus[];
  via: VmStatus;
  to: VmStatus;
  requested: string;
  done: string;
}

const ACTIONS: Record<VmAction, ActionDef> = {
  start: {
    verb: 'started',
    from: ['SHUTOFF'],
    via: 'STARTING',
    to: 'ACTIVE',
    requested: 'Starting',
    done: 'Started',
  },
  stop: {
    verb: 'stopped',
    from: ['ACTIVE'],
    via: 'STOPPING',
    to: 'SHUTOFF',
    requested: 'Stopping',
    done: 'Stopped',
  },
  'hard-reboot': {
    verb: 'rebooted',
    from: ['ACTIVE', 'SHUTOFF', 'ERROR'],
    via: 'REBOOTING',
    to: 'ACTIVE',
    requested: 'HardRebooting',
    done: 'Rebooted',
  },
  // "This operation requires the VM to be in the ACTIVE state" (https://docs.hyperstack.cloud/docs/api-reference/hibernate-vm/):
  // a stopped VM is started first to be hibernated
  hibernate: {
    verb: 'hibernated',
    from: ['ACTIVE'],
    via: 'HIBERNATING',
    to: 'HIBERNATED',
    requested: 'Hibernating',
    done: 'Hibernated',
  },
  'hibernate-restore': {
    verb: 'restored',
    from: ['HIBERNATED'],
    via: 'RESTORING',
    to: 'ACTIVE',
    requested: 'Restoring',
    done: 'Restored',
  },
};

export interface ActionOptions {
  /** hibernate: keep the public IP while hibernated (it stays billed); otherwise it is released. */
  retainIp?: boolean;
}

/** Starts a power action; returns the service's acknowledgement message. */
export function vmAction(world: World, vm: VmRecord, action: VmAction, opts: ActionOptions = {}): string {
  const def = ACTIONS[action];
  refuseWhileSnapshotting(vm);
  refuseIfLocked(vm, def.verb);
  if (action === 'hibernate' || action === 'hard-reboot') refuseByFlavor(vm, action);
  if (!def.from.includes(vm.status)) throw refuse(vm, def.verb, def.from, def.via);
  const now = world.now();
  const op = ++vm.op;
  changeVm(world, vm, now, () => {
    setStatus(vm, def.via);
    vm.pendingTarget = def.to;
  });
  addVmEvent(
    world,
    vm,
    now,
    def.requested,
    `${def.requested.replace(/([a-z])([A-Z])/g, '$1 $2')} VM ${vm.name}.`,
  );
  world.at(now + world.timings.vmPowerMs, (at) => {
    if (!current(world, vm, op)) return;
    changeVm(world, vm, at, () => {
      setStatus(vm, def.to);
      vm.pendingTarget = null;
      if (action === 'hibernate' && !opts.retainIp && vm.floatingIp !== null) {
        vm.floatingIp = null;
        vm.floatingIpStatus = 'NO FLOATING IP';
        vm.wantsFloatingIp = true;
      }
    });
    if (def.to === 'ACTIVE' && vm.wantsFloatingIp && vm.floatingIp === null)
      attachNewFloatingIp(world, vm, at);
    addVmEvent(world, vm, at, def.done, `VM ${vm.name} is ${def.to}.`);
  });
  return `VM ${vm.name} ${actionNoun(action)} has been initiated.`;
}

function actionNoun(action: VmAction): string {
  switch (action) {
    case 'start':
      return 'start';
    case 'stop':
      return 'stop';
    case 'hard-reboot':
      return 'hard reboot';
    case 'hibernate':
      return 'hibernation';
    case 'hibernate-restore':
      return 'restore from hibernation';
  }
}

const RESIZABLE: readonly VmStatus[] = ['ACTIVE', 'SHUTOFF'];

/** The service's answer when resizing is switched off for the organisation (WorldOptions.resizeEnabled). */
export const RESIZE_DISABLED = 'This feature is currently disabled';

export function resizeVm(world: World, vm: VmRecord, flavorName: string): string {
  if (!world.resizeEnabled) throw notAllowed(RESIZE_DISABLED);
  refuseWhileSnapshotting(vm);
  refuseIfLocked(vm, 'resized');
  if (!RESIZABLE.includes(vm.status)) throw refuse(vm, 'resized', RESIZABLE);
  const flavor = requireFlavor(envOf(world, vm.envId), flavorName);
  if (flavor.name === vm.flavor.name) throw invalid(`VM ${vm.name} already has flavor ${flavor.name}.`);
  if (!inStock(world, flavor)) throw outOfStock(`Flavor ${flavor.name} is out of stock in ${flavor.region}.`);
  const origin = vm.status;
  const now = world.now();
  const op = ++vm.op;
  changeVm(world, vm, now, () => {
    setStatus(vm, 'RESIZING');
    vm.pendingTarget = origin;
  });
  addVmEvent(world, vm, now, 'Resizing', `Resizing VM ${vm.name} from ${vm.flavor.name} to ${flavor.name}.`);
  world.at(now + world.timings.vmResizeMs, (at) => {
    if (!current(world, vm, op)) return;
    changeVm(world, vm, at, () => {
      vm.flavor = flavor;
      setStatus(vm, origin);
      vm.pendingTarget = null;
    });
    addVmEvent(world, vm, at, 'Resized', `VM ${vm.name} now runs on ${flavor.name}.`);
  });
  return `VM ${vm.name} resize to ${flavor.name} has been initiated.`;
}

const DELETABLE: readonly VmStatus[] = ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR'];

export function deleteVm(world: World, vm: VmRecord): string {
  refuseWhileSnapshotting(vm);
  refuseIfLocked(vm, 'deleted');
  refuseClusterNode(world, vm);
  if (!DELETABLE.includes(vm.status)) throw refuse(vm, 'deleted', DELETABLE);
  const now = world.now();
  const op = ++vm.op;
  changeVm(world, vm, now, () => {
    setStatus(vm, 'DELETING');
    vm.pendingTarget = null;
  });
  addVmEvent(world, vm, now, 'Deleting', `Deletion of VM ${vm.name} requested.`);
  world.at(now + world.timings.vmDeleteMs, (at) => {
    if (current(world, vm, op)) vmGone(world, vm, at);
  });
  return `VM ${vm.name} deletion has been initiated.`;
}
