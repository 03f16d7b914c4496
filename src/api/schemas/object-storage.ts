/** Object storage: buckets, access keys (the secret only in the creation's answer), regions, health. */
import * as z from 'zod';
import { num } from './common.js';

export const BucketSchema = z.looseObject({
  name: z.string(),
  region: z.string(),
  created_at: z.string().nullish(),
  endpoint: z.string().nullish(),
  num_objects: num.nullish(),
  size_bytes: num.nullish(),
  size_bytes_actual: num.nullish(),
});
export type Bucket = z.output<typeof BucketSchema>;

export const BucketListResponse = z.looseObject({
  buckets: z.array(BucketSchema),
  failed_regions: z.array(z.string()).nullish(),
});

export const AccessKeySchema = z.looseObject({
  id: z.number(),
  access_key: z.string(),
  region: z.string().nullish(),
  description: z.string().nullish(),
  user_id: z.number().nullish(),
  created_at: z.string().nullish(),
});
export type AccessKey = z.output<typeof AccessKeySchema>;

export const AccessKeyListResponse = z.looseObject({
  access_keys: z.array(AccessKeySchema),
  meta: z
    .looseObject({ count: num.nullish(), current_page: num.nullish(), total_pages: num.nullish() })
    .nullish(),
});

export const AccessKeyCreateResponse = AccessKeySchema.extend({ secret_key: z.string() });

export const StorageRegionListResponse = z.looseObject({
  regions: z.array(z.looseObject({ name: z.string() })),
});
export const StorageHealthResponse = z.looseObject({ status: z.string() });
export const StorageDeleteResponse = z.looseObject({ message: z.string().nullish() });
