/** The history of a VM, as GET /core/virtual-machines/{id}/events returns it. */
import type { World } from '../world.js';
import type { VmEvent, VmRecord } from './types.js';

export function addVmEvent(
  world: World,
  vm: VmRecord,
  at: number,
  reason: string,
  message: string,
  type: VmEvent['type'] = 'Normal',
): void {
  vm.events.push({ time: at, type, reason, message, userId: world.userId });
}

/** True while `vm` still exists and no later action superseded operation `op`. */
export function current(world: World, vm: VmRecord, op: number): boolean {
  return world.vms.get(vm.id) === vm && vm.op === op;
}
