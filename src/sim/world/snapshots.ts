/**
 * Snapshots of VMs: taken (CREATING → SUCCESS), deleted (with the custom image made of it), restored into a new
 * VM, made into a custom image; each keeps its own events.
 */
import { maxOf, pushAll } from '../../domain/lists.js';
import { findImage, type ImageDef } from '../catalog.js';
import type { World } from '../world.js';
import { snapshotBilled } from './credit.js';
import { alreadyExists, invalid, outOfStock, requireName, wrongState } from './errors.js';
import { inStock } from './stock.js';
import type { SnapshotRecord, VmEvent, VmRecord, VmStatus } from './types.js';
import { addVm, defaultRules, scheduleCreation } from './vm-create.js';
import { addVmEvent } from './vm-events.js';
import { refuseByFlavor, refuseWhileSnapshotting } from './vm-guards.js';
import { refuse } from './vm-state.js';

const SNAPSHOTTABLE: readonly VmStatus[] = ['ACTIVE', 'SHUTOFF'];

function checkName(world: World, name: string): void {
  for (const s of world.snapshots.values()) {
    if (s.name === name) throw alreadyExists(`A snapshot named "${name}" already exists.`);
  }
}

/** What a snapshot keeps of its VM as it was when taken. */
export function snapshotSource(vm: VmRecord) {
  return {
    vmId: vm.id,
    vmName: vm.name,
    vmStatus: vm.status,
    envId: vm.envId,
    flavor: vm.flavor,
    imageName: vm.imageName,
    keypairName: vm.keypairName,
  };
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
    ...snapshotSource(vm),
    size: Math.max(1, Math.round(vm.flavor.disk * 0.4)),
    isImage: input.isImage ?? false,
    labels: input.labels,
    hasFloatingIp: vm.floatingIp !== null,
    createdAt: now,
    updatedAt: now,
  };
  world.snapshots.set(snap.id, snap);
  addSnapshotEvent(world, snap, now, 'SnapshotStarted', `Snapshot ${snap.name} of VM ${vm.name} started.`);
  vm.snapshotting = true;
  addVmEvent(world, vm, now, 'SnapshotStarted', `Snapshot ${snap.name} of VM ${vm.name} started.`);
  world.at(now + world.timings.snapshotMs, (at) => finishSnapshot(world, snap, at));
  return snap;
}

export function finishSnapshot(world: World, snap: SnapshotRecord, at: number): void {
  const vm = world.vms.get(snap.vmId);
  if (vm) vm.snapshotting = false;
  if (world.snapshots.get(snap.id) !== snap) return;
  snap.status = 'SUCCESS';
  snap.updatedAt = at;
  addSnapshotEvent(world, snap, at, 'SnapshotCreated', `Snapshot ${snap.name} is ready (${snap.size} GB).`);
  if (vm) addVmEvent(world, vm, at, 'SnapshotCreated', `Snapshot ${snap.name} of VM ${vm.name} is ready.`);
}

/** Appends to the snapshot's own history. */
export function addSnapshotEvent(
  world: World,
  snap: SnapshotRecord,
  at: number,
  reason: string,
  message: string,
  type: VmEvent['type'] = 'Normal',
): void {
  const event = { time: at, type, reason, message, userId: world.userId };
  if (snap.events) snap.events.push(event);
  else snap.events = [event];
}

/** Deletes the snapshot and the custom image made of it; returns that image's id (the service names it). */
export function deleteSnapshot(world: World, snap: SnapshotRecord): number | null {
  if (snap.status === 'CREATING') {
    throw wrongState(`Snapshot ${snap.name} is still being created and cannot be deleted yet.`);
  }
  world.snapshots.delete(snap.id);
  world.closedBill += snapshotBilled(snap, snap.createdAt, world.now(), world.now());
  const imageId = snap.customImageId ?? null;
  if (imageId !== null) {
    const i = world.images.findIndex((im) => im.id === imageId);
    if (i >= 0) world.images.splice(i, 1);
  }
  return imageId;
}

/** A private custom image of the snapshot, in its region (POST /core/snapshots/{id}/image). */
export function createImageFromSnapshot(
  world: World,
  snap: SnapshotRecord,
  input: { name: string; labels: string[]; at?: number },
): ImageDef {
  if (snap.status !== 'SUCCESS') {
    throw wrongState(`Snapshot ${snap.name} is still being created: an image cannot be made of it yet.`);
  }
  const env = world.envs.get(snap.envId);
  if (!env) throw invalid(`The environment of snapshot ${snap.name} no longer exists.`);
  if (snap.customImageId != null && world.images.some((i) => i.id === snap.customImageId)) {
    throw wrongState(`An image was already made of snapshot ${snap.name}.`);
  }
  if (world.images.some((i) => i.name === input.name && i.region === env.region)) {
    throw alreadyExists(`An image named "${input.name}" already exists in ${env.region}.`);
  }
  const source = findImage(snap.imageName, env.region);
  // the seed makes one in the past
  const now = input.at ?? world.now();
  const image: ImageDef = {
    id:
      maxOf(
        world.images.map((i) => i.id),
        0,
      ) + 1,
    name: input.name,
    region: env.region,
    // the real service's type for an image made of a snapshot
    type: 'Snapshot',
    version: source?.version ?? '',
    size: snap.size * 1024 ** 3,
    description: `Custom image from snapshot ${snap.name}`,
    labels: input.labels.map((label, k) => ({ id: 90_000 + snap.id * 10 + k, label })),
    isPublic: false,
    restrictions: source?.restrictions ?? null,
    createdAt: now,
  };
  world.images.push(image);
  snap.customImageId = image.id;
  snap.isImage = true;
  snap.updatedAt = now;
  addSnapshotEvent(
    world,
    snap,
    now,
    'ImageCreated',
    `Custom image ${image.name} created from snapshot ${snap.name}.`,
  );
  return image;
}

/** A new VM (CREATING) from the snapshot, in the snapshot's environment with its flavor and key pair. */
export function restoreSnapshot(
  world: World,
  snap: SnapshotRecord,
  input: { newVmName: string; contractId: number | null },
): VmRecord {
  if (snap.status !== 'SUCCESS') {
    throw wrongState(`Snapshot ${snap.name} is still being created and cannot be restored yet.`);
  }
  requireName('new_vm_name', input.newVmName, 50);
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
  if (!inStock(world, snap.flavor)) {
    throw outOfStock(`Flavor ${snap.flavor.name} is out of stock in ${env.region}. Check GET /core/stocks.`);
  }
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
  pushAll(vm.rules, defaultRules(world, now));
  addVmEvent(
    world,
    vm,
    now,
    'RestoreFromSnapshot',
    `VM ${vm.name} is being restored from snapshot ${snap.name}.`,
  );
  addSnapshotEvent(
    world,
    snap,
    now,
    'SnapshotRestored',
    `Snapshot ${snap.name} restored into VM ${vm.name}.`,
  );
  scheduleCreation(world, vm, now);
  return vm;
}
