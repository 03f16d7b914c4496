/** A VM's callback: the https URL the service calls when the VM changes (attach, change, remove). */
import type { Vm } from '../../src/api/schemas/vm.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { type ActionDeps, mutate, runAction } from '../../src/store/actions/mutate.js';
import { callbackPendingKey } from '../../src/store/actions/vm-rules.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

/** The service's limit on a callback URL. */
export const CALLBACK_URL_MAX = 250;

/** Why this is not a callback URL the app sends (https only: the service posts the VM's state to it), or undefined. */
export function callbackUrlError(url: string): string | undefined {
  if (!url) return 'type the https URL to call';
  if ([...url].length > CALLBACK_URL_MAX) return `at most ${CALLBACK_URL_MAX} characters`;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL: https://host/path';
  }
  if (u.protocol !== 'https:') return 'https only: the VM’s state is sent to it';
  if (!u.hostname) return 'no host: https://host/path';
  if (u.username || u.password) return 'no user or password in the URL';
  return undefined;
}

/** The form's values, by field id. */
type CallbackValues = {
  url: string;
};

/** "Callback of <vm>": attach one, or change the one it has. */
export function callbackForm(deps: ActionDeps, vm: Vm): FormSpec<CallbackValues> {
  const name = sanitize(vm.name);
  const current = vm.callback_url ?? '';
  const change = Boolean(current);
  return {
    title: `${change ? 'Change the callback' : 'Attach a callback'} of ${name}`,
    notes: ['The service calls this URL when the VM changes state.', ...(change ? ['U removes it.'] : [])],
    fields: [
      {
        id: 'url',
        kind: 'text',
        label: 'URL',
        placeholder: 'https://hooks.example.com/vm',
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
      const key = callbackPendingKey(vm.id);
      ui.markPending(deps.store, key, change ? 'CHANGING' : 'ATTACHING', current || undefined);
      try {
        await mutate(
          deps,
          (api) => (change ? api.vms.updateCallback(vm.id, url) : api.vms.attachCallback(vm.id, url)),
          {
            doing: `${change ? 'Changing the callback of' : 'Attaching a callback to'} ${name}`,
            done: `Callback of ${name} ${change ? 'changed' : 'attached'}`,
            verify: ['vms'],
          },
        );
      } catch (e) {
        ui.clearPending(deps.store, key);
        throw e;
      }
      void deps.poller
        .refreshAfter('vms', [vm.id])
        .finally(() => ui.clearPending(deps.store, key))
        .catch(() => {});
    },
  };
}

export function openCallbackForm(deps: ActionDeps, vm: Vm): void {
  ui.openForm(deps.store, callbackForm(deps, vm));
}

/** Asks, then removes the VM's callback. */
export function removeCallback(deps: ActionDeps, vm: Vm): void {
  const name = sanitize(vm.name);
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Remove the callback of ${name}?`,
    message: 'The service stops calling it when the VM changes.',
    confirmLabel: 'remove',
    danger: true,
    onConfirm: () =>
      void runAction(deps, (api) => api.vms.deleteCallback(vm.id), {
        doing: `Removing the callback of ${name}`,
        done: `Callback of ${name} removed`,
        refresh: ['vms'],
        items: { vms: [vm.id] },
        pending: { key: callbackPendingKey(vm.id), label: 'REMOVING', from: vm.callback_url ?? undefined },
      }),
  });
}
