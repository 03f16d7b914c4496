import { age, bytes, dateTime, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { ui } from '../src/store/state/app-store.js';
import { LISTED } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { createdAt, IMAGES_LIST, type ImageRow, labelsOf, own } from './lists/images.js';

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
        pending: { key: `image:${r.image.id}`, label: 'deleting', from: LISTED },
      }),
  });
}

export const IMAGES_SPEC: ResourceSpec<ImageRow, 'images'> = {
  ...IMAGES_LIST,
  emptyText: 'no images in this region',
  describe: (r) => `${own(r.image) ? 'custom' : 'public'} image ${r.image.name}`,
  pendingPrefix: 'image',
  pending: { key: (r) => `image:${r.image.id}`, status: () => LISTED },
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
