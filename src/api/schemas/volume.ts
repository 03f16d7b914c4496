import * as z from 'zod';
import { boolish, envelopeShape, num, paginationShape } from './common.js';

/** A volume (Volumes_Fields): a block device in an environment, attached to VMs or not. */
export const VolumeSchema = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  status: z.string().nullish(),
  volume_type: z.string().nullish(),
  size: num.nullish(),
  bootable: z.boolean().nullish(),
  image_id: z.number().nullish(),
  os_image: z.string().nullish(),
  callback_url: z.string().nullish(),
  environment: z.looseObject({ name: z.string().nullish(), region: z.string().nullish() }).nullish(),
  attachments: z
    .array(
      z.looseObject({
        id: z.number().nullish(),
        instance_id: z.number().nullish(),
        device: z.string().nullish(),
        status: z.string().nullish(),
        protected: z.boolean().nullish(),
      }),
    )
    .nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Volume = z.output<typeof VolumeSchema>;

export const VolumeListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  volumes: z.array(VolumeSchema),
});

/** One volume (Get_Volume, Create_volume): under `volume`. */
export const VolumeResponse = z.looseObject({ ...envelopeShape, volume: VolumeSchema });

/** Update_volume: the volume and a summary of what changed (`updates`); either may be missing. */
export const VolumeUpdateResponse = z.looseObject({
  ...envelopeShape,
  volume: VolumeSchema.nullish(),
  updates: z.record(z.string(), z.unknown()).nullish(),
});

/** List_volume_types: the names a volume can be created with (`Cloud-SSD` …). */
export const VolumeTypesResponse = z.looseObject({
  ...envelopeShape,
  volume_types: z.array(z.string()).nullish(),
});

/** NameAvailableModel: no envelope status, `available` says it. */
export const NameAvailableResponse = z.looseObject({
  available: boolish,
  message: z.string().nullish(),
  name: z.string().nullish(),
});

/** Attach_Volume_Fields: one attachment as attach, detach and update-attachment answer it. */
export const VolumeAttachmentSchema = z.looseObject({
  id: z.number().nullish(),
  volume_id: z.number().nullish(),
  instance_id: z.number().nullish(),
  device: z.string().nullish(),
  status: z.string().nullish(),
  protected: z.boolean().nullish(),
  created_at: z.string().nullish(),
});
export type VolumeAttachment = z.output<typeof VolumeAttachmentSchema>;

export const VolumeAttachmentsResponse = z.looseObject({
  ...envelopeShape,
  volume_attachments: z.array(VolumeAttachmentSchema).nullish(),
});

/** Create_Volume_Payload (environment_name, name, size and volume_type required). */
export interface VolumeCreateInput {
  name: string;
  environment_name: string;
  volume_type: string;
  /** GB. */
  size: number;
  /** A bootable volume of this image. */
  image_id?: number;
  description?: string;
  callback_url?: string;
}
