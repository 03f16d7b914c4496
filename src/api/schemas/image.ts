import * as z from 'zod';
import { envelopeShape, LabelObject, looseObjectOf, num, paginationShape } from './common.js';

/** One flavor an image is linked to (CompatibleFlavor): `hard` links are the only flavors it runs on. */
export const CompatibleFlavorSchema = z.looseObject({
  flavor_id: z.number().nullish(),
  flavor_name: z.string().nullish(),
  link_type: z.string().nullish(),
  reason: z.string().nullish(),
});

/** Which flavors an image may run on (FlavorRestrictions); `has_flavor_restrictions: false` means any. */
export const FlavorRestrictionsSchema = z.looseObject({
  has_flavor_restrictions: z.boolean().nullish(),
  // 'hard', 'soft', or null without restrictions
  restriction_type: z.string().nullish(),
  compatible_flavors: z.array(CompatibleFlavorSchema).nullish(),
});
export type FlavorRestrictions = z.output<typeof FlavorRestrictionsSchema>;

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
  // an object; the document's examples show `"{}"` (a string), read as no restrictions
  flavor_restrictions: looseObjectOf(FlavorRestrictionsSchema),
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
