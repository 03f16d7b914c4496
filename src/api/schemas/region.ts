import * as z from 'zod';
import { envelopeShape } from './common.js';

/** One region of the service (Region_Fields): where environments, flavors, images and stock live. */
export const RegionSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string(),
  country: z.string().nullish(),
  description: z.string().nullish(),
  // GREEN, PARTIALLY_GREEN or NOT_GREEN (renewable energy)
  green_status: z.string().nullish(),
});
export type RegionInfo = z.output<typeof RegionSchema>;

export const RegionListResponse = z.looseObject({ ...envelopeShape, regions: z.array(RegionSchema) });
