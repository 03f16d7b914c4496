import * as z from 'zod';
import { boolish, envelopeShape, LabelObject, looseObjectOf, num } from './common.js';

/**
 * What a flavor can and cannot do. The real service marks flavors that cannot hibernate, be snapshotted or be
 * rebooted, and those whose disks are local only (no bootable volume); absent means allowed.
 */
export const FlavorFeaturesSchema = z.looseObject({
  network_optimised: boolish.nullish(),
  no_hibernation: boolish.nullish(),
  no_snapshot: boolish.nullish(),
  no_reboot: boolish.nullish(),
  local_storage_only: boolish.nullish(),
});
export type FlavorFeatures = z.output<typeof FlavorFeaturesSchema>;

/** What a flavor gives a machine: the same fields in a flavor and in a cluster's node flavor. */
export const flavorHardwareShape = {
  cpu: num.nullish(),
  ram: num.nullish(),
  disk: num.nullish(),
  ephemeral: num.nullish(),
  gpu: z.string().nullish(),
  gpu_count: num.nullish(),
};

export const FlavorSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  display_name: z.string().nullish(),
  region_name: z.string().nullish(),
  ...flavorHardwareShape,
  stock_available: z.boolean().nullish(),
  labels: z.array(LabelObject).nullish(),
  // an object; the document's examples show `"{}"` (a string), read as no features
  features: looseObjectOf(FlavorFeaturesSchema),
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
