/**
 * Snapshot shapes. The list and create responses carry SnapshotFields (`labels` an array of strings, no `region`);
 * the retrieve response (SnapshotRetrieveFields) adds the region and the VM's environment, flavor, image and key
 * pair. The document types those four and `labels` as STRINGS: the simulator sends the objects (and the labels
 * array) JSON-encoded in them, which the client decodes (service-api.md shows them as objects and an array).
 */
import { displaySize, findImage, requireRegionDef } from '../catalog.js';
import { envOf, findKeypairInEnv } from '../world/lookup.js';
import type { SnapshotRecord, VmEvent } from '../world/types.js';
import type { World } from '../world.js';
import { envFeatures, eventJson, flavorShort, imageHead, iso } from './view-core.js';

export function snapshotJson(world: World, s: SnapshotRecord) {
  const env = envOf(world, s.envId);
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    status: s.status,
    vm_id: s.vmId,
    size: s.size,
    region_id: requireRegionDef(env.region).id,
    is_image: s.isImage,
    labels: s.labels,
    has_floating_ip: s.hasFloatingIp,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}

export function snapshotDetailJson(world: World, s: SnapshotRecord) {
  const env = envOf(world, s.envId);
  const vm = world.vms.get(s.vmId);
  const image = findImage(s.imageName, env.region);
  const kp = findKeypairInEnv(world, env.id, s.keypairName);
  const { ephemeral: _ephemeral, ...vmFlavor } = flavorShort(s.flavor);
  return {
    ...snapshotJson(world, s),
    region: env.region,
    labels: JSON.stringify(s.labels),
    vm_name: s.vmName,
    vm_status: vm?.status ?? 'DELETED',
    vm_environment: JSON.stringify({
      id: env.id,
      name: env.name,
      region: env.region,
      created_at: iso(env.createdAt),
      features: { network_optimised: envFeatures(env).network_optimised },
    }),
    vm_flavor: JSON.stringify(vmFlavor),
    vm_image: JSON.stringify(
      image
        ? {
            id: image.id,
            name: image.name,
            type: image.type,
            version: image.version,
            size: image.size,
            display_size: displaySize(image.size),
            is_public: image.isPublic,
          }
        : { name: s.imageName },
    ),
    vm_keypair: JSON.stringify({
      id: kp?.id ?? null,
      name: s.keypairName,
      environment: env.name,
      fingerprint: kp?.fingerprint ?? null,
      created_at: kp ? iso(kp.createdAt) : null,
    }),
    // the image made of it (an object at the real service: corrections.ts), and it is never a snapshot of a
    // standalone volume
    custom_image: customImageJson(world, s),
    volume_id: null,
    volume_name: null,
  };
}

function customImageJson(world: World, s: SnapshotRecord) {
  const id = s.customImageId ?? null;
  const i = id === null ? undefined : world.images.find((x) => x.id === id);
  if (!i) return null;
  return {
    ...imageHead(i),
    description: i.description,
    is_public: i.isPublic,
    created_at: iso(i.createdAt ?? s.updatedAt),
    labels: i.labels.map((l) => l.label),
  };
}

/** One event of a snapshot's history: the document gives no shape, so the VM events' one (snapshot_id for instance_id). */
export function snapshotEventJson(world: World, s: SnapshotRecord, e: VmEvent) {
  return { snapshot_id: s.id, ...eventJson(world, e, `Snapshot/${s.name}`) };
}
