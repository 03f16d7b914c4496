/** Snapshots: list, read, events, delete, restore into a new VM, make a custom image of, and take one of a VM. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { notFound } from '../world/errors.js';
import { requireSnapshot, requireVm } from '../world/lookup.js';
import {
  createImageFromSnapshot,
  createSnapshot,
  deleteSnapshot,
  restoreSnapshot,
} from '../world/snapshots.js';
import {
  body,
  idParam,
  ok,
  optBool,
  optInt,
  optStr,
  optStrArray,
  pageOk,
  refusedAs400,
  reqStr,
} from './body.js';
import { snapshotDetailJson, snapshotEventJson, snapshotJson } from './view-snapshot.js';
import { vmJson } from './view-vm.js';

export const snapshotRoutes: RouteDef[] = [
  serve(op.List_snapshots, {
    handle: (req, world) => {
      return pageOk(req, [...world.snapshots.values()], {
        message: 'Getting snapshots successful',
        key: 'snapshots',
        json: (s) => snapshotJson(world, s),
        name: (s) => s.name,
      });
    },
  }),
  serve(op.Get_snapshot, {
    // Get_snapshot documents no 404 (200, 400, 401, 500): an unknown id is a 400
    handle: refusedAs400([404], (req, world) =>
      ok('Getting snapshot successful', {
        snapshot: snapshotDetailJson(world, requireSnapshot(world, idParam(req))),
      }),
    ),
  }),
  serve(op.Delete_snapshot, {
    handle: (req, world) => {
      const s = requireSnapshot(world, idParam(req));
      const imageId = deleteSnapshot(world, s);
      // the document: "the deleted image ID will be returned in the success message"
      return ok(
        imageId === null
          ? `Snapshot ${s.name} deleted successfully.`
          : `Snapshot ${s.name} deleted successfully, with its image ${imageId}.`,
      );
    },
  }),
  serve(op.List_Snapshot_Events, {
    // List_Snapshot_Events documents a 200 without a body schema: the shape of the VM events, under snapshot_events
    handle: (req, world) => {
      const s = requireSnapshot(world, idParam(req, 'snapshot_id'));
      return ok('Getting snapshot events successful', {
        snapshot_events: (s.events ?? []).map((e) => snapshotEventJson(world, s, e)),
      });
    },
  }),
  serve(op.Create_custom_image, {
    // Create_custom_image documents 400, 404 and 406 but no 409: a name taken is a 400
    handle: refusedAs400([409], (req, world) => {
      const s = requireSnapshot(world, idParam(req, 'snapshot_id'));
      const b = body(req);
      const image = createImageFromSnapshot(world, s, {
        name: reqStr(b, 'name'),
        labels: optStrArray(b, 'labels') ?? [],
      });
      return ok(`Image ${image.name} created from snapshot ${s.name}.`, { id: image.id });
    }),
  }),
  serve(op.Restore_snapshot, {
    // Restore_snapshot documents no 404 and no 409 (200, 400, 401, 500): both are 400s
    handle: refusedAs400([404, 409], (req, world) => {
      const s = requireSnapshot(world, idParam(req));
      const b = body(req);
      const vm = restoreSnapshot(world, s, {
        newVmName: reqStr(b, 'new_vm_name', 50),
        contractId: optInt(b, 'contract_id') ?? null,
      });
      return ok(`Restoring snapshot ${s.name} into VM ${vm.name}.`, { instance: vmJson(world, vm) });
    }),
  }),
  serve(op.Create_Snapshot_for_VM, {
    // Create_Snapshot_for_VM documents 404 (unknown VM) but no 409: a clash is a 400
    handle: refusedAs400([409], (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const b = body(req);
      const s = createSnapshot(world, vm, {
        name: reqStr(b, 'name'),
        description: optStr(b, 'description', 255) ?? '',
        labels: optStrArray(b, 'labels') ?? [],
        isImage: optBool(b, 'is_image') ?? false,
      });
      return ok(
        `Snapshot ${s.name} of VM ${vm.name} is being created.`,
        { snapshot: snapshotJson(world, s) },
        201,
      );
    }),
  }),
  {
    // the spec puts snapshot deletion under /core/virtual-machines/; the OpenAPI under /core/snapshots/: both work
    method: 'DELETE',
    path: '/core/virtual-machines/:vm_id/snapshots/:snapshot_id',
    mutation: true,
    handle: (req, world) => {
      const s = requireSnapshot(world, idParam(req, 'snapshot_id'));
      if (s.vmId !== idParam(req, 'vm_id'))
        throw notFound(`Snapshot ${s.id} is not a snapshot of VM ${req.params.vm_id}.`);
      deleteSnapshot(world, s);
      return ok(`Snapshot ${s.name} deleted successfully.`);
    },
  },
];
