/** Creating an environment: a name (lowercase letters, digits and hyphens, checked live) and a region. */
import type { Environment } from '../../src/api/schemas/environment.js';
import { REGIONS, type Region } from '../../src/api/schemas/environment.js';
import { DNS_NAME_MAX, dnsNameError } from '../../src/domain/names.js';
import type { ActionDeps } from '../../src/store/actions.js';
import { mutate } from '../../src/store/actions.js';
import { ui } from '../../src/store/app-store.js';
import { type FormContext, loadFormData } from '../../src/store/form-data.js';
import type { FormSpec, FormValue } from '../../src/store/form-spec.js';

const str = (v: FormValue): string => (typeof v === 'string' ? v : '');

export interface CreateEnvironmentOptions {
  /** Region chosen when the form opens (the header's region filter, say). */
  region?: Region | undefined;
  onCreated?: (env: Environment) => void;
}

/** "New environment": name and region. */
export function createEnvironmentForm(ctx: FormContext, opts: CreateEnvironmentOptions = {}): FormSpec {
  const envs = ctx.data.environments ?? [];
  return {
    title: 'New environment',
    notes: [
      'An environment groups VMs, clusters, key pairs and firewalls of one region.',
      'Its name is used by clusters too: only lowercase letters, digits and hyphens.',
    ],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        maxLength: DNS_NAME_MAX,
        counter: true,
        placeholder: 'e.g. ml-training',
        validate: (v) => {
          const name = str(v);
          const e = dnsNameError(name);
          if (e) return e;
          if (envs.some((x) => x.name === name)) return `an environment named ${name} already exists`;
          return undefined;
        },
      },
      {
        id: 'region',
        kind: 'select',
        label: 'Region',
        options: () => REGIONS.map((r) => ({ label: r, value: r })),
      },
    ],
    initial: { name: '', region: opts.region },
    summary: (values) =>
      str(values.name) && str(values.region) ? `${str(values.name)} in ${str(values.region)}` : undefined,
    submitLabel: 'Create',
    onSubmit: async (values) => {
      const name = str(values.name);
      const region = str(values.region) as Region;
      const env = await mutate(ctx.deps, (api) => api.environments.create({ name, region }), {
        doing: `Creating environment ${name}`,
        done: `Environment ${name} created in ${region}: import a key pair into it (i)`,
        refresh: ['environments'],
      });
      opts.onCreated?.(env);
    },
  };
}

/** Opens "New environment" (refused in read-only mode). */
export async function openCreateEnvironment(
  deps: ActionDeps,
  opts: CreateEnvironmentOptions = {},
): Promise<void> {
  const data = await loadFormData(deps, ['environments'], [], { title: 'New environment' });
  if (!data) return;
  const region = opts.region ?? regionFilter(deps);
  ui.openForm(deps.store, createEnvironmentForm({ deps, data }, { ...opts, region }));
}

function regionFilter(deps: ActionDeps): Region | undefined {
  const r = deps.store.getState().region;
  return r === 'ALL' ? undefined : (r as Region);
}
