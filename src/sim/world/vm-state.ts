/**
 * The VM state machine's vocabulary: the `power_state` and `vm_state` that go with each `status` (OpenStack
 * semantics: `vm_state` is the stable state, unchanged while a transition is under way), and the service-style
 * refusal of an action in the wrong state.
 */
import { wrongState } from './errors.js';
import type { VmRecord, VmStatus } from './types.js';

type Shape = { power: string; vm: string };
// A transition keeps the stable state it started from (OpenStack), so most statuses share one of these.
const BUILDING: Shape = { power: 'NOSTATE', vm: 'building' };
const RUNNING: Shape = { power: 'RUNNING', vm: 'active' };
const STOPPED: Shape = { power: 'SHUTDOWN', vm: 'stopped' };
const SHELVED: Shape = { power: 'SHUTDOWN', vm: 'shelved_offloaded' };

const SHAPES: Record<Exclude<VmStatus, 'DELETING'>, Shape> = {
  CREATING: BUILDING,
  BUILD: BUILDING,
  ACTIVE: RUNNING,
  STOPPING: RUNNING,
  REBOOTING: RUNNING,
  HIBERNATING: RUNNING,
  SHUTOFF: STOPPED,
  STARTING: STOPPED,
  HIBERNATED: SHELVED,
  RESTORING: SHELVED,
  RESIZING: { power: 'RUNNING', vm: 'resized' },
  ERROR: { power: 'NOSTATE', vm: 'error' },
};

/** Sets the status with the power_state and vm_state that go with it (DELETING keeps the last ones). */
export function setStatus(vm: VmRecord, status: VmStatus): void {
  vm.status = status;
  if (status === 'DELETING') return;
  const s = SHAPES[status];
  vm.powerState = s.power;
  vm.vmState = s.vm;
}

/** How the service words a VM that is in the middle of something. */
const BUSY: Partial<Record<VmStatus, string>> = {
  CREATING: 'currently being created',
  BUILD: 'currently being created',
  STOPPING: 'currently stopping',
  STARTING: 'currently starting',
  REBOOTING: 'currently rebooting',
  HIBERNATING: 'currently hibernating',
  RESTORING: 'currently being restored from hibernation',
  RESIZING: 'currently being resized',
  DELETING: 'currently being deleted',
};

/**
 * The refusal of an action (`verb` in the past participle: "started", "deleted") on a VM whose state does not
 * allow it. Mid-transition: "VM demo-7 is currently being created and cannot be deleted yet. Please wait until
 * it is ACTIVE." Otherwise it names the states that would allow it. `via` is the action's own intermediate
 * state: asking again for a transition already under way says so.
 */
export function refuse(vm: VmRecord, verb: string, allowed: readonly VmStatus[], via?: VmStatus) {
  const busy = BUSY[vm.status];
  if (vm.status === 'DELETING') {
    if (verb === 'deleted') return wrongState(`VM ${vm.name} is already being deleted.`);
    return wrongState(`VM ${vm.name} is currently being deleted and cannot be ${verb}.`);
  }
  if (busy) {
    const until = vm.pendingTarget ?? 'ACTIVE';
    if (vm.status === via) {
      return wrongState(`VM ${vm.name} is ${busy} already; it will be ${until} shortly.`);
    }
    return wrongState(
      `VM ${vm.name} is ${busy} and cannot be ${verb} yet. Please wait until it is ${until}.`,
    );
  }
  const list = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
  return wrongState(`VM ${vm.name} is ${vm.status} and cannot be ${verb}. Only a ${list} VM can be ${verb}.`);
}
