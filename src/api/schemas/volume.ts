import { z } from 'zod';
import { envelopeShape, num, paginationShape } from './common.js';

/** A volume (Volumes_Fields): a block device in an environment, attached to VMs or not. */
export const VolumeSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  status: z.string().nullish(),
  volume_type: z.string().nullish(),
  size: num.nullish(),
  bootable: z.boolean().nullish(),
  image_id: z.number().nullish(),
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
