import { z } from 'zod';
import { envelopeShape, jsonObject } from './common.js';

export const ProfileDataSchema = z.looseObject({
  environment_name: z.string().nullish(),
  image_name: z.string().nullish(),
  volume_name: z.string().nullish(),
  create_bootable_volume: z.boolean().nullish(),
  flavor_name: z.string().nullish(),
  key_name: z.string().nullish(),
  user_data: z.string().nullish(),
  callback_url: z.string().nullish(),
  assign_floating_ip: z.boolean().nullish(),
  count: z.number().nullish(),
});
export type ProfileData = z.output<typeof ProfileDataSchema>;

export const ProfileSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  // the service stores `data` as a JSON string; it is parsed here so callers always get an object
  data: jsonObject(ProfileDataSchema).nullish(),
  created_at: z.string().nullish(),
});
export type Profile = z.output<typeof ProfileSchema>;

export const ProfileListResponse = z.looseObject({ ...envelopeShape, profiles: z.array(ProfileSchema) });

export const ProfileResponse = z.looseObject({ ...envelopeShape, profile: ProfileSchema });

export interface ProfileCreateInput {
  name: string;
  description?: string;
  data: ProfileData;
}
