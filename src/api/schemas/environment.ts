import * as z from 'zod';
import { envelopeShape, num, paginationShape } from './common.js';

/**
 * A region's name (`NORWAY-1`, `CANADA-1`, `US-1` …). Any string: the service has the regions it has, and the
 * client learns them from GET /core/regions (src/domain/regions.ts derives the list when that is unavailable).
 */
export type Region = string;

/** An environment's `features` (Environment_Features). */
export const EnvironmentFeaturesSchema = z.looseObject({
  network_optimised: z.boolean().nullish(),
  // GREEN, PARTIALLY_GREEN or NOT_GREEN
  green_status: z.string().nullish(),
});

export const EnvironmentSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  // a plain string, not the enum: the real service has more regions than the two the spec names
  region: z.string(),
  features: EnvironmentFeaturesSchema.nullish(),
  created_at: z.string().nullish(),
});
export type Environment = z.output<typeof EnvironmentSchema>;

export const EnvironmentListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  environments: z.array(EnvironmentSchema),
});

export const EnvironmentResponse = z.looseObject({ ...envelopeShape, environment: EnvironmentSchema });

/** An environment's VM quota (Get_environment_VM_quota): its subnet caps how many VMs it holds. */
export const VmQuotaSchema = z.looseObject({
  ...envelopeShape,
  current_vms: num.nullish(),
  max_vms: num.nullish(),
  available_vms: num.nullish(),
  percentage_used: num.nullish(),
  cidr: z.string().nullish(),
});
export type VmQuota = z.output<typeof VmQuotaSchema>;
