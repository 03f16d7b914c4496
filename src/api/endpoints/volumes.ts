import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
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
  type CallOptions,
  type ListOptions,
  listQuery,
  type Page,
  toPage,
  vmPath,
  write,
} from './shared.js';

const VOLUMES = '/core/volumes';

/** Volumes (the OpenAPI's `volume` and `volume attachment` tags). */
export function volumeEndpoints(t: Transport) {
  const list = (o?: ListOptions & { environment?: string }): Promise<Page<Volume>> =>
    t
      .request({
        method: 'GET',
        path: VOLUMES,
        query: query('List_volumes', { ...listQuery(o), environment: o?.environment }),
        schema: VolumeListResponse,
        retry: true,
        signal: o?.signal,
      })
      .then((r) => toPage(r.volumes, r));
  return {
    list,
    /** Every volume, following pages while the service paginates. */
    listAll: (o?: { search?: string; environment?: string } & CollectOptions) =>
      collectPages(
        (page, pageSize, signal) =>
          list({ page, pageSize, search: o?.search, environment: o?.environment, signal }),
        { path: VOLUMES },
        o,
      ),

    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `${VOLUMES}/${seg(id)}`,
          schema: VolumeResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.volume),

    /** The names a volume can be created with (List_volume_types). */
    types: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/volume-types',
          schema: VolumeTypesResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.volume_types ?? []),

    /** Whether no volume has this name yet (note the singular `volume` in the path). */
    nameAvailable: (name: string, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/volume/name-availability/${seg(name)}`,
          schema: NameAvailableResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => ({ available: r.available, message: r.message ?? '' })),

    create: (input: VolumeCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: VOLUMES,
          body: body('Create_volume', input),
          schema: VolumeResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.volume),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `${VOLUMES}/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Moves the volume to another environment of its region (Update_volume: the only field it changes). */
    moveTo: (id: number, environmentName: string, o?: CallOptions) =>
      t
        .request({
          method: 'PATCH',
          path: `${VOLUMES}/${seg(id)}`,
          body: body('Update_volume', { environment_name: environmentName }),
          schema: VolumeUpdateResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => ({ volume: r.volume ?? undefined, message: r.message ?? '' })),

    ...volumeAttachmentEndpoints(t),

    /** Where the service posts the actions done on the volume; the URL now set. */
    attachCallback: (id: number, url: string, o?: CallOptions) =>
      write(
        t,
        'POST',
        `${VOLUMES}/${seg(id)}/attach-callback`,
        CallbackResponse,
        body('Attach_callback_to_volume', { url }),
        o,
      ).then((r) => r.url),

    updateCallback: (id: number, url: string, o?: CallOptions) =>
      write(
        t,
        'PUT',
        `${VOLUMES}/${seg(id)}/update-callback`,
        CallbackResponse,
        body('Update_volume_callback', { url }),
        o,
      ).then((r) => r.url),

    deleteCallback: (id: number, o?: CallOptions) =>
      write(t, 'DELETE', `${VOLUMES}/${seg(id)}/delete-callback`, AckResponse, undefined, o).then(ackMessage),
  };
}

const attachments = (r: { volume_attachments?: VolumeAttachment[] | null }) => r.volume_attachments ?? [];

/** Volumes on VMs (the OpenAPI's `volume attachment` tag). */
function volumeAttachmentEndpoints(t: Transport) {
  return {
    /** Attaches volumes to a VM; `protected` keeps them from being detached until unprotected. */
    attach: (vmId: number, volumeIds: number[], opts?: { protected?: boolean } & CallOptions) =>
      t
        .request({
          method: 'POST',
          path: vmPath(vmId, 'attach-volumes'),
          body: body('Attach_volumes_to_VM', {
            volume_ids: volumeIds,
            ...(opts?.protected ? { protected: true } : {}),
          }),
          schema: VolumeAttachmentsResponse,
          retry: false,
          signal: opts?.signal,
        })
        .then(attachments),

    detach: (vmId: number, volumeIds: number[], o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: vmPath(vmId, 'detach-volumes'),
          body: body('Detach_volumes_from_VM', { volume_ids: volumeIds }),
          schema: VolumeAttachmentsResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(attachments),

    /** Protects an attachment from detaching, or lifts that (Update_volume_attachment). */
    setAttachmentProtected: (attachmentId: number, value: boolean, o?: CallOptions) =>
      t
        .request({
          method: 'PATCH',
          path: `/core/volume-attachments/${seg(attachmentId)}`,
          body: body('Update_volume_attachment', { protected: value }),
          schema: VolumeAttachmentsResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(attachments),
  };
}
