/**
 * Volumes: created (creating → available), deleted (refused while attached), attached to a VM (attaching →
 * in-use) and detached (detaching → available), moved to another environment of the region, attachments protected.
 * One volume is attached to one VM at a time, and a VM takes one attachment change at a time.
 */
import { VOLUME_TYPES } from '../catalog.js';
import type { World } from '../world.js';
import { alreadyExists, fieldInvalid, invalid, notFound, requireName, wrongState } from './errors.js';
import { envOf, requireEnvByName } from './lookup.js';
import type { VmRecord, VmStatus, VolumeRecord, VolumeStatus } from './types.js';
import { clearAttachment, volumeGone } from './vm-removal.js';
import { refuse } from './vm-state.js';

/** The largest volume the service creates (GB): "1048576GB storage capacity per volume". */
export const VOLUME_MAX_GB = 1_048_576;
/** The VM states a volume can be attached in or detached from. */
const ATTACHABLE: readonly VmStatus[] = ['ACTIVE', 'SHUTOFF'];
/** Attachment ids are the volume's id plus this (one attachment per volume). */
const ATTACHMENT_BASE = 100_000;

export function volumeStatus(v: VolumeRecord): VolumeStatus {
  return v.status ?? (v.vmId === null ? 'available' : 'in-use');
}

export function attachmentId(v: VolumeRecord): number {
  return v.id + ATTACHMENT_BASE;
}

export function isProtected(v: VolumeRecord): boolean {
  return v.protected ?? v.bootable;
}

/** The attachment's status as the VM and the volume show it. */
export function attachmentStatus(v: VolumeRecord): string {
  const s = volumeStatus(v);
  return s === 'attaching' ? 'ATTACHING' : s === 'detaching' ? 'DETACHING' : 'ATTACHED';
}

export function volumeTypes(): string[] {
  return Object.keys(VOLUME_TYPES);
}

export function isVolumeNameTaken(world: World, name: string): boolean {
  for (const v of world.volumes.values()) if (v.name === name) return true;
  return false;
}

export function requireVolume(world: World, id: number): VolumeRecord {
  const v = world.volumes.get(id);
  if (!v) throw notFound(`Volume with id ${id} not found.`);
  return v;
}

export interface VolumeInput {
  name: string;
  environmentName: string;
  volumeType: string;
  size: number;
  imageId?: number | undefined;
  description?: string | undefined;
}

export function createVolume(world: World, input: VolumeInput): VolumeRecord {
  requireName('name', input.name, 50);
  const env = requireEnvByName(world, input.environmentName);
  if (!volumeTypes().includes(input.volumeType)) {
    throw fieldInvalid(
      'volume_type',
      `Volume type "${input.volumeType}" does not exist; choose one of ${volumeTypes().join(', ')}.`,
    );
  }
  if (input.size < 1 || input.size > VOLUME_MAX_GB) {
    throw fieldInvalid('size', `Must be between 1 and ${VOLUME_MAX_GB} GB.`);
  }
  let imageId: number | null = null;
  if (input.imageId !== undefined) {
    const image = world.images.find((i) => i.id === input.imageId);
    if (!image) throw notFound(`Image with id ${input.imageId} not found.`);
    if (image.region !== env.region) {
      throw invalid(
        `Image ${image.name} is in ${image.region}; environment ${env.name} is in ${env.region}.`,
      );
    }
    // image sizes are bytes
    const needGb = Math.ceil(image.size / 1024 ** 3);
    if (input.size < needGb) {
      throw fieldInvalid('size', `A volume of image ${image.name} needs at least ${needGb} GB.`);
    }
    imageId = image.id;
  }
  if (isVolumeNameTaken(world, input.name)) {
    throw alreadyExists(`A volume named "${input.name}" already exists.`);
  }
  const now = world.now();
  const v: VolumeRecord = {
    id: world.nextId('volume'),
    name: input.name,
    description: input.description ?? '',
    volumeType: input.volumeType,
    size: input.size,
    bootable: imageId !== null,
    envId: env.id,
    vmId: null,
    device: null,
    attachedAt: null,
    createdAt: now,
    status: 'creating',
    protected: false,
    imageId,
  };
  world.volumes.set(v.id, v);
  world.at(now + world.timings.volumeCreateMs, () => {
    if (world.volumes.get(v.id) === v && v.status === 'creating') v.status = 'available';
  });
  return v;
}

/** Why the volume cannot be deleted, moved or attached now (its status), or undefined. */
function busy(v: VolumeRecord, verb: string): string | undefined {
  const s = volumeStatus(v);
  if (s === 'creating') return `Volume ${v.name} is still being created and cannot be ${verb} yet.`;
  if (s === 'attaching' || s === 'detaching') {
    return `Volume ${v.name} is ${s} and cannot be ${verb} until that is done.`;
  }
  return undefined;
}

function vmName(world: World, id: number): string {
  return world.vms.get(id)?.name ?? `#${id}`;
}

export function deleteVolume(world: World, v: VolumeRecord): void {
  const b = busy(v, 'deleted');
  if (b) throw wrongState(b);
  if (v.vmId !== null) {
    throw wrongState(
      `Volume ${v.name} is attached to virtual machine ${vmName(world, v.vmId)}; detach it before deleting it.`,
    );
  }
  volumeGone(world, v, world.now());
}

/** Update_volume: to another environment of the same region, never while attached. */
export function moveVolume(world: World, v: VolumeRecord, environmentName: string): void {
  const target = requireEnvByName(world, environmentName);
  const here = envOf(world, v.envId);
  const b = busy(v, 'moved');
  if (b) throw wrongState(b);
  if (v.vmId !== null) {
    throw wrongState(
      `Volume ${v.name} is attached to virtual machine ${vmName(world, v.vmId)}; detach it before changing its environment.`,
    );
  }
  if (target.region !== here.region) {
    throw invalid(
      `Environment ${target.name} is in ${target.region}; volume ${v.name} is in ${here.region}. The target environment must be in the same region.`,
    );
  }
  if (target.id === here.id) throw invalid(`Volume ${v.name} is already in environment ${target.name}.`);
  v.envId = target.id;
}

/** The VM's volume whose attachment is changing, if any: a VM takes one change at a time. */
function changing(world: World, vm: VmRecord): VolumeRecord | undefined {
  for (const id of vm.volumeIds) {
    const v = world.volumes.get(id);
    if (v && (v.status === 'attaching' || v.status === 'detaching')) return v;
  }
  return undefined;
}

function refuseAttach(world: World, vm: VmRecord, v: VolumeRecord): void {
  if (v.vmId === vm.id) throw invalid(`Volume ${v.name} is already attached to virtual machine ${vm.name}.`);
  if (v.vmId !== null) {
    throw invalid(
      `Volume ${v.name} is already attached to virtual machine ${vmName(world, v.vmId)}: a volume can be attached to one virtual machine at a time.`,
    );
  }
  const b = busy(v, 'attached');
  if (b) throw wrongState(b);
  if (v.envId !== vm.envId) {
    throw invalid(
      `Volume ${v.name} is in environment ${envOf(world, v.envId).name}; virtual machine ${vm.name} is in ${envOf(world, vm.envId).name}.`,
    );
  }
}

function refuseWhileChanging(world: World, vm: VmRecord): void {
  const c = changing(world, vm);
  if (c) {
    throw wrongState(
      `Virtual machine ${vm.name} is already ${volumeStatus(c)} volume ${c.name}; try again when that is done.`,
    );
  }
}

function nextDevice(world: World, vm: VmRecord): string {
  const used = new Set(vm.volumeIds.map((id) => world.volumes.get(id)?.device));
  for (let c = 98; c < 123; c++) {
    const d = `/dev/vd${String.fromCharCode(c)}`;
    if (!used.has(d)) return d;
  }
  throw invalid(`Virtual machine ${vm.name} has no free device for another volume.`);
}

/** Attaches each volume (all or none): attaching now, in-use after volumeAttachMs. */
export function attachVolumes(world: World, vm: VmRecord, ids: number[], protect: boolean): VolumeRecord[] {
  if (ids.length === 0) throw fieldInvalid('volume_ids', 'At least one volume id is required.');
  if (!ATTACHABLE.includes(vm.status)) throw refuse(vm, 'given a volume', ATTACHABLE);
  refuseWhileChanging(world, vm);
  const vols = [...new Set(ids)].map((id) => requireVolume(world, id));
  for (const v of vols) refuseAttach(world, vm, v);
  const now = world.now();
  for (const v of vols) {
    v.vmId = vm.id;
    v.device = nextDevice(world, vm);
    v.attachedAt = now;
    v.status = 'attaching';
    v.protected = protect;
    vm.volumeIds.push(v.id);
    world.at(now + world.timings.volumeAttachMs, () => {
      if (world.volumes.get(v.id) === v && v.status === 'attaching' && v.vmId === vm.id) v.status = 'in-use';
    });
  }
  return vols;
}

/** Detaches each volume (all or none): detaching now, available after volumeAttachMs. */
export function detachVolumes(world: World, vm: VmRecord, ids: number[]): VolumeRecord[] {
  if (ids.length === 0) throw fieldInvalid('volume_ids', 'At least one volume id is required.');
  if (!ATTACHABLE.includes(vm.status)) throw refuse(vm, 'have a volume detached', ATTACHABLE);
  refuseWhileChanging(world, vm);
  const vols = [...new Set(ids)].map((id) => requireVolume(world, id));
  for (const v of vols) {
    if (v.vmId !== vm.id) throw invalid(`Volume ${v.name} is not attached to virtual machine ${vm.name}.`);
    if (isProtected(v)) {
      throw invalid(
        `The attachment of volume ${v.name} to ${vm.name} is protected; remove its protection before detaching it.`,
      );
    }
  }
  const now = world.now();
  for (const v of vols) {
    v.status = 'detaching';
    world.at(now + world.timings.volumeAttachMs, () => {
      if (world.volumes.get(v.id) !== v || v.status !== 'detaching') return;
      const owner = v.vmId === null ? undefined : world.vms.get(v.vmId);
      if (owner) owner.volumeIds = owner.volumeIds.filter((id) => id !== v.id);
      clearAttachment(v);
    });
  }
  return vols;
}

/** Update_volume_attachment: `protected` on or off. */
export function setAttachmentProtected(world: World, attachment: number, value: boolean): VolumeRecord {
  const v = world.volumes.get(attachment - ATTACHMENT_BASE);
  if (!v || v.vmId === null) throw notFound(`Volume attachment with id ${attachment} not found.`);
  v.protected = value;
  return v;
}
