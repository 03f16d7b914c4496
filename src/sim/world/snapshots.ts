/** Snapshots of VMs: taken (CREATING → SUCCESSFUL), deleted, and restored into a new VM. */
import { findImage } from '../catalog.js';
import type { World } from '../world.js';
import { alreadyExists, invalid, requireName1To50, wrongState } from './errors.js';
import type { SnapshotRecord, VmRecord, VmStatus } from './types.js';
import { addVm, defaultRules, scheduleCreation } from './vm-create.js';
import { addVmEvent } from './vm-events.js';
import { refuseByFlavor, refuseWhileSnapshotting } from './vm-guards.js';
import { refuse } from './vm-state.js';

const SNAPSHOTTABLE: readonly VmStatus[] = ['ACTIVE', 'SHUTOFF'];

function checkName(world: World, name: string): void {
  requireName1To50('name', name);
  for (const s of world.snapshots.values()) {
    if (s.name === name) throw alreadyExists(`A snapshot named "${name}" already exists.`);
  }
}

export function createSnapshot(
  world: World,
  vm: VmRecord,
  input: { name: string; description: string; labels: string[]; isImage?: boolean },
): SnapshotRecord {
  refuseWhileSnapshotting(vm);
  refuseByFlavor(vm, 'snapshot');
  if (!SNAPSHOTTABLE.includes(vm.status)) throw refuse(vm, 'snapshotted', SNAPSHOTTABLE);
  checkName(world, input.name);
  const now = world.now();
  const snap: SnapshotRecord = {
    id: world.nextId('snapshot'),
    name: input.name,
    description: input.description,
    status: 'CREATING',
    vmId: vm.id,
    vmName: vm.name,
    vmStatus: vm.status,
    envId: vm.envId,
    flavor: vm.flavor,
    imageName: vm.imageName,
    keypairName: vm.keypairName,
    size: Math.max(1, Math.round(vm.flavor.disk * 0.4)),
    isImage: input.isImage ?? false,
    labels: input.labels,
    hasFloatingIp: vm.floatingIp !== null,
    createdAt: now,
    updatedAt: now,
  };
  world.snapshots.set(snap.id, snap);
  vm.snapshotting = true;
  addVmEvent(world, vm, now, 'SnapshotStarted', `Snapshot ${snap.name} of VM ${vm.name} started.`);
  world.at(now + world.timings.snapshotMs, (at) => finishSnapshot(world, snap, at));
  return snap;
}

export function finishSnapshot(world: World, snap: SnapshotRecord, at: number): void {
  const vm = world.vms.get(snap.vmId);
  if (vm) vm.snapshotting = false;
  if (world.snapshots.get(snap.id) !== snap) return;
  snap.status = 'SUCCESSFUL';
  snap.updatedAt = at;
  if (vm) addVmEvent(world, vm, at, 'SnapshotCreated', `Snapshot ${snap.name} of VM ${vm.name} is ready.`);
}

export function deleteSnapshot(world: World, snap: SnapshotRecord): void {
  if (snap.status === 'CREATING') {
    throw wrongState(`Snapshot ${snap.name} is still being created and cannot be deleted yet.`);
  }
  world.snapshots.delete(snap.id);
}

/** A new VM (CREATING) from the snapshot, in the snapshot's environment with its flavor and key pair. */
export function restoreSnapshot(
  world: World,
  snap: SnapshotRecord,
  input: { newVmName: string; contractId: number | null },
): VmRecord {
  if (snap.status !== 'SUCCESSFUL') {
    throw wrongState(`Snapshot ${snap.name} is still being created and cannot be restored yet.`);
  }
  requireName1To50('new_vm_name', input.newVmName);
  if (world.vmByName.has(input.newVmName)) {
    throw alreadyExists(`A virtual machine named "${input.newVmName}" already exists.`);
  }
  if (input.contractId !== null && !world.contracts.has(input.contractId)) {
    throw invalid(`Contract ${input.contractId} not found.`);
  }
  const env = world.envs.get(snap.envId);
  if (!env) throw invalid(`The environment of snapshot ${snap.name} no longer exists.`);
  const image = findImage(snap.imageName, env.region);
  if (!image) throw invalid(`The image of snapshot ${snap.name} is no longer available.`);
  const now = world.now();
  const vm = addVm(world, {
    name: input.newVmName,
    env,
    flavor: snap.flavor,
    image,
    keypairName: snap.keypairName,
    status: 'CREATING',
    createdAt: now,
    contractId: input.contractId,
    labels: [...snap.labels],
    wantsFloatingIp: snap.hasFloatingIp,
  });
  vm.rules.push(...defaultRules(world, now));
  addVmEvent(
    world,
    vm,
    now,
    'RestoreFromSnapshot',
    `VM ${vm.name} is being restored from snapshot ${snap.name}.`,
  );
  scheduleCreation(world, vm, now);
  return vm;
}
