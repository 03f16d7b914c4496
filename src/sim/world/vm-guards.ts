/**
 * The refusals the service makes before it looks at a VM's status: a VM being snapshotted refuses every action, a
 * locked VM refuses changes, a cluster's node is deleted with its cluster, and a flavor may not support an action
 * at all (`features.no_hibernation`, `no_reboot`, `no_snapshot`). All are 400 `bad_request`.
 */
import type { World } from '../world.js';
import { wrongState } from './errors.js';
import type { VmRecord } from './types.js';

/** Any action on a VM while one of its snapshots is being taken. */
export function refuseWhileSnapshotting(vm: VmRecord): void {
  if (vm.snapshotting)
    throw wrongState(
      `VM ${vm.name} is being snapshotted: no action is possible until the snapshot is done. Please try again later.`,
    );
}

/** A change (`verb`: "stop", "delete" …) to a locked VM. */
export function refuseIfLocked(vm: VmRecord, verb: string): void {
  if (vm.locked) throw wrongState(`VM ${vm.name} is locked: it cannot be ${verb} until it is unlocked.`);
}

/** Deleting a VM that is a node of a cluster: the cluster owns it. */
export function refuseClusterNode(world: World, vm: VmRecord): void {
  if (vm.clusterId === null) return;
  const cluster = world.clusters.get(vm.clusterId);
  throw wrongState(
    `VM ${vm.name} is a node of cluster ${cluster?.name ?? vm.clusterId}: it is deleted with its cluster.`,
  );
}

/** What a flavor does not support, as the action's noun ("hibernation", "hard reboot", "snapshots"). */
export function refuseByFlavor(vm: VmRecord, action: 'hibernate' | 'hard-reboot' | 'snapshot'): void {
  const l = vm.flavor.limits;
  const refused =
    action === 'hibernate'
      ? l.noHibernation && 'hibernation'
      : action === 'hard-reboot'
        ? l.noReboot && 'hard reboot'
        : l.noSnapshot && 'snapshots';
  if (refused) throw wrongState(`Flavor ${vm.flavor.name} of VM ${vm.name} does not support ${refused}.`);
}
