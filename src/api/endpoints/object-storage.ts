import { pushAll } from '../../domain/lists.js';
import type { BodyOf } from '../openapi-types.js';
import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  type AccessKey,
  AccessKeyCreateResponse,
  AccessKeyListResponse,
  BucketListResponse,
  BucketSchema,
  StorageDeleteResponse,
  StorageHealthResponse,
  StorageRegionListResponse,
} from '../schemas/object-storage.js';
import { ackMessage, type CallOptions } from './shared.js';

/** The regions object storage runs in, as the document's enum has them. */
export type StorageRegion = BodyOf<'createAccessKeyEndpoint'>['region'];

/** Access keys a page (the service's default is 20) and the most pages read: a bound on a list that never ends. */
const ACCESS_KEY_PAGE = 100;
const MAX_PAGES = 100;

/** Object storage (/object-storage): buckets, access keys, its regions and health. */
export function objectStorageEndpoints(t: Transport) {
  return {
    buckets: (o?: CallOptions & { search?: string }) =>
      call(t, op.listBucketsEndpoint, o, { query: { search: o?.search }, schema: BucketListResponse }),

    bucket: (name: string, region: string, o?: CallOptions) =>
      call(t, op.retrieveBucketEndpoint, o, {
        params: { bucket_name: name },
        query: { region },
        schema: BucketSchema,
      }),

    /** Deletes the bucket and everything in it. */
    deleteBucket: (name: string, region: string, o?: CallOptions) =>
      call(t, op.deleteBucketEndpoint, o, {
        params: { bucket_name: name },
        query: { region },
        schema: StorageDeleteResponse,
      }).then(ackMessage),

    /** Every access key: the list comes in pages (20 a page unless asked), read one after another. */
    accessKeys: async (o?: CallOptions) => {
      const keys: AccessKey[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await call(t, op.listAccessKeysEndpoint, o, {
          query: { page: String(page), page_size: String(ACCESS_KEY_PAGE) },
          schema: AccessKeyListResponse,
        });
        pushAll(keys, r.access_keys);
        if (r.access_keys.length === 0 || page >= (r.meta?.total_pages ?? 1)) break;
      }
      return keys;
    },

    /** A new access key: `secret` is its secret key, answered this once (show it once, never store or log it). */
    createAccessKey: (input: { region: StorageRegion; description?: string }, o?: CallOptions) =>
      call(t, op.createAccessKeyEndpoint, o, { body: input, schema: AccessKeyCreateResponse }).then(
        ({ secret_key, ...key }) => ({ key, secret: secret_key }),
      ),

    deleteAccessKey: (id: number, o?: CallOptions) =>
      call(t, op.deleteAccessKeyEndpoint, o, {
        params: { access_key_id: id },
        schema: StorageDeleteResponse,
      }).then(ackMessage),

    regions: (o?: CallOptions) =>
      call(t, op.listRegionsEndpoint, o, { schema: StorageRegionListResponse }).then((r) =>
        r.regions.map((x) => x.name),
      ),

    health: (o?: CallOptions) =>
      call(t, op.healthzEndpoint, o, { schema: StorageHealthResponse }).then((r) => r.status),
  };
}
