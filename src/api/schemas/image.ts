import { z } from 'zod';
import { envelopeShape, LabelObject, num, paginationShape } from './common.js';

export const ImageSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  region_name: z.string().nullish(),
  type: z.string().nullish(),
  version: z.string().nullish(),
  size: num.nullish(),
  description: z.string().nullish(),
  // the spec says "array"; the service sends `{ id, label }` objects, older records plain strings
  labels: z.array(z.union([z.string(), LabelObject])).nullish(),
  display_size: z.string().nullish(),
  is_public: z.boolean().nullish(),
});
export type Image = z.output<typeof ImageSchema>;

/** The image list groups images by region and OS family. */
export const ImageGroupSchema = z.looseObject({
  region_name: z.string().nullish(),
  type: z.string().nullish(),
  logo: z.string().nullish(),
  images: z.array(ImageSchema),
});
export type ImageGroup = z.output<typeof ImageGroupSchema>;

export const ImageListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  images: z.array(ImageGroupSchema),
});
