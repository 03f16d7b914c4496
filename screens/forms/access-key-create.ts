/**
 * A new object-storage access key (createAccessKeyEndpoint): its region and an optional description. Its secret
 * key is answered this once: shown in the one dialog for such secrets (secret-once.ts), copied on request, kept
 * nowhere.
 */
import type { StorageRegion } from '../../src/api/endpoints/object-storage.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';
import { showSecretOnce } from './secret-once.js';

/** The reference page: "An optional description for the access key. Max 250 characters." */
const DESCRIPTION_MAX = 250;

type AccessKeyValues = { region: string | undefined; description: string };

export function accessKeyCreateForm(deps: ActionDeps, regions: readonly string[]): FormSpec<AccessKeyValues> {
  return {
    title: 'New object-storage access key',
    notes: ['Its secret key is shown once, when it is made: copy it then (S3 clients sign with the pair).'],
    fields: [
      {
        id: 'region',
        kind: 'select',
        label: 'Region',
        options: () => regions.map((r) => ({ label: r, value: r })),
      },
      {
        id: 'description',
        kind: 'text',
        label: 'Description',
        maxLength: DESCRIPTION_MAX,
        placeholder: 'optional: what uses it',
      },
    ],
    initial: { region: regions[0], description: '' },
    submitLabel: 'Make key',
    onSubmit: async (values) => {
      // the regions offered are the service's own list (listRegionsEndpoint), which the document's enum mirrors
      const region = (values.region ?? '') as StorageRegion;
      const made = await mutate(
        deps,
        (api) =>
          api.objectStorage.createAccessKey({
            region,
            ...(values.description ? { description: values.description } : {}),
          }),
        {
          doing: `Making an access key in ${region}`,
          done: `Access key made in ${region}`,
          refresh: ['access-keys'],
        },
      );
      const id = sanitize(made.key.access_key);
      showSecretOnce(deps, `Secret key of ${id}`, made.secret, `the secret key of ${id}`);
    },
  };
}

/** Opens the form once the object-storage regions are loaded (read-only: refused by the dispatcher and mutate). */
export async function openAccessKeyCreate(deps: ActionDeps): Promise<void> {
  if (
    !(await ensureLoaded(deps, ['storage-regions'], {
      title: 'New access key',
      names: { 'storage-regions': 'object-storage regions' },
    }))
  )
    return;
  ui.openForm(deps.store, accessKeyCreateForm(deps, readData(deps.store, 'storage-regions') ?? []));
}
