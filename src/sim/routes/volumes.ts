/**
 * Volumes (the OpenAPI's `volume` and `volume attachment` tags): list, read, types, name availability, create,
 * delete, move to another environment, attach to and detach from a VM, protect an attachment.
 */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { envOf, requireVm } from '../world/lookup.js';
import type { VolumeRecord } from '../world/types.js';
import {
  attachmentId,
  attachmentStatus,
  attachVolumes,
  createVolume,
  deleteVolume,
  detachVolumes,
  isProtected,
  isVolumeNameTaken,
  moveVolume,
  requireVolume,
  setAttachmentProtected,
  volumeStatus,
  volumeTypes,
} from '../world/volumes.js';
import type { World } from '../world.js';
import {
  type Body,
  body,
  idParam,
  ok,
  optBool,
  optInt,
  optStr,
  pageOk,
  refusedAs400,
  reqInt,
  reqIntArray,
  reqStr,
} from './body.js';
import { envFeatures, iso } from './view-core.js';

function volumeJson(world: World, v: VolumeRecord) {
  const env = envOf(world, v.envId);
  const image = v.imageId == null ? undefined : world.images.find((i) => i.id === v.imageId);
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    status: volumeStatus(v),
    volume_type: v.volumeType,
    size: v.size,
    bootable: v.bootable,
    image_id: v.imageId ?? null,
    ...(image ? { os_image: image.name } : {}),
    callback_url: v.callbackUrl ?? null,
    environment: { name: env.name, region: env.region, features: envFeatures(env) },
    attachments:
      v.vmId === null
        ? []
        : [
            {
              id: attachmentId(v),
              instance_id: v.vmId,
              device: v.device,
              status: attachmentStatus(v),
              protected: isProtected(v),
            },
          ],
    created_at: iso(v.createdAt),
    updated_at: iso(v.attachedAt ?? v.createdAt),
  };
}

/** Attach_Volume_Fields. */
function attachmentJson(v: VolumeRecord, vmId: number) {
  return {
    id: attachmentId(v),
    volume_id: v.id,
    instance_id: vmId,
    device: v.device ?? '',
    status: attachmentStatus(v),
    protected: isProtected(v),
    created_at: iso(v.attachedAt ?? v.createdAt),
  };
}

const volumeIds = (b: Body): number[] => reqIntArray(b, 'volume_ids');

export const volumeRoutes: RouteDef[] = [
  serve(op.List_volumes, {
    handle: (req, world) => {
      const envName = req.query.get('environment');
      const all = [...world.volumes.values()].filter(
        (v) => !envName || envOf(world, v.envId).name === envName,
      );
      return pageOk(req, all, {
        message: 'Getting volumes successful',
        key: 'volumes',
        json: (v) => volumeJson(world, v),
        name: (v) => v.name,
      });
    },
  }),
  serve(op.Get_Volume, {
    // Get_Volume documents no 404 (200, 400, 401, 403, 405, 500): an unknown id is a 400
    handle: refusedAs400([404], (req, world) =>
      ok('Getting volume successful', {
        volume: volumeJson(world, requireVolume(world, idParam(req, 'volume_id'))),
      }),
    ),
  }),
  serve(op.List_volume_types, {
    handle: () => ok('Getting volume types successful', { volume_types: volumeTypes() }),
  }),
  serve(op.Fetch_volume_name_availability, {
    // NameAvailableModel: no envelope status
    handle: (req, world) => {
      const name = req.params.name ?? '';
      const available = !isVolumeNameTaken(world, name);
      return {
        body: {
          name,
          available,
          message: available ? `Volume name ${name} is available.` : `A volume named ${name} already exists.`,
        },
      };
    },
  }),
  serve(op.Create_volume, {
    handle: (req, world) => {
      const b = body(req);
      const v = createVolume(world, {
        name: reqStr(b, 'name', 50),
        environmentName: reqStr(b, 'environment_name'),
        volumeType: reqStr(b, 'volume_type'),
        size: reqInt(b, 'size'),
        imageId: optInt(b, 'image_id'),
        description: optStr(b, 'description'),
      });
      return ok(`Volume ${v.name} is being created.`, { volume: volumeJson(world, v) });
    },
  }),
  serve(op.Delete_volume, {
    handle: (req, world) => {
      const v = requireVolume(world, idParam(req, 'volume_id'));
      deleteVolume(world, v);
      return ok(`Volume ${v.name} deleted successfully.`);
    },
  }),
  serve(op.Update_volume, {
    handle: (req, world) => {
      const v = requireVolume(world, idParam(req, 'volume_id'));
      const target = reqStr(body(req), 'environment_name');
      moveVolume(world, v, target);
      return ok(`Volume ${v.name} moved to environment ${target}.`, {
        volume: volumeJson(world, v),
        updates: { environment_name: target },
      });
    },
  }),
  serve(op.Attach_volumes_to_VM, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const b = body(req);
      const vols = attachVolumes(world, vm, volumeIds(b), optBool(b, 'protected') ?? false);
      return ok(`Attaching ${vols.length} volume(s) to virtual machine ${vm.name}.`, {
        volume_attachments: vols.map((v) => attachmentJson(v, vm.id)),
      });
    },
  }),
  serve(op.Detach_volumes_from_VM, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const vols = detachVolumes(world, vm, volumeIds(body(req)));
      return ok(`Detaching ${vols.length} volume(s) from virtual machine ${vm.name}.`, {
        volume_attachments: vols.map((v) => attachmentJson(v, vm.id)),
      });
    },
  }),
  serve(op.Update_volume_attachment, {
    handle: (req, world) => {
      const value = optBool(body(req), 'protected');
      const id = idParam(req, 'volume_attachment_id');
      const v = setAttachmentProtected(world, id, value ?? false);
      return ok('Volume attachment has been updated', {
        volume_attachments: v.vmId === null ? [] : [attachmentJson(v, v.vmId)],
      });
    },
  }),
];
