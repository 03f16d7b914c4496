/**
 * Object storage (/object-storage): buckets (list, read, delete), access keys (list, generate with the secret
 * answered once, delete), its regions and health. A FastAPI service of its own: its answers carry no envelope and
 * its refusals are {status, message, error_reason}.
 */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import type { AccessKeyRecord, BucketRecord } from '../world/account-types.js';
import { invalid, notFound } from '../world/errors.js';
import {
  bucketContents,
  createAccessKey,
  deleteAccessKey,
  deleteBucket,
  isStorageRegion,
  requireBucket,
  requireStorageRegion,
  STORAGE_REGIONS,
} from '../world/object-storage.js';
import type { World } from '../world.js';
import { body, optStr, queryInt, reqStr } from './body.js';
import { iso } from './view-core.js';

/** Where S3 clients reach the region's buckets (the simulator's own address: the real one is not documented). */
const endpoint = (region: string) => `https://${region.toLowerCase()}.objectstorage.sim.invalid`;

function bucketJson(world: World, b: BucketRecord) {
  const { bytes, objects } = bucketContents(b, world.now());
  return {
    name: b.name,
    region: b.region,
    created_at: iso(b.createdAt),
    endpoint: endpoint(b.region),
    num_objects: objects,
    size_bytes: bytes,
    // what the objects take on disk: each object's last 4 KiB block half empty on average (the demo's rule)
    size_bytes_actual: bytes + objects * 2048,
  };
}

function accessKeyJson(k: AccessKeyRecord) {
  return {
    id: k.id,
    access_key: k.accessKey,
    region: k.region,
    description: k.description,
    user_id: k.userId,
    created_at: iso(k.createdAt),
  };
}

/** The `page` and `page_size` of the access-key list (a FastAPI list: pages from 1). */
function pageOf<T>(
  req: SimRequest,
  all: T[],
): { items: T[]; meta: { count: number; current_page: number; total_pages: number } } {
  const size = queryInt(req, 'page_size') ?? 20;
  const page = queryInt(req, 'page') ?? 1;
  const items = all.slice((page - 1) * size, page * size);
  return {
    items,
    meta: { count: items.length, current_page: page, total_pages: Math.max(1, Math.ceil(all.length / size)) },
  };
}

export const objectStorageRoutes: RouteDef[] = [
  serve(op.listBucketsEndpoint, {
    handle: (req, world) => {
      const q = req.query.get('search')?.toLowerCase();
      const buckets = [...world.buckets.values()].filter((b) => !q || b.name.toLowerCase().includes(q));
      return { body: { buckets: buckets.map((b) => bucketJson(world, b)), failed_regions: [] } };
    },
  }),
  serve(op.retrieveBucketEndpoint, {
    // retrieveBucketEndpoint documents 200 and 422 only: an unknown bucket is answered 404 as the delete's is
    handle: (req, world) => {
      const region = requireStorageRegion(req.query.get('region'));
      return { body: bucketJson(world, requireBucket(world, req.params.bucket_name ?? '', region)) };
    },
  }),
  serve(op.deleteBucketEndpoint, {
    handle: (req, world) => {
      const region = requireStorageRegion(req.query.get('region'));
      const b = requireBucket(world, req.params.bucket_name ?? '', region);
      deleteBucket(world, b);
      return {
        body: {
          message: `Bucket ${b.name} and its ${bucketContents(b, world.now()).objects} objects deleted.`,
        },
      };
    },
  }),
  serve(op.listAccessKeysEndpoint, {
    // listAccessKeysEndpoint: the document gives its answer as 201
    handle: (req, world) => {
      const q = req.query.get('search')?.toLowerCase();
      const keys = [...world.accessKeys.values()].filter(
        (k) => !q || k.accessKey.toLowerCase().includes(q) || (k.description ?? '').toLowerCase().includes(q),
      );
      const page = pageOf(req, keys);
      return { status: 201, body: { access_keys: page.items.map(accessKeyJson), meta: page.meta } };
    },
  }),
  serve(op.createAccessKeyEndpoint, {
    handle: (req, world) => {
      const b = body(req);
      const region = reqStr(b, 'region');
      if (!isStorageRegion(region))
        throw invalid(`region: Input should be ${STORAGE_REGIONS.map((r) => `'${r}'`).join(' or ')}`);
      const { record, secretKey } = createAccessKey(world, region, optStr(b, 'description') ?? null);
      return { status: 201, body: { ...accessKeyJson(record), secret_key: secretKey } };
    },
  }),
  serve(op.deleteAccessKeyEndpoint, {
    handle: (req, world) => {
      const raw = req.params.access_key_id ?? '';
      if (!/^\d{1,12}$/.test(raw)) throw notFound(`Access key ${raw} not found.`);
      deleteAccessKey(world, Number(raw));
      return { body: { message: `Access key ${raw} deleted.` } };
    },
  }),
  serve(op.listRegionsEndpoint, {
    handle: () => ({ body: { regions: STORAGE_REGIONS.map((name) => ({ name })) } }),
  }),
  serve(op.healthzEndpoint, {
    handle: () => ({ body: { status: 'ok' } }),
  }),
];
