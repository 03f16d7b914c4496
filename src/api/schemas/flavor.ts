import { z } from 'zod';
import { envelopeShape, LabelObject, num } from './common.js';

export const FlavorSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  display_name: z.string().nullish(),
  region_name: z.string().nullish(),
  cpu: num.nullish(),
  ram: num.nullish(),
  disk: num.nullish(),
  ephemeral: num.nullish(),
  gpu: z.string().nullish(),
  gpu_count: num.nullish(),
  stock_available: z.boolean().nullish(),
  labels: z.array(LabelObject).nullish(),
  created_at: z.string().nullish(),
});
export type Flavor = z.output<typeof FlavorSchema>;

/** The flavor list groups flavors by GPU model and region. */
export const FlavorGroupSchema = z.looseObject({
  gpu: z.string().nullish(),
  region_name: z.string().nullish(),
  flavors: z.array(FlavorSchema),
});
export type FlavorGroup = z.output<typeof FlavorGroupSchema>;

export const FlavorListResponse = z.looseObject({ ...envelopeShape, data: z.array(FlavorGroupSchema) });
