/**
 * Object storage: buckets (made with S3 clients: this API lists, reads and deletes them) that grow on the clock,
 * and the access keys S3 clients sign with (the secret answered once, at creation). A bucket bills its stored bytes
 * by the hour while it exists, and what a deleted one billed stays billed.
 */
import { randomBytes } from 'node:crypto';
import { SimError } from '../route.js';
import type { World } from '../world.js';
import type { AccessKeyRecord, BucketRecord, StorageRegion } from './account-types.js';
import { invalid, notFound } from './errors.js';

const HOUR = 3_600_000;
const GB = 1024 ** 3;

/** The regions object storage runs in (the document's object_storage__RegionsEnum). */
export const STORAGE_REGIONS: readonly StorageRegion[] = ['CANADA-1'];

/**
 * Dollars per GB stored per hour. The provider's object-storage price is not in the documents the simulator
 * follows: this is the demo's own figure, so the app's sums can be checked, not a price to rely on.
 */
export const BUCKET_GB_HOUR = 0.00003;

export function isStorageRegion(r: string): r is StorageRegion {
  return (STORAGE_REGIONS as readonly string[]).includes(r);
}

/** A region query parameter (bucket reads and deletes require one): FastAPI's 422 without it. */
export function requireStorageRegion(value: string | null): StorageRegion {
  if (value === null || value === '') throw new SimError(422, 'validation_error', 'region: Field required');
  if (!isStorageRegion(value))
    throw new SimError(
      422,
      'validation_error',
      `region: Input should be ${STORAGE_REGIONS.map((r) => `'${r}'`).join(' or ')}`,
    );
  return value;
}

/** Bytes and objects the bucket holds at `t`. */
export function bucketContents(b: BucketRecord, t: number): { bytes: number; objects: number } {
  const hours = Math.max(0, t - b.createdAt) / HOUR;
  return {
    bytes: Math.round(b.baseBytes + b.bytesPerHour * hours),
    objects: Math.round(b.baseObjects + b.objectsPerHour * hours),
  };
}

/** Dollars the bucket billed over [from, to) (its bytes grow linearly, so the mean over the span is exact). */
export function bucketBilled(b: BucketRecord, from: number, to: number, now: number): number {
  const a = Math.max(from, b.createdAt);
  const z = Math.min(to, now);
  if (z <= a) return 0;
  const mean = (bucketContents(b, a).bytes + bucketContents(b, z).bytes) / 2;
  return ((z - a) / HOUR) * (mean / GB) * BUCKET_GB_HOUR;
}

/** The bucket's rate now, dollars an hour. */
export function bucketRate(b: BucketRecord, now: number): number {
  return (bucketContents(b, now).bytes / GB) * BUCKET_GB_HOUR;
}

export function requireBucket(world: World, name: string, region: StorageRegion): BucketRecord {
  for (const b of world.buckets.values()) if (b.name === name && b.region === region) return b;
  throw notFound(`Bucket ${name} not found in ${region}.`);
}

export function requireBucketById(world: World, id: number): BucketRecord {
  const b = world.buckets.get(id);
  if (!b) throw notFound(`Bucket with id ${id} not found.`);
  return b;
}

/** Deletes the bucket and everything in it; what it billed stays billed. */
export function deleteBucket(world: World, b: BucketRecord): void {
  const now = world.now();
  world.closedBill += bucketBilled(b, b.createdAt, now, now);
  world.buckets.delete(b.id);
}

/** A 20-character access key id and a 40-character secret, as S3 keys look. */
function keyPair(): { accessKey: string; secretKey: string } {
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(18);
  let accessKey = 'AK';
  for (const b of bytes) accessKey += upper[b % upper.length];
  return { accessKey, secretKey: randomBytes(30).toString('base64').replace(/[+/]/g, 'x') };
}

/** The reference page's limit: "An optional description for the access key. Max 250 characters." */
const DESCRIPTION_MAX = 250;

export function createAccessKey(
  world: World,
  region: StorageRegion,
  description: string | null,
): { record: AccessKeyRecord; secretKey: string } {
  if (description !== null && description.length > DESCRIPTION_MAX)
    throw invalid(`description: String should have at most ${DESCRIPTION_MAX} characters`);
  const { accessKey, secretKey } = keyPair();
  const record: AccessKeyRecord = {
    id: world.nextId('accessKey'),
    accessKey,
    region,
    description,
    userId: world.userId,
    createdAt: world.now(),
  };
  world.accessKeys.set(record.id, record);
  // the secret is answered once and never kept: a lost secret means a new key
  return { record, secretKey };
}

export function deleteAccessKey(world: World, id: number): void {
  if (!world.accessKeys.delete(id)) throw notFound(`Access key with id ${id} not found.`);
}
