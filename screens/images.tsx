/**
 * Images: the catalogue's public images and the organisation's own, made of snapshots (their custom images). The
 * list is the service's per region and OS family, one row an image, the organisation's first. Enter reads the image
 * alone (Get_Image); D deletes one of the organisation's images once its name is typed (a public image is the
 * provider's: refused, and said why). Which snapshot an image was made of is said by the snapshot's detail (the
 * service's lists carry neither link), whose I opens its image here.
 */
import type { Image } from '../src/api/schemas/image.js';
import { age, bytes, dateTime, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { ui } from '../src/store/state/app-store.js';
import { liveMark } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import {
  declaredBindings,
  ResourceScreen,
  type ResourceSpec,
  type RowContext,
} from '../src/ui/screen/ResourceScreen.js';
import type { Column } from '../src/ui/table/types.js';
import { STATUS_SYMBOL, type Theme } from '../src/ui/theme.js';

/** One image of the list. */
export interface ImageRow {
  image: Image;
  /** "deleting", from the moment D was confirmed until the image is gone. */
  pending: string | undefined;
}

const own = (i: Image) => i.is_public === false;
const createdAt = (i: Image) => {
  const v = (i as { created_at?: unknown }).created_at;
  return typeof v === 'string' ? v : null;
};
const labelsOf = (i: Image) =>
  (i.labels ?? []).map((l) => (typeof l === 'string' ? l : l.label)).filter(Boolean);

function columns(theme: Theme): Column<ImageRow>[] {
  return [
    {
      id: 'name',
      title: 'NAME',
      value: (r) => r.image.name,
      text: (r) => (r.pending ? `${r.image.name} ${STATUS_SYMBOL.busy} ${r.pending}…` : r.image.name),
      color: (r) => (r.pending ? theme.warn : undefined),
      minWidth: 24,
      priority: 0,
    },
    {
      id: 'owner',
      title: 'OWNER',
      value: (r) => (own(r.image) ? 'organisation' : 'public'),
      minWidth: 12,
      priority: 0,
    },
    { id: 'region', title: 'REGION', value: (r) => r.image.region_name ?? null, minWidth: 9, priority: 0 },
    {
      id: 'os',
      title: 'OS',
      value: (r) => [r.image.type, r.image.version].filter(Boolean).join(' ') || null,
      minWidth: 12,
      priority: 1,
    },
    {
      id: 'size',
      title: 'SIZE',
      value: (r) => r.image.size ?? null,
      text: (r) => (r.image.size == null ? NONE : bytes(Number(r.image.size))),
      align: 'right',
      minWidth: 8,
      priority: 2,
    },
  ];
}

export function imageRows(ctx: RowContext<'images'>): readonly ImageRow[] {
  const now = Date.now();
  const rows = ctx.data
    .filter((g) => ctx.region === 'ALL' || g.region_name === ctx.region)
    .flatMap((g) => g.images)
    .map((image) => ({
      image,
      pending: liveMark(ctx.pending, `image:${image.id}`, 'present', now)?.label,
    }));
  // the organisation's own images first, then the catalogue's
  return [...rows.filter((r) => own(r.image)), ...rows.filter((r) => !own(r.image))];
}

export function imageDetailLines(r: ImageRow, now: number): DetailLine[] {
  const i = r.image;
  const made = createdAt(i);
  const labels = labelsOf(i);
  const lines: DetailLine[] = [
    section(`Image ${i.name}`),
    field('Owner', own(i) ? 'this organisation (a custom image)' : 'public (the provider’s catalogue)'),
    field('Region', i.region_name ?? NONE),
    field('OS', [i.type, i.version].filter(Boolean).join(' ') || NONE),
    field('Size', i.size == null ? NONE : bytes(Number(i.size))),
    field('Labels', labels.length ? labels.join(', ') : NONE),
    field('Created', made ? `${dateTime(made)} (${age(made, now)} ago)` : NONE),
  ];
  if (i.description) lines.push(field('Description', i.description));
  if (own(i))
    lines.push(
      text(
        'Made of a snapshot of this organisation: new VMs can be created from it (c on the VMs screen, its region). Deleting that snapshot deletes it too.',
        'dim',
      ),
    );
  return lines;
}

/** Deletes one of the organisation's images once its name is typed. */
export function deleteImage(deps: ActionDeps, r: ImageRow): void {
  const name = sanitize(r.image.name);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete image ${name}?`,
    message:
      'No VM can be created from it any more (the snapshot it was made of stays). Type its name to confirm.',
    expected: r.image.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.images.delete(r.image.id), {
        doing: `Deleting image ${name}`,
        done: `Image ${name} deleted`,
        refresh: ['images', 'snapshots'],
        pending: { key: `image:${r.image.id}`, label: 'deleting', from: 'present' },
      }),
  });
}

export const IMAGES_SPEC: ResourceSpec<ImageRow, 'images'> = {
  resource: 'images',
  noun: 'images',
  columns,
  rowId: (r) => String(r.image.id),
  rows: imageRows,
  emptyText: 'no images in this region',
  describe: (r) => `${own(r.image) ? 'custom' : 'public'} image ${r.image.name}`,
  pendingPrefix: 'image',
  pending: { key: (r) => `image:${r.image.id}`, status: () => 'present' },
  detail: {
    title: (r) => `image ${r.image.name}`,
    // the image read alone while open (Get_Image); the list's until it lands
    watch: (r) => [storeKey('image', r.image.id)],
    lines: (r, slice, now) =>
      imageDetailLines(
        { ...r, image: fresher(slice(storeKey('image', r.image.id)), slice('images'), r.image) },
        now,
      ),
    raw: (r) => r.image,
  },
  actions: [
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      when: (r) => own(r.image),
      unavailable: () =>
        'a public image is the provider’s: only the organisation’s own images can be deleted',
      run: (r, app) => deleteImage(app.deps, r),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([IMAGES_SPEC]);

/** Images: the organisation's custom images and the public catalogue; details, delete. */
export function ImagesScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={IMAGES_SPEC} />;
}
