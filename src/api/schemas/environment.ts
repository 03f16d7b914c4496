import { z } from 'zod';
import { envelopeShape, paginationShape } from './common.js';

export const REGIONS = ['NORWAY-1', 'CANADA-1'] as const;
export type Region = (typeof REGIONS)[number];

export const EnvironmentSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  // a plain string, not the enum: the real service has more regions than the two the spec names
  region: z.string(),
  created_at: z.string().nullish(),
});
export type Environment = z.output<typeof EnvironmentSchema>;

export const EnvironmentListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  environments: z.array(EnvironmentSchema),
});

export const EnvironmentResponse = z.looseObject({ ...envelopeShape, environment: EnvironmentSchema });
