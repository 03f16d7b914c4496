import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import {
  type SnapshotCreateInput,
  SnapshotEventsResponse,
  type SnapshotImageInput,
  SnapshotImageResponse,
  SnapshotListResponse,
  SnapshotResponse,
  type SnapshotRestoreInput,
} from '../schemas/snapshot.js';
import type { Vm } from '../schemas/vm.js';
import { VmGetResponse } from '../schemas/vm.js';
import { type CollectOptions, collectPages } from './paginate.js';
import { ackMessage, availability, type CallOptions, type ListOptions, listQuery, toPage } from './shared.js';

// Paths of create, delete, restore and get are not in the spec; these are the OpenAPI document's.
export function snapshotEndpoints(t: Transport) {
  const list = (o?: ListOptions) =>
    call(t, op.List_snapshots, o, { query: listQuery(o), schema: SnapshotListResponse }).then((r) =>
      toPage(r.snapshots, r),
    );
  return {
    list,

    /** Every snapshot, following pages while the service paginates (bounded, cancellable). */
    listAll: (o?: Omit<ListOptions, 'page' | 'pageSize'> & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) => list({ page, pageSize, search: o?.search, signal }),
        { path: op.List_snapshots.path },
        o,
      ),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_snapshot, o, { params: { id }, schema: SnapshotResponse }).then((r) => r.snapshot),

    /** The snapshot's history (List_Snapshot_Events, OpenAPI only; its body is undocumented). */
    events: (id: number, o?: CallOptions) =>
      call(t, op.List_Snapshot_Events, o, {
        params: { snapshot_id: id },
        schema: SnapshotEventsResponse,
      }).then((r) => r.snapshot_events ?? r.events ?? []),

    /** Makes a private custom image of the snapshot (Create_custom_image, OpenAPI only); the image's id, if said. */
    createImage: (id: number, input: SnapshotImageInput, o?: CallOptions) =>
      call(t, op.Create_custom_image, o, {
        params: { snapshot_id: id },
        body: input,
        schema: SnapshotImageResponse,
      }).then((r) => ({ id: r.id ?? null, message: r.message ?? '' })),

    /** Snapshots a VM. */
    create: (vmId: number, input: SnapshotCreateInput, o?: CallOptions) =>
      call(t, op.Create_Snapshot_for_VM, o, {
        params: { vm_id: vmId },
        body: input,
        schema: SnapshotResponse,
      }).then((r) => r.snapshot),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_snapshot, o, { params: { id }, schema: AckResponse }).then(ackMessage),

    /** Restores a snapshot into a new VM, which is returned. */
    restore: (id: number, input: SnapshotRestoreInput, o?: CallOptions) =>
      call(t, op.Restore_snapshot, o, { params: { id }, body: input, schema: VmGetResponse })
        // the schema refuses a body with neither `instance` nor `instances`
        .then((r) => (r.instance ?? r.instances?.[0]) as Vm),

    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_snapshot_name_availability, o, {
        params: { name },
        schema: NameAvailableResponse,
      }).then(availability),
  };
}
