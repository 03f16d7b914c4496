import * as z from 'zod';
import { envelopeShape, paginationShape } from './common.js';
import { EnvironmentFeaturesSchema } from './environment.js';

export const KeypairSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  // the spec says the environment name; the service sends an environment object (Keypair_Environment_Fields)
  environment: z
    .union([
      z.string(),
      z.looseObject({
        id: z.number().nullish(),
        name: z.string(),
        region: z.string().nullish(),
        features: EnvironmentFeaturesSchema.nullish(),
      }),
    ])
    .nullish(),
  public_key: z.string().nullish(),
  fingerprint: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Keypair = z.output<typeof KeypairSchema>;

export const KeypairListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  keypairs: z.array(KeypairSchema),
});

export const KeypairResponse = z.looseObject({ ...envelopeShape, keypair: KeypairSchema });

export interface KeypairImportInput {
  name: string;
  environment_name: string;
  /** One line, no line breaks. */
  public_key: string;
}
