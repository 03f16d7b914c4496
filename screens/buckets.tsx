import type { AccessKey, Bucket } from '../src/api/schemas/object-storage.js';
import { age, bytes, dateTime, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { lazyCode } from '../src/store/actions/lazy-code.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { ui } from '../src/store/state/app-store.js';
import { LISTED } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import { type ScreenProps, useWatch } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { useData } from '../src/ui/screen/hooks.js';
import { declaredBindings, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { type ViewKey, viewBindings } from '../src/ui/screen/useViews.js';
import { ViewsScreen } from '../src/ui/screen/ViewsScreen.js';
import {
  ACCESS_KEYS_LIST,
  type AccessKeyRow,
  accessKeyMark,
  BUCKETS_LIST,
  type BucketRow,
  bucketMark,
} from './lists/buckets.js';

const accessKeyForm = lazyCode(() => import('./forms/access-key-create.js'));

type View = 'buckets' | 'access keys';
const VIEWS: readonly ViewKey<View>[] = [
  { key: 'b', view: 'buckets' },
  { key: 'a', view: 'access keys' },
];

/** What the API cannot do, said where a user looks for it (the empty list, the top of the screen). */
export const NO_BUCKET_CREATION =
  'the API has no bucket creation: make buckets with an S3 client at the region’s endpoint, signed with an access key (a)';

/** The same, short enough for the top of the screen at 80 columns. */
const BUCKETS_HOW = 'Buckets: no bucket creation in the API: use an S3 client and an access key (a)';

// ── buckets ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function bucketDetailLines(b: Bucket, now: number): DetailLine[] {
  const size = (n: number | null | undefined) => (n == null ? NONE : bytes(Number(n)));
  return [
    section(`Bucket ${b.name}`),
    field('Region', b.region),
    field('Endpoint', b.endpoint ?? NONE),
    field('Objects', b.num_objects ?? NONE),
    field('Stored', size(b.size_bytes)),
    field('On disk', size(b.size_bytes_actual)),
    field('Created', b.created_at ? `${dateTime(b.created_at)} (${age(b.created_at, now)} ago)` : NONE),
    text('Billed by the bytes it stores, by the hour. Deleting it deletes every object in it.', 'dim'),
  ];
}

/** Deletes a bucket and all it holds once its name is typed. */
export function deleteBucket(deps: ActionDeps, b: Bucket): void {
  const name = sanitize(b.name);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete bucket ${name} and everything in it?`,
    message: `Its ${b.num_objects ?? 'unknown number of'} objects go with it, for good. Type its name to confirm.`,
    expected: b.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.objectStorage.deleteBucket(b.name, b.region), {
        doing: `Deleting bucket ${name}`,
        done: `Bucket ${name} deleted`,
        refresh: ['buckets'],
        pending: { key: bucketMark(b), label: 'deleting', from: LISTED },
      }),
  });
}

export const BUCKETS_SPEC: ResourceSpec<BucketRow, 'buckets'> = {
  ...BUCKETS_LIST,
  title: 'Buckets',
  emptyText: `no buckets: ${NO_BUCKET_CREATION}`,
  pendingPrefix: 'bucket',
  pending: { key: (r) => bucketMark(r.bucket), status: () => LISTED },
  detail: {
    title: (r) => `bucket ${r.bucket.name}`,
    // the bucket read alone while open (retrieveBucketEndpoint); the list's until it lands
    watch: (r) => [storeKey('bucket', { name: r.bucket.name, region: r.bucket.region })],
    lines: (r, slice, now) =>
      bucketDetailLines(
        fresher(
          slice(storeKey('bucket', { name: r.bucket.name, region: r.bucket.region })),
          slice('buckets'),
          r.bucket,
        ),
        now,
      ),
    raw: (r) => r.bucket,
  },
  actions: [
    // never offered: the key is here so the help, the footer's ? and the key itself say why
    {
      key: 'c',
      label: 'create bucket',
      when: () => false,
      unavailable: () => NO_BUCKET_CREATION,
      run: () => {},
    },
    { key: 'D', label: 'delete', mutation: true, run: (r, app) => deleteBucket(app.deps, r.bucket) },
  ],
};

// ── access keys ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Deletes an access key once it is typed (or pasted): S3 clients signing with it are refused from then on. */
export function deleteAccessKey(deps: ActionDeps, k: AccessKey): void {
  const name = sanitize(k.access_key);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete access key ${name}?`,
    message: 'S3 clients signing with it are refused from then on. Type the access key to confirm.',
    expected: k.access_key,
    onConfirm: () =>
      void runAction(deps, (api) => api.objectStorage.deleteAccessKey(k.id), {
        doing: `Deleting access key ${name}`,
        done: `Access key ${name} deleted`,
        refresh: ['access-keys'],
        pending: { key: accessKeyMark(k), label: 'deleting', from: LISTED },
      }),
  });
}

export const ACCESS_KEYS_SPEC: ResourceSpec<AccessKeyRow, 'access-keys'> = {
  ...ACCESS_KEYS_LIST,
  title: 'Access keys',
  emptyText: 'no access keys (n makes one)',
  pendingPrefix: 'access-key',
  pending: { key: (r) => accessKeyMark(r.key), status: () => LISTED },
  detail: {
    title: (r) => `access key ${r.key.access_key}`,
    watch: () => [],
    lines: (r, _slice, now) => [
      section(`Access key ${r.key.access_key}`),
      field('Region', r.key.region ?? NONE),
      field('Description', r.key.description || NONE),
      field(
        'Created',
        r.key.created_at ? `${dateTime(r.key.created_at)} (${age(r.key.created_at, now)} ago)` : NONE,
      ),
      text('Its secret key was shown once, when it was made: the service never shows it again.', 'dim'),
    ],
    // the listed key carries no secret (the service answers it at creation only)
    raw: (r) => r.key,
  },
  actions: [{ key: 'D', label: 'delete', mutation: true, run: (r, app) => deleteAccessKey(app.deps, r.key) }],
  screenActions: [
    {
      key: 'n',
      label: 'new access key',
      mutation: true,
      run: (app) => accessKeyForm((m) => void m.openAccessKeyCreate(app.deps)),
    },
  ],
};

// ── the screen ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The line about the service: its regions and its health. */
export function storageLine(
  regions: readonly string[] | undefined,
  health: string | undefined,
  failed: readonly string[] | null | undefined,
): string {
  const r = regions ? `regions ${regions.join(', ') || NONE}` : 'regions: loading…';
  const h = health === undefined ? 'health: loading…' : `health ${health}`;
  // the list answers what it could: a region that did not answer is named, its buckets are missing
  const f = failed?.length ? ` · buckets of ${failed.join(', ')} not listed (no answer)` : '';
  return `${r} · ${h}${f}`;
}

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([BUCKETS_SPEC, ACCESS_KEYS_SPEC], viewBindings(VIEWS));

/** Object storage: the service's regions and health on top; buckets or access keys below. */
export function BucketsScreen({ width, height, active }: ScreenProps) {
  useWatch(['storage-regions', 'storage-health']);
  const regions = useData('storage-regions');
  const health = useData('storage-health');
  const failed = useData('buckets')?.failed_regions;
  return (
    <ViewsScreen
      heading="Object storage"
      views={VIEWS}
      panes={{ buckets: BUCKETS_SPEC, 'access keys': ACCESS_KEYS_SPEC }}
      top={[{ text: sanitize(storageLine(regions, health, failed)) }, { text: BUCKETS_HOW, tone: 'dim' }]}
      width={width}
      height={height}
      active={active}
    />
  );
}
