/** Renaming a key pair (at most 50 characters, spec §8). */
import type { Keypair } from '../../src/api/schemas/keypair.js';
import { keypairEnvName } from '../../src/domain/keypairs.js';
import { KEYPAIR_NAME_MAX, keypairNameError } from '../../src/domain/names.js';
import { type FormContext, keypairsIn } from '../../src/store/actions/form-data.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';

/** The form's values, by field id. */
type RenameValues = {
  name: string;
};

/** "Rename key pair": one field, the new name. */
export function renameKeypairForm(ctx: FormContext, kp: Keypair): FormSpec<RenameValues> {
  const env = keypairEnvName(kp);
  return {
    title: `Rename key pair ${kp.name}`,
    notes: [
      `In ${env ?? 'its environment'}. VMs already created with it keep working: the key is on them, not its name.`,
    ],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'New name',
        maxLength: KEYPAIR_NAME_MAX,
        counter: true,
        validate: (v) => {
          const name = v;
          const e = keypairNameError(name);
          if (e) return e;
          if (name === kp.name) return 'that is its name now: type a new one';
          if (keypairsIn(ctx.data, env).some((k) => k.id !== kp.id && k.name === name)) {
            return `a key pair named ${name} already exists in ${env}`;
          }
          return undefined;
        },
      },
    ],
    initial: { name: kp.name },
    summary: (values) => (values.name !== kp.name ? `${kp.name} → ${values.name}` : undefined),
    submitLabel: 'Rename',
    onSubmit: async (values) => {
      const name = values.name;
      await mutate(ctx.deps, (api) => api.keypairs.rename(kp.id, name), {
        doing: `Renaming key pair ${kp.name}`,
        done: `Key pair ${kp.name} renamed to ${name}`,
        refresh: ['keypairs'],
      });
    },
  };
}

/** Opens "Rename key pair" for this key pair (refused in read-only mode). */
export function openRenameKeypair(deps: ActionDeps, kp: Keypair): void {
  const keypairs = readData(deps.store, 'keypairs');
  ui.openForm(deps.store, renameKeypairForm({ deps, data: { keypairs: keypairs ?? [kp] } }, kp));
}
