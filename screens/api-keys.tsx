/**
 * API keys: the user's keys, by name (the service's list masks the keys; the app keeps none of them). n makes a
 * new one, whose key is shown once in a dialog that says so (c copies it); D deletes one once its name is typed —
 * rotating a key without the web console: make the new one, switch to it, delete the old one.
 */
import type { ApiKey } from '../src/api/schemas/access.js';
import { age, dateTime, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { lazyCode } from '../src/store/actions/lazy-code.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { ui } from '../src/store/state/app-store.js';
import { LISTED } from '../src/store/state/pending.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { API_KEYS_LIST, type ApiKeyRow } from './lists/api-keys.js';

const createForm = lazyCode(() => import('./forms/api-key-create.js'));

function detailLines(r: ApiKeyRow, now: number): DetailLine[] {
  const k = r.key;
  return [
    section(`API key ${k.name}`),
    field('Description', k.description || NONE),
    field('Created', k.created_at ? `${dateTime(k.created_at)} (${age(k.created_at, now)} ago)` : NONE),
    text('The key itself was shown once, when it was made: the service never shows it again.', 'dim'),
  ];
}

/** Deletes an API key once its name is typed: whatever uses it is refused from then on. */
function deleteApiKey(deps: ActionDeps, k: ApiKey): void {
  const name = sanitize(k.name);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete API key ${name}?`,
    message:
      'Whatever uses it is refused from then on (this app too, if it is the key of this profile). Type its name to confirm.',
    expected: k.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.apiKeys.delete(k.id), {
        doing: `Deleting API key ${name}`,
        done: `API key ${name} deleted`,
        refresh: ['api-keys'],
        pending: { key: `api-key:${k.id}`, label: 'deleting', from: LISTED },
      }),
  });
}

export const API_KEYS_SPEC: ResourceSpec<ApiKeyRow, 'api-keys'> = {
  ...API_KEYS_LIST,
  emptyText: 'no API key (n makes one)',
  pendingPrefix: 'api-key',
  pending: { key: (r) => `api-key:${r.key.id}`, status: () => LISTED },
  detail: {
    title: (r) => `API key ${r.key.name}`,
    watch: () => [],
    lines: (r, _slice, now) => detailLines(r, now),
    // the listed key has no secret: the client keeps id, name, description and age only
    raw: (r) => r.key,
  },
  actions: [
    {
      key: 'e',
      label: 'edit',
      mutation: true,
      run: (r, app) => createForm((m) => ui.openForm(app.deps.store, m.apiKeyEditForm(app.deps, r.key))),
    },
    { key: 'D', label: 'delete', mutation: true, run: (r, app) => deleteApiKey(app.deps, r.key) },
  ],
  screenActions: [
    {
      key: 'n',
      label: 'new key',
      mutation: true,
      run: (app) => createForm((m) => ui.openForm(app.deps.store, m.apiKeyCreateForm(app.deps))),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([API_KEYS_SPEC]);

/** API keys: list, make one (shown once), delete. */
export function ApiKeysScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={API_KEYS_SPEC} />;
}
