import { pushAll } from '../../domain/lists.js';
import { type BodyOf, body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
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
import { type CallOptions, read, write } from './shared.js';

/** The regions object storage runs in, as the document's enum has them. */
export type StorageRegion = BodyOf<'createAccessKeyEndpoint'>['region'];

/** Access keys a page (the service's default is 20) and the most pages read: a bound on a list that never ends. */
const ACCESS_KEY_PAGE = 100;
const MAX_PAGES = 100;

const bucketPath = (name: string) => `/object-storage/buckets/${seg(name)}`;

/** Object storage (/object-storage): buckets, access keys, its regions and health. */
export function objectStorageEndpoints(t: Transport) {
  return {
    buckets: (o?: CallOptions & { search?: string }) =>
      read(
        t,
        '/object-storage/buckets',
        BucketListResponse,
        o,
        query('listBucketsEndpoint', { search: o?.search }),
      ),

    bucket: (name: string, region: string, o?: CallOptions) =>
      read(t, bucketPath(name), BucketSchema, o, query('retrieveBucketEndpoint', { region })),

    /** Deletes the bucket and everything in it. */
    deleteBucket: (name: string, region: string, o?: CallOptions) =>
      write(
        t,
        'DELETE',
        bucketPath(name),
        StorageDeleteResponse,
        undefined,
        o,
        query('deleteBucketEndpoint', { region }),
      ).then((r) => r.message ?? ''),

    /** Every access key: the list comes in pages (20 a page unless asked), read one after another. */
    accessKeys: async (o?: CallOptions) => {
      const keys: AccessKey[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await read(
          t,
          '/object-storage/access-keys',
          AccessKeyListResponse,
          o,
          query('listAccessKeysEndpoint', { page: String(page), page_size: String(ACCESS_KEY_PAGE) }),
        );
        pushAll(keys, r.access_keys);
        if (r.access_keys.length === 0 || page >= (r.meta?.total_pages ?? 1)) break;
      }
      return keys;
    },

    /** A new access key: `secret` is its secret key, answered this once (show it once, never store or log it). */
    createAccessKey: (input: { region: StorageRegion; description?: string }, o?: CallOptions) =>
      write(
        t,
        'POST',
        '/object-storage/access-keys',
        AccessKeyCreateResponse,
        body('createAccessKeyEndpoint', input),
        o,
      ).then(({ secret_key, ...key }) => ({ key, secret: secret_key })),

    deleteAccessKey: (id: number, o?: CallOptions) =>
      write(t, 'DELETE', `/object-storage/access-keys/${seg(id)}`, StorageDeleteResponse, undefined, o).then(
        (r) => r.message ?? '',
      ),

    regions: (o?: CallOptions) =>
      read(t, '/object-storage/regions', StorageRegionListResponse, o).then((r) =>
        r.regions.map((x) => x.name),
      ),

    health: (o?: CallOptions) =>
      read(t, '/object-storage/healthz', StorageHealthResponse, o).then((r) => r.status),
  };
}
