/** Attaching and detaching a VM's public IP: ATTACHING → ATTACHED, DETACHING → NO FLOATING IP. */
import type { World } from '../world.js';
import { invalid } from './errors.js';
import { changeVm } from './pricing.js';
import type { VmRecord, VmStatus } from './types.js';
import { attachNewFloatingIp } from './vm-create.js';
import { addVmEvent } from './vm-events.js';
import { refuseWhileSnapshotting } from './vm-guards.js';
import { refuse } from './vm-state.js';

const IP_CHANGEABLE: readonly VmStatus[] = ['ACTIVE', 'SHUTOFF'];

export function attachFloatingIp(world: World, vm: VmRecord): string {
  refuseWhileSnapshotting(vm);
  if (!IP_CHANGEABLE.includes(vm.status)) throw refuse(vm, 'given a public IP', IP_CHANGEABLE);
  if (vm.floatingIpStatus !== 'NO FLOATING IP') {
    throw invalid(`VM ${vm.name} already has a public IP (${vm.floatingIpStatus}).`);
  }
  const now = world.now();
  vm.floatingIpStatus = 'ATTACHING';
  addVmEvent(world, vm, now, 'AttachingPublicIP', `Attaching a public IP to VM ${vm.name}.`);
  world.at(now + world.timings.floatingIpMs, (at) => {
    if (world.vms.get(vm.id) !== vm || vm.floatingIpStatus !== 'ATTACHING' || vm.status === 'DELETING')
      return;
    attachNewFloatingIp(world, vm, at);
    addVmEvent(world, vm, at, 'AttachedPublicIP', `Public IP ${vm.floatingIp} attached to VM ${vm.name}.`);
  });
  return `Public IP attachment to VM ${vm.name} has been initiated.`;
}

export function detachFloatingIp(world: World, vm: VmRecord): string {
  refuseWhileSnapshotting(vm);
  if (!IP_CHANGEABLE.includes(vm.status)) throw refuse(vm, 'detached from its public IP', IP_CHANGEABLE);
  if (vm.floatingIpStatus !== 'ATTACHED') {
    throw invalid(`VM ${vm.name} has no public IP to detach (${vm.floatingIpStatus}).`);
  }
  const now = world.now();
  vm.floatingIpStatus = 'DETACHING';
  addVmEvent(world, vm, now, 'DetachingPublicIP', `Detaching public IP ${vm.floatingIp} from VM ${vm.name}.`);
  world.at(now + world.timings.floatingIpMs, (at) => {
    if (world.vms.get(vm.id) !== vm || vm.floatingIpStatus !== 'DETACHING') return;
    changeVm(world, vm, at, () => {
      vm.floatingIp = null;
      vm.floatingIpStatus = 'NO FLOATING IP';
    });
    addVmEvent(world, vm, at, 'DetachedPublicIP', `Public IP detached from VM ${vm.name}.`);
  });
  return `Public IP detachment from VM ${vm.name} has been initiated.`;
}
