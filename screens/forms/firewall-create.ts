import type { Environment } from '../../src/api/schemas/environment.js';
import type { Firewall } from '../../src/api/schemas/firewall.js';
import { plainNameError } from '../../src/domain/names.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

const _str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form's values, by field id. */
type FirewallValues = {
  name: string;
  environment: string | undefined;
  description: string;
};

/** The "new firewall" form: name, environment, description. */
export function firewallCreateForm(
  deps: ActionDeps,
  envs: readonly Environment[],
  existing: readonly Firewall[],
): FormSpec<FirewallValues> {
  const envById = new Map(envs.map((e) => [String(e.id), e]));
  return {
    title: 'New firewall',
    notes: ['A firewall starts with no rules: it allows nothing until you add rules and attach it to VMs.'],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        required: true,
        // CreateFirewallPayload documents no length or characters for a name: none is invented
        validate: (v, values) => {
          const error = plainNameError(v);
          if (error) return error;
          const name = v;
          const env = envById.get(values.environment ?? '');
          if (env && existing.some((f) => f.name === name && f.environment?.name === env.name)) {
            return `a firewall named ${name} already exists in ${env.name}`;
          }
          return undefined;
        },
      },
      {
        id: 'environment',
        kind: 'select',
        label: 'Environment',
        help: 'A firewall can only be attached to VMs of its environment.',
        options: () => envs.map((e) => ({ label: e.name, value: String(e.id), hint: e.region })),
      },
      {
        id: 'description',
        kind: 'text',
        label: 'Description',
        placeholder: 'optional',
      },
    ],
    initial: { name: '', environment: envs.length === 1 ? String(envs[0]?.id) : undefined, description: '' },
    summary: (values) => {
      const env = envById.get(values.environment ?? '');
      return env && values.name.trim() ? `${values.name.trim()} in ${env.name} (${env.region})` : undefined;
    },
    submitLabel: 'Create',
    serviceFields: { environment_id: 'environment' },
    onSubmit: (values) => {
      const name = values.name.trim();
      const description = values.description.trim();
      return mutate(
        deps,
        (api) =>
          api.firewalls.create({
            name,
            environment_id: Number(values.environment),
            ...(description ? { description } : {}),
          }),
        {
          doing: `Creating firewall ${name}`,
          done: `Firewall ${name} created: add rules (a), then attach it (A)`,
          refresh: ['firewalls'],
        },
      ).then(() => undefined);
    },
  };
}
