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

export function apiKeyCreateForm(deps: ActionDeps): FormSpec<ApiKeyValues> {
  return {
    title: 'New API key',
    notes: ['The key is shown once, when it is made: copy it then.'],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        maxLength: API_KEY_NAME_MAX,
        counter: true,
        placeholder: 'e.g. ci-pipeline',
        validate: (name) => {
          const e = plainNameError(name, API_KEY_NAME_MAX);
          if (e) return e;
          const taken = (readData(deps.store, 'api-keys') ?? []).some((k: ApiKey) => k.name === name);
          return taken ? `an API key named ${name} already exists` : undefined;
        },
      },
      { id: 'description', kind: 'text', label: 'Description', placeholder: 'optional: what uses it' },
    ],
    initial: { name: '', description: '' },
    submitLabel: 'Make key',
    onSubmit: async (values) => {
      const name = values.name;
      const made = await mutate(
        deps,
        (api) =>
          api.apiKeys.generate({ name, ...(values.description ? { description: values.description } : {}) }),
        { doing: `Making API key ${name}`, done: `API key ${name} made`, refresh: ['api-keys'] },
      );
      if (made.secret) showSecretOnce(deps, `API key ${sanitize(name)}`, made.secret);
    },
  };
}
