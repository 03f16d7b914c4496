/**
 * Updating a volume (Update_volume): the one field the service changes is its environment, to another of the same
 * region, while it is attached to nothing. (The service has no rename of a volume.)
 */
import type { Volume } from '../../src/api/schemas/volume.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { volumeLabel } from '../../src/domain/volumes.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FormSpec } from '../../src/store/state/form-spec.js';
import { readData, storeKey } from '../../src/store/state/resources.js';

/** The form's values, by field id. */
type MoveValues = {
  environment: string | undefined;
};

export function moveVolumeForm(
  deps: ActionDeps,
  v: Volume,
  envs: ReadonlyArray<{ name: string; region?: string | null }>,
): FormSpec<MoveValues> {
  const here = v.environment?.name;
  const region = v.environment?.region ?? envs.find((e) => e.name === here)?.region;
  const options: FieldOption[] = envs
    .filter((e) => e.name !== here)
    .map((e) =>
      e.region && region && e.region !== region
        ? {
            label: e.name,
            value: e.name,
            disabled: `in ${e.region}: a volume stays in its region (${region})`,
          }
        : { label: e.name, value: e.name, hint: e.region ?? '' },
    );
  const name = sanitize(volumeLabel(v));
  return {
    title: `Move volume ${name} to another environment`,
    notes: [
      `Now in ${sanitize(here ?? '—')}${region ? ` (${region})` : ''}. The service has no rename of a volume.`,
    ],
    fields: [{ id: 'environment', kind: 'select', label: 'Environment', options: () => options }],
    initial: { environment: options.find((o) => !o.disabled)?.value },
    summary: (values) =>
      (values.environment ?? '') ? `${here ?? '?'} → ${values.environment ?? ''}` : undefined,
    submitLabel: 'Move',
    serviceFields: { environment_name: 'environment' },
    onSubmit: async (values) => {
      const target = values.environment ?? '';
      await mutate(deps, (api) => api.volumes.moveTo(v.id, target), {
        doing: `Moving volume ${name} to ${target}`,
        done: `Volume ${name} moved to ${target}`,
        refresh: ['volumes', storeKey('volume', v.id)],
      });
    },
  };
}

/** Opens the move form once the environments are loaded. */
export async function openMoveVolume(deps: ActionDeps, v: Volume): Promise<void> {
  if (!(await ensureLoaded(deps, ['environments'], { title: `Move ${sanitize(volumeLabel(v))}` }))) return;
  ui.openForm(deps.store, moveVolumeForm(deps, v, readData(deps.store, 'environments') ?? []));
}
