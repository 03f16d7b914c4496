/** Make a custom image of a snapshot (Create_custom_image: a name and optional labels). */
import type { Snapshot } from '../../src/api/schemas/snapshot.js';
import { plainNameError } from '../../src/domain/names.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { nameCheck } from '../../src/store/actions/name-check.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData, storeKey } from '../../src/store/state/resources.js';

/** "a, b , c" → ["a", "b", "c"]. */
export const labelList = (v: string): string[] =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The form's values, by field id. */
type ImageValues = {
  name: string;
  labels: string;
};

export function snapshotImageForm(
  deps: ActionDeps,
  snap: Snapshot,
  region: string | undefined,
): FormSpec<ImageValues> {
  const nameFree = nameCheck('image', (api, name) => api.images.nameAvailable(name));
  return {
    title: `Make an image of snapshot ${snap.name}`,
    notes: [
      `A private image${region ? ` in ${region}` : ''}: new VMs can be created from it (c on the VMs screen).`,
      'Deleting the snapshot deletes the image too.',
    ],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Image name',
        placeholder: `e.g. ${snap.name}-image`,
        validate: (v) => {
          const name = v;
          const e = plainNameError(name);
          if (e) return e;
          const groups = readData(deps.store, 'images') ?? [];
          const taken = groups.some(
            (g) => (!region || g.region_name === region) && (g.images ?? []).some((i) => i.name === name),
          );
          return taken ? `an image named ${name} already exists${region ? ` in ${region}` : ''}` : undefined;
        },
      },
      {
        id: 'labels',
        kind: 'text',
        label: 'Labels',
        placeholder: 'optional: comma-separated, e.g. cuda, golden',
        help: 'Labels attached to the image.',
      },
    ],
    initial: { name: '', labels: '' },
    submitLabel: 'Make image',
    onSubmit: async (values) => {
      const name = values.name;
      const labels = labelList(values.labels);
      await nameFree(deps, name);
      await mutate(
        deps,
        (api) => api.snapshots.createImage(snap.id, { name, ...(labels.length ? { labels } : {}) }),
        {
          doing: `Making image ${name} of snapshot ${snap.name}`,
          done: (r: { id: number | null }) =>
            `Image ${name}${r.id === null ? '' : ` (id ${r.id})`} made of snapshot ${snap.name}`,
          refresh: [
            'snapshots',
            'images',
            storeKey('snapshot', snap.id),
            storeKey('snapshot-events', snap.id),
          ],
        },
      );
    },
  };
}
