/**
 * Creating a volume (Create_volume): a name (checked live against the volumes listed, then with the service), an
 * environment, a type from the service's volume types, a size in GB, and optionally an image (a bootable volume).
 */

import type { Volume } from '../../src/api/schemas/volume.js';
import { perHour } from '../../src/domain/format.js';
import { plainNameError } from '../../src/domain/names.js';
import { priceMap, volumeHourly } from '../../src/domain/pricing.js';
import type { RegionFilter } from '../../src/domain/region.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { followVolume } from '../../src/store/actions/follow-kinds.js';
import { envNamed, type FormData, formData, imagesIn } from '../../src/store/actions/form-data.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { nameCheck } from '../../src/store/actions/name-check.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';

/** Create_Volume_Payload: name at most 50 characters, size at most 1048576 GB. */
export const VOLUME_NAME_MAX = 50;
export const VOLUME_SIZE_MAX = 1_048_576;
const NO_IMAGE = 'none';
const GIB = 1024 ** 3;

/** The form's values. */
type VolumeValues = {
  name: string;
  environment: string | undefined;
  type: string | undefined;
  size: number | undefined;
  image: string | undefined;
};

/** What the form chooses from. */
export interface VolumeFormData {
  data: FormData;
  volumes: readonly Volume[];
  types: readonly string[];
}

export function createVolumeForm(
  deps: ActionDeps,
  d: VolumeFormData,
  opts: { region?: RegionFilter; onCreated?: (v: Volume) => void } = {},
): FormSpec<VolumeValues> {
  const envs = d.data.environments ?? [];
  const book = priceMap(d.data.pricebook);
  const regionOf = (values: VolumeValues) => envNamed(d.data, values.environment)?.region ?? undefined;
  const images = (values: VolumeValues) => imagesIn(d.data, regionOf(values));
  const chosenImage = (values: VolumeValues) => images(values).find((i) => String(i.id) === values.image);
  const minSize = (values: VolumeValues) => {
    const size = chosenImage(values)?.size;
    return size ? Math.ceil(size / GIB) : 1;
  };
  const firstEnv =
    envs.find((e) => opts.region && opts.region !== 'ALL' && e.region === opts.region) ?? envs[0];
  const nameFree = nameCheck('volume', (api, name) => api.volumes.nameAvailable(name));
  return {
    title: 'New volume',
    notes: ['A block device in one environment: attach it to a VM of that environment (a on the volume).'],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        maxLength: VOLUME_NAME_MAX,
        counter: true,
        placeholder: 'e.g. datasets',
        validate: (name) => {
          const e = plainNameError(name, VOLUME_NAME_MAX);
          if (e) return e;
          return d.volumes.some((x) => x.name === name) ? `a volume named ${name} already exists` : undefined;
        },
      },
      {
        id: 'environment',
        kind: 'select',
        label: 'Environment',
        options: () => envs.map((e) => ({ label: e.name, value: e.name, hint: e.region ?? '' })),
      },
      {
        id: 'type',
        kind: 'select',
        label: 'Type',
        options: () =>
          d.types.map((t): FieldOption => {
            const perGb = book.get(t);
            return perGb === undefined
              ? { label: t, value: t }
              : { label: t, value: t, hint: `${perHour(perGb * 1000)} per TB` };
          }),
      },
      {
        id: 'size',
        kind: 'number',
        label: 'Size (GB)',
        min: 1,
        max: VOLUME_SIZE_MAX,
        integer: true,
        validate: (v, values) => {
          const need = minSize(values);
          return v !== undefined && v < need ? `the image needs at least ${need} GB` : undefined;
        },
      },
      {
        id: 'image',
        kind: 'select',
        label: 'Image',
        required: false,
        help: 'An image makes the volume bootable; none gives an empty disk.',
        options: (values) => [
          { label: 'none (empty volume)', value: NO_IMAGE },
          ...images(values).map((i) => ({
            label: i.name,
            value: String(i.id),
            hint: i.size ? `${Math.ceil(i.size / GIB)} GB` : '',
          })),
        ],
      },
    ],
    initial: {
      name: '',
      environment: firstEnv?.name,
      type: d.types.includes('Cloud-SSD') ? 'Cloud-SSD' : d.types[0],
      size: 100,
      image: NO_IMAGE,
    },
    summary: (values) => {
      const { size, type } = values;
      const hourly = volumeHourly(book, type, size);
      return `${size ?? '?'} GB ${type ?? ''} in ${values.environment || '?'}${
        hourly === undefined ? '' : `, ${perHour(hourly)}`
      }`;
    },
    submitLabel: 'Create',
    serviceFields: { environment_name: 'environment', volume_type: 'type', image_id: 'image' },
    onSubmit: async (values) => {
      const { name, image } = values;
      await nameFree(deps, name);
      const created = await mutate(
        deps,
        (api) =>
          api.volumes.create({
            name,
            environment_name: values.environment ?? '',
            volume_type: values.type ?? '',
            size: Number(values.size),
            ...(image && image !== NO_IMAGE ? { image_id: Number(image) } : {}),
          }),
        {
          doing: `Creating volume ${name}`,
          done: `Volume ${name} created: it is available once the service has made it`,
          refresh: ['volumes'],
        },
      );
      opts.onCreated?.(created);
      followVolume(deps, created);
    },
  };
}

/** Opens "New volume" once the environments and the volume types are loaded (images and prices if they can be). */
export async function openCreateVolume(
  deps: ActionDeps,
  opts: { onCreated?: (v: Volume) => void } = {},
): Promise<void> {
  const ok = await ensureLoaded(deps, ['environments', 'volume-types', 'volumes'], {
    title: 'New volume',
    optional: ['images', 'pricebook'],
    names: { 'volume-types': 'volume types', pricebook: 'prices' },
  });
  if (!ok) return;
  const spec = createVolumeForm(
    deps,
    {
      data: formData(deps.store),
      volumes: readData(deps.store, 'volumes') ?? [],
      types: readData(deps.store, 'volume-types') ?? [],
    },
    { region: deps.store.getState().region, ...opts },
  );
  ui.openForm(deps.store, spec);
}
