import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { CallbackResponse } from '../schemas/callback.js';
import { AckResponse } from '../schemas/common.js';
import {
  NameAvailableResponse,
  type Volume,
  type VolumeAttachment,
  VolumeAttachmentsResponse,
  type VolumeCreateInput,
  VolumeListResponse,
  VolumeResponse,
  VolumeTypesResponse,
  VolumeUpdateResponse,
} from '../schemas/volume.js';
import { type CollectOptions, collectPages } from './paginate.js';
import {
  ackMessage,
  availability,
  type CallOptions,
  type ListOptions,
  listQuery,
  type Page,
  toPage,
} from './shared.js';

/** Volumes (the OpenAPI's `volume` and `volume attachment` tags). */
export function volumeEndpoints(t: Transport) {
  const list = (o?: ListOptions & { environment?: string }): Promise<Page<Volume>> =>
    call(t, op.List_volumes, o, {
      query: { ...listQuery(o), environment: o?.environment },
      schema: VolumeListResponse,
    }).then((r) => toPage(r.volumes, r));
  const one = (id: number) => ({ volume_id: id });
  return {
    list,
    /** Every volume, following pages while the service paginates. */
    listAll: (o?: { search?: string; environment?: string } & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) =>
          list({ page, pageSize, search: o?.search, environment: o?.environment, signal }),
        { path: op.List_volumes.path },
        o,
      ),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_Volume, o, { params: one(id), schema: VolumeResponse }).then((r) => r.volume),

    /** The names a volume can be created with (List_volume_types). */
    types: (o?: CallOptions) =>
      call(t, op.List_volume_types, o, { schema: VolumeTypesResponse }).then((r) => r.volume_types ?? []),

    /** Whether no volume has this name yet (note the singular `volume` in the path). */
    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_volume_name_availability, o, { params: { name }, schema: NameAvailableResponse }).then(
        availability,
      ),

    create: (input: VolumeCreateInput, o?: CallOptions) =>
      call(t, op.Create_volume, o, { body: input, schema: VolumeResponse }).then((r) => r.volume),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_volume, o, { params: one(id), schema: AckResponse }).then(ackMessage),

    /** Moves the volume to another environment of its region (Update_volume: the only field it changes). */
    moveTo: (id: number, environmentName: string, o?: CallOptions) =>
      call(t, op.Update_volume, o, {
        params: one(id),
        body: { environment_name: environmentName },
        schema: VolumeUpdateResponse,
      }).then((r) => ({ volume: r.volume ?? undefined, message: r.message ?? '' })),

    ...volumeAttachmentEndpoints(t),

    /** Where the service posts the actions done on the volume; the URL now set. */
    attachCallback: (id: number, url: string, o?: CallOptions) =>
      call(t, op.Attach_callback_to_volume, o, {
        params: one(id),
        body: { url },
        schema: CallbackResponse,
      }).then((r) => r.url),

    updateCallback: (id: number, url: string, o?: CallOptions) =>
      call(t, op.Update_volume_callback, o, {
        params: one(id),
        body: { url },
        schema: CallbackResponse,
      }).then((r) => r.url),

    deleteCallback: (id: number, o?: CallOptions) =>
      call(t, op.Delete_volume_callback, o, { params: one(id), schema: AckResponse }).then(ackMessage),
  };
}

const attachments = (r: { volume_attachments?: VolumeAttachment[] | null }) => r.volume_attachments ?? [];

/** Volumes on VMs (the OpenAPI's `volume attachment` tag). */
function volumeAttachmentEndpoints(t: Transport) {
  return {
    /** Attaches volumes to a VM; `protected` keeps them from being detached until unprotected. */
    attach: (vmId: number, volumeIds: number[], opts?: { protected?: boolean } & CallOptions) =>
      call(t, op.Attach_volumes_to_VM, opts, {
        params: { vm_id: vmId },
        body: { volume_ids: volumeIds, ...(opts?.protected ? { protected: true } : {}) },
        schema: VolumeAttachmentsResponse,
      }).then(attachments),

    detach: (vmId: number, volumeIds: number[], o?: CallOptions) =>
      call(t, op.Detach_volumes_from_VM, o, {
        params: { vm_id: vmId },
        body: { volume_ids: volumeIds },
        schema: VolumeAttachmentsResponse,
      }).then(attachments),

    /** Protects an attachment from detaching, or lifts that (Update_volume_attachment). */
    setAttachmentProtected: (attachmentId: number, value: boolean, o?: CallOptions) =>
      call(t, op.Update_volume_attachment, o, {
        params: { volume_attachment_id: attachmentId },
        body: { protected: value },
        schema: VolumeAttachmentsResponse,
      }).then(attachments),
  };
}
