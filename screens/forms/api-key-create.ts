/**
 * A new API key (Generate_API_Key): a name and a description. The whole key is answered this once: it is shown in
 * a dialog that says so, copied on request (c, through the clipboard sink), and kept nowhere — not in the store,
 * the action log, the status line or any file.
 */
import type { ApiKey } from '../../src/api/schemas/access.js';
import { plainNameError } from '../../src/domain/names.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';
import { showSecretOnce } from './secret-once.js';

/** GenerateUpdateApiKeyPayload: a name of 1 to 200 characters. */
const API_KEY_NAME_MAX = 200;

type ApiKeyValues = { name: string; description: string };

/** The name field: 1 to 200 characters, none another key of the user has (`self`: the key being edited). */
function nameField(deps: ActionDeps, self?: ApiKey): FormSpec<ApiKeyValues>['fields'][number] {
  return {
    id: 'name',
    kind: 'text',
    label: 'Name',
    maxLength: API_KEY_NAME_MAX,
    counter: true,
    placeholder: 'e.g. ci-pipeline',
    validate: (name) => {
      const e = plainNameError(name, API_KEY_NAME_MAX);
      if (e) return e;
      const taken = (readData(deps.store, 'api-keys') ?? []).some(
        (k) => k.name === name && k.id !== self?.id,
      );
      return taken ? `an API key named ${name} already exists` : undefined;
    },
  };
}

const DESCRIPTION = {
  id: 'description',
  kind: 'text',
  label: 'Description',
  placeholder: 'optional: what uses it',
} as const;

const input = (v: ApiKeyValues) => ({
  name: v.name,
  ...(v.description ? { description: v.description } : {}),
});

export function apiKeyCreateForm(deps: ActionDeps): FormSpec<ApiKeyValues> {
  return {
    title: 'New API key',
    notes: ['The key is shown once, when it is made: copy it then.'],
    fields: [nameField(deps), DESCRIPTION],
    initial: { name: '', description: '' },
    submitLabel: 'Make key',
    onSubmit: async (values) => {
      const name = values.name;
      const made = await mutate(deps, (api) => api.apiKeys.generate(input(values)), {
        doing: `Making API key ${name}`,
        done: `API key ${name} made`,
        refresh: ['api-keys'],
      });
      if (made.secret) showSecretOnce(deps, `API key ${sanitize(name)}`, made.secret);
    },
  };
}

/** Renames a key or changes its description (Update_API_Key): the key itself stays the same. */
export function apiKeyEditForm(deps: ActionDeps, key: ApiKey): FormSpec<ApiKeyValues> {
  const was = sanitize(key.name);
  return {
    title: `Edit API key ${was}`,
    notes: ['The key itself does not change: whatever uses it goes on working.'],
    fields: [nameField(deps, key), DESCRIPTION],
    initial: { name: key.name, description: key.description ?? '' },
    submitLabel: 'Save',
    onSubmit: async (values) => {
      await mutate(deps, (api) => api.apiKeys.update(key.id, input(values)), {
        doing: `Saving API key ${was}`,
        done: `API key ${sanitize(values.name)} saved`,
        refresh: ['api-keys'],
      });
    },
  };
}
