/**
 * Object storage's lists, for :buckets and `get buckets|access-keys`: the buckets (named by name and region) and
 * the access keys S3 clients sign with (the list holds no secret: the service answers it once, at creation).
 */
import type { AccessKey, Bucket } from '../../src/api/schemas/object-storage.js';
import { bytes, NONE } from '../../src/domain/format.js';
import { listedMarks } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { descriptionColumn } from '../../src/ui/table/description-column.js';
import { numberColumn } from '../../src/ui/table/number-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';
import { pendingNameColumn } from './pending-name.js';

export interface BucketRow {
  bucket: Bucket;
  /** "deleting", from the moment D was confirmed until the bucket is gone. */
  pending: string | undefined;
}

export interface AccessKeyRow {
  key: AccessKey;
  pending: string | undefined;
}

/** A bucket's pending mark: the service names a bucket by its name within its region. */
export const bucketMark = (b: Bucket) => `bucket:${b.region}/${b.name}`;
export const accessKeyMark = (k: AccessKey) => `access-key:${k.id}`;

function bucketColumns(theme: Theme, now: number): Column<BucketRow>[] {
  return [
    pendingNameColumn(theme, (r) => r.bucket.name, 18),
    { id: 'region', title: 'REGION', value: (r) => r.bucket.region, minWidth: 9, priority: 0 },
    numberColumn(
      'objects',
      'OBJECTS',
      (r) => r.bucket.num_objects ?? null,
      (n) => (n == null ? NONE : String(n)),
      {
        minWidth: 7,
        priority: 1,
      },
    ),
    numberColumn('size', 'SIZE', (r) => r.bucket.size_bytes ?? null, bytes, { minWidth: 8, priority: 0 }),
    { id: 'endpoint', title: 'ENDPOINT', value: (r) => r.bucket.endpoint ?? null, minWidth: 20, priority: 4 },
    ageColumn((r) => r.bucket.created_at, now),
  ];
}

function bucketRows(ctx: RowContext<'buckets'>): readonly BucketRow[] {
  const mark = listedMarks(ctx.pending);
  return ctx.data.buckets.map((bucket) => ({ bucket, pending: mark(bucketMark(bucket)) }));
}

export const BUCKETS_LIST: ListSpec<BucketRow, 'buckets'> = {
  resource: 'buckets',
  noun: 'buckets',
  columns: bucketColumns,
  rowId: (r) => `${r.bucket.region}/${r.bucket.name}`,
  rows: bucketRows,
  region: (r) => r.bucket.region,
  raw: (r) => r.bucket,
};

function accessKeyColumns(theme: Theme, now: number): Column<AccessKeyRow>[] {
  return [
    pendingNameColumn(theme, (r) => r.key.access_key, 20, 'ACCESS KEY'),
    { id: 'region', title: 'REGION', value: (r) => r.key.region ?? null, minWidth: 9, priority: 0 },
    descriptionColumn((r) => r.key.description),
    ageColumn((r) => r.key.created_at, now),
  ];
}

function accessKeyRows(ctx: RowContext<'access-keys'>): readonly AccessKeyRow[] {
  const mark = listedMarks(ctx.pending);
  return ctx.data.map((key) => ({ key, pending: mark(accessKeyMark(key)) }));
}

export const ACCESS_KEYS_LIST: ListSpec<AccessKeyRow, 'access-keys'> = {
  resource: 'access-keys',
  noun: 'access keys',
  columns: accessKeyColumns,
  rowId: (r) => String(r.key.id),
  rows: accessKeyRows,
  region: (r) => r.key.region,
  raw: (r) => r.key,
};
