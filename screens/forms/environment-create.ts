/** Creating an environment: a name (lowercase letters, digits and hyphens, checked live) and a region. */
import type { Environment } from '../../src/api/schemas/environment.js';
import type { Region } from '../../src/domain/region.js';
import { deriveRegions } from '../../src/domain/regions.js';
import { type FormContext, loadFormData } from '../../src/store/actions/form-data.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import { nameCheck } from '../../src/store/actions/name-check.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FormSpec } from '../../src/store/state/form-spec.js';
import { dnsNameField } from './dns-name-field.js';

export interface CreateEnvironmentOptions {
  /** Region chosen when the form opens (the header's region filter, say). */
  region?: Region | undefined;
  onCreated?: (env: Environment) => void;
}

/** The form's values, by field id. */
type EnvironmentValues = {
  name: string;
  region: string | undefined;
};

/**
 * The regions that exist, as the service says: its regions endpoint, else the regions its environments and stock
 * name. Never a fixed list. Country and green status as the hint when the endpoint gives them.
 */
export function regionOptions(ctx: FormContext): FieldOption[] {
  const { regions, environments, stocks } = ctx.data;
  return deriveRegions({ regions, environments, stocks }).map((r) => {
    const hint = [r.country, r.greenStatus].filter(Boolean).join(' · ');
    return hint ? { label: r.name, value: r.name, hint } : { label: r.name, value: r.name };
  });
}

/** "New environment": name and region. */
export function createEnvironmentForm(
  ctx: FormContext,
  opts: CreateEnvironmentOptions = {},
): FormSpec<EnvironmentValues> {
  const envs = ctx.data.environments ?? [];
  const regions = regionOptions(ctx);
  const nameFree = nameCheck('environment', (api, name) => api.environments.nameAvailable(name));
  return {
    title: 'New environment',
    notes: [
      'An environment groups VMs, clusters, key pairs and firewalls of one region.',
      'Its name is used by clusters too: only lowercase letters, digits and hyphens.',
      // the fallback is said, not silent
      ...(ctx.data.regions?.length
        ? []
        : ['⚠ The regions endpoint did not answer: these are the regions the environments and stock name.']),
    ],
    fields: [
      dnsNameField({
        placeholder: 'e.g. ml-training',
        taken: (name) =>
          envs.some((x) => x.name === name) ? `an environment named ${name} already exists` : undefined,
      }),
      {
        id: 'region',
        kind: 'select',
        label: 'Region',
        help: 'The regions the service has.',
        options: () => regions,
      },
    ],
    initial: {
      name: '',
      region: regions.some((r) => r.value === opts.region) ? opts.region : undefined,
    },
    summary: (values) =>
      values.name && (values.region ?? '') ? `${values.name} in ${values.region ?? ''}` : undefined,
    submitLabel: 'Create',
    onSubmit: async (values) => {
      const name = values.name;
      const region = values.region ?? '';
      await nameFree(ctx.deps, name);
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
  const data = await loadFormData(deps, ['environments'], ['regions', 'stocks'], {
    title: 'New environment',
  });
  if (!data) return;
  const region = opts.region ?? regionFilter(deps);
  ui.openForm(deps.store, createEnvironmentForm({ deps, data }, { ...opts, region }));
}

function regionFilter(deps: ActionDeps): Region | undefined {
  const r = deps.store.getState().region;
  return r === 'ALL' ? undefined : r;
}
