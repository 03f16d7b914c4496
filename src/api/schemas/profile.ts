import * as z from 'zod';
import { decodeJsonText, envelopeShape, num } from './common.js';

/** A yes/no the profile may hold as a boolean, 0/1 or text ("true"): the create payload types every value a string. */
const yesNo = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false'])]).transform((v) => {
  return v === true || v === 1 || v === 'true';
});

export const ProfileDataSchema = z.looseObject({
  environment_name: z.string().nullish(),
  image_name: z.string().nullish(),
  volume_name: z.string().nullish(),
  create_bootable_volume: yesNo.nullish(),
  flavor_name: z.string().nullish(),
  key_name: z.string().nullish(),
  user_data: z.string().nullish(),
  callback_url: z.string().nullish(),
  assign_floating_ip: yesNo.nullish(),
  count: num.nullish(),
});
export type ProfileData = z.output<typeof ProfileDataSchema>;

/**
 * The profile's VM configuration. The OpenAPI document (Profile_Fields) types `data` as a STRING, which carries the
 * configuration JSON-encoded; an object (service-api.md) is accepted too. A string that is not a JSON object reads
 * as null: the profile is still listed, it just cannot pre-fill a form.
 */
const profileData = z
  .preprocess((v) => {
    if (v === null || v === undefined) return v;
    const d = decodeJsonText(v);
    return d !== null && typeof d === 'object' && !Array.isArray(d) ? d : null;
  }, ProfileDataSchema.nullish())
  .nullish();

export const ProfileSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  data: profileData,
  created_at: z.string().nullish(),
});
export type Profile = z.output<typeof ProfileSchema>;

export const ProfileListResponse = z.looseObject({ ...envelopeShape, profiles: z.array(ProfileSchema) });

export const ProfileResponse = z.looseObject({ ...envelopeShape, profile: ProfileSchema });

export interface ProfileCreateInput {
  name: string;
  description?: string;
  /** Sent as an object (Create_Profile_Payload); the service stores it and answers with it as a JSON string. */
  data: ProfileData;
}
