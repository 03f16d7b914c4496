/**
 * A callback URL: where the service posts what happens to a VM or a volume (attach one, change it, remove it).
 * One form for both; each names its operations and where its pending mark shows.
 */
import type { Vm } from '../../src/api/schemas/vm.js';
import type { Volume } from '../../src/api/schemas/volume.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { type ActionDeps, confirmThenRun, mutate } from '../../src/store/actions/mutate.js';
import { callbackPendingKey } from '../../src/store/actions/vm-rules.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { volumeCallbackPendingKey } from '../../src/store/state/pending.js';

/** The service's limit on a callback URL. */
export const CALLBACK_URL_MAX = 250;

/** Why this is not a callback URL the app sends (https only: the service posts what happens to it), or undefined. */
export function callbackUrlError(url: string): string | undefined {
  if (!url) return 'type the https URL to call';
  if ([...url].length > CALLBACK_URL_MAX) return `at most ${CALLBACK_URL_MAX} characters`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL: https://host/path';
  }
  if (u.protocol !== 'https:') return 'https only: the service posts to it';
  if (!u.hostname) return 'no host: https://host/path';
  if (u.username || u.password) return 'no user or password in the URL';
  return undefined;
}

/** The form's values, by field id. */
type CallbackValues = {
  url: string;
};

/** What has a callback (a VM, a volume): its list (whose api has the three operations) and its pending mark. */
export interface CallbackTarget {
  id: number;
  name: string;
  current: string;
  list: 'vms' | 'volumes';
  pendingKey: string;
  /** The form's note: what the service posts to the URL. */
  note: string;
}

export const vmTarget = (vm: Vm): CallbackTarget => ({
  id: vm.id,
  name: sanitize(vm.name),
  current: vm.callback_url ?? '',
  list: 'vms',
  pendingKey: callbackPendingKey(vm.id),
  note: 'The service calls this URL when the VM changes state.',
});

export const volumeTarget = (v: Volume): CallbackTarget => ({
  id: v.id,
  name: sanitize(v.name ?? `#${v.id}`),
  current: v.callback_url ?? '',
  list: 'volumes',
  pendingKey: volumeCallbackPendingKey(v.id),
  note: 'The service posts the actions done on the volume (attach, detach …) to this URL.',
});

/** "Callback of <VM or volume>": attach one, or change the one it has. */
export function callbackForm(deps: ActionDeps, t: CallbackTarget): FormSpec<CallbackValues> {
  const { name, current } = t;
  const change = Boolean(current);
  return {
    title: `${change ? 'Change the callback' : 'Attach a callback'} of ${name}`,
    notes: [t.note, ...(change ? ['U removes it.'] : [])],
    fields: [
      {
        id: 'url',
        kind: 'text',
        label: 'URL',
        placeholder: `https://hooks.example.com/${t.list === 'vms' ? 'vm' : 'volume'}`,
        maxLength: CALLBACK_URL_MAX,
        validate: (v) => {
          const url = v.trim();
          const e = callbackUrlError(url);
          if (e) return e;
          return change && url === current ? 'that is its callback now: type another URL' : undefined;
        },
      },
    ],
    initial: { url: current },
    submitLabel: change ? 'Change' : 'Attach',
    onSubmit: async (values) => {
      const url = values.url.trim();
      ui.markPending(deps.store, t.pendingKey, change ? 'CHANGING' : 'ATTACHING', current || undefined);
      try {
        await mutate(
          deps,
          (api) => (change ? api[t.list].updateCallback(t.id, url) : api[t.list].attachCallback(t.id, url)),
          {
            doing: `${change ? 'Changing the callback of' : 'Attaching a callback to'} ${name}`,
            done: `Callback of ${name} ${change ? 'changed' : 'attached'}`,
            verify: [t.list],
          },
        );
      } catch (e) {
        ui.clearPending(deps.store, t.pendingKey);
        throw e;
      }
      void deps.poller
        .refreshAfter(t.list, [t.id])
        .finally(() => ui.clearPending(deps.store, t.pendingKey))
        .catch(() => {});
    },
  };
}

/** Asks, then removes the callback. */
export function removeCallback(deps: ActionDeps, t: CallbackTarget): void {
  confirmThenRun(deps, {
    title: `Remove the callback of ${t.name}?`,
    message: `The service stops calling it when the ${t.list === 'vms' ? 'VM changes' : 'volume is acted on'}.`,
    confirmLabel: 'remove',
    danger: true,
    call: (api) => api[t.list].deleteCallback(t.id),
    doing: `Removing the callback of ${t.name}`,
    done: `Callback of ${t.name} removed`,
    refresh: [t.list],
    items: { [t.list]: [t.id] },
    pending: { key: t.pendingKey, label: 'REMOVING', from: t.current || undefined },
  });
}

export function openCallbackForm(deps: ActionDeps, t: CallbackTarget): void {
  ui.openForm(deps.store, callbackForm(deps, t));
}
