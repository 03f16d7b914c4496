import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
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
import {
  ackMessage,
  availability,
  type CallOptions,
  type ListOptions,
  listQuery,
  read,
  toPage,
} from './shared.js';

// Paths of create, delete, restore and get are not in the spec; these are the OpenAPI document's.
export function snapshotEndpoints(t: Transport) {
  const list = (o?: ListOptions) =>
    t
      .request({
        method: 'GET',
        path: '/core/snapshots',
        query: query('List_snapshots', listQuery(o)),
        schema: SnapshotListResponse,
        retry: true,
        signal: o?.signal,
      })
      .then((r) => toPage(r.snapshots, r));
  return {
    list,

    /** Every snapshot, following pages while the service paginates (bounded, cancellable). */
    listAll: (o?: Omit<ListOptions, 'page' | 'pageSize'> & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) => list({ page, pageSize, search: o?.search, signal }),
        { path: '/core/snapshots' },
        o,
      ),

    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/snapshots/${seg(id)}`,
          schema: SnapshotResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.snapshot),

    /** The snapshot's history (List_Snapshot_Events, OpenAPI only; its body is undocumented). */
    events: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/snapshots/${seg(id)}/events`,
          schema: SnapshotEventsResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.snapshot_events ?? r.events ?? []),

    /** Makes a private custom image of the snapshot (Create_custom_image, OpenAPI only); the image's id, if said. */
    createImage: (id: number, input: SnapshotImageInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: `/core/snapshots/${seg(id)}/image`,
          body: body('Create_custom_image', input),
          schema: SnapshotImageResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => ({ id: r.id ?? null, message: r.message ?? '' })),

    /** Snapshots a VM. */
    create: (vmId: number, input: SnapshotCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: `/core/virtual-machines/${seg(vmId)}/snapshots`,
          body: body('Create_Snapshot_for_VM', input),
          schema: SnapshotResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.snapshot),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `/core/snapshots/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Restores a snapshot into a new VM, which is returned. */
    restore: (id: number, input: SnapshotRestoreInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: `/core/snapshots/${seg(id)}/restore`,
          body: body('Restore_snapshot', input),
          schema: VmGetResponse,
          retry: false,
          signal: o?.signal,
        })
        // the schema refuses a body with neither `instance` nor `instances`
        .then((r) => (r.instance ?? r.instances?.[0]) as Vm),

    nameAvailable: (name: string, o?: CallOptions) =>
      read(t, `/core/snapshots/name-availability/${seg(name)}`, NameAvailableResponse, o).then(availability),
  };
}
