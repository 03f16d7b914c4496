/** The small reads of issue 25: one image, GPUs, rule protocols, default choices. */
import * as z from 'zod';
import { envelopeShape } from './common.js';
import { ImageSchema } from './image.js';

/** Image (Get_Image): the image, without the envelope's status. */
export const ImageDetailResponse = z.looseObject({ ...envelopeShape, image: ImageSchema });

export const GpuSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  regions: z.array(z.looseObject({ id: z.number().nullish(), name: z.string() })).nullish(),
});
export type Gpu = z.output<typeof GpuSchema>;

export const GpuListResponse = z.looseObject({ ...envelopeShape, gpu_list: z.array(GpuSchema) });
export const ProtocolListResponse = z.looseObject({ ...envelopeShape, protocols: z.array(z.string()) });

export const DefaultChoicesResponse = z.looseObject({
  ...envelopeShape,
  user_default_choices: z
    .array(
      z.looseObject({
        flavor_id: z.number().nullish(),
        image_id: z.number().nullish(),
        keypair_id: z.number().nullish(),
      }),
    )
    .nullish(),
});
