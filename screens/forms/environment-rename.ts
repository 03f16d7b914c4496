/** Renaming an environment: the name rules of a new one (clusters use it), unique among the environments. */
import type { Environment } from '../../src/api/schemas/environment.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';
import { dnsNameField } from './dns-name-field.js';

/** The form's values, by field id. */
type RenameValues = {
  name: string;
};

export function renameEnvironmentForm(
  deps: ActionDeps,
  env: Environment,
  envs: readonly Environment[],
): FormSpec<RenameValues> {
  return {
    title: `Rename environment ${env.name}`,
    notes: [
      `In ${env.region ?? 'its region'}. Its VMs, key pairs, firewalls and clusters stay in it under the new name.`,
    ],
    fields: [
      dnsNameField({
        label: 'New name',
        taken: (name) => {
          if (name === env.name) return 'that is its name now: type a new one';
          if (envs.some((x) => x.id !== env.id && x.name === name))
            return `an environment named ${name} already exists`;
          return undefined;
        },
      }),
    ],
    initial: { name: env.name },
    summary: (values) => (values.name !== env.name ? `${env.name} → ${values.name}` : undefined),
    submitLabel: 'Rename',
    onSubmit: async (values) => {
      const name = values.name;
      await mutate(deps, (api) => api.environments.update(env.id, { name }), {
        doing: `Renaming environment ${env.name}`,
        done: `Environment ${env.name} renamed to ${name}`,
        // The lists that show an environment's name.
        refresh: ['environments', 'keypairs', 'vms', 'firewalls', 'clusters'],
      });
    },
  };
}

/** Opens "Rename environment" (refused in read-only mode by the dispatcher). */
export function openRenameEnvironment(deps: ActionDeps, env: Environment): void {
  ui.openForm(deps.store, renameEnvironmentForm(deps, env, readData(deps.store, 'environments') ?? [env]));
}
