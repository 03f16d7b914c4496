/**
 * A callback URL: where the service posts what happens to a VM or a volume (attach one, change it, remove it).
 * One form for both; each names its operations and where its pending mark shows.
 */
import type { Api } from '../../src/api/client.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import type { Volume } from '../../src/api/schemas/volume.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { type ActionDeps, mutate, runAction } from '../../src/store/actions/mutate.js';
import { callbackPendingKey, volumeCallbackPendingKey } from '../../src/store/actions/vm-rules.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

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

/** What has a callback (a VM, a volume): its list, its pending mark and its three operations. */
interface CallbackTarget {
  id: number;
  name: string;
  current: string;
  list: 'vms' | 'volumes';
  pendingKey: string;
  /** The form's note: what the service posts to the URL. */
  note: string;
  attach(api: Api, url: string): Promise<unknown>;
  update(api: Api, url: string): Promise<unknown>;
  remove(api: Api): Promise<unknown>;
}

const vmTarget = (vm: Vm): CallbackTarget => ({
  id: vm.id,
  name: sanitize(vm.name),
  current: vm.callback_url ?? '',
  list: 'vms',
  pendingKey: callbackPendingKey(vm.id),
  note: 'The service calls this URL when the VM changes state.',
  attach: (api, url) => api.vms.attachCallback(vm.id, url),
  update: (api, url) => api.vms.updateCallback(vm.id, url),
  remove: (api) => api.vms.deleteCallback(vm.id),
});

const volumeTarget = (v: Volume): CallbackTarget => ({
  id: v.id,
  name: sanitize(v.name ?? `#${v.id}`),
  current: v.callback_url ?? '',
  list: 'volumes',
  pendingKey: volumeCallbackPendingKey(v.id),
  note: 'The service posts the actions done on the volume (attach, detach …) to this URL.',
  attach: (api, url) => api.volumes.attachCallback(v.id, url),
  update: (api, url) => api.volumes.updateCallback(v.id, url),
  remove: (api) => api.volumes.deleteCallback(v.id),
});

function targetForm(deps: ActionDeps, t: CallbackTarget): FormSpec<CallbackValues> {
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
        await mutate(deps, (api) => (change ? t.update(api, url) : t.attach(api, url)), {
          doing: `${change ? 'Changing the callback of' : 'Attaching a callback to'} ${name}`,
          done: `Callback of ${name} ${change ? 'changed' : 'attached'}`,
          verify: [t.list],
        });
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

function removeTarget(deps: ActionDeps, t: CallbackTarget): void {
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Remove the callback of ${t.name}?`,
    message: `The service stops calling it when the ${t.list === 'vms' ? 'VM changes' : 'volume is acted on'}.`,
    confirmLabel: 'remove',
    danger: true,
    onConfirm: () =>
      void runAction(deps, (api) => t.remove(api), {
        doing: `Removing the callback of ${t.name}`,
        done: `Callback of ${t.name} removed`,
        refresh: [t.list],
        items: { [t.list]: [t.id] },
        pending: { key: t.pendingKey, label: 'REMOVING', from: t.current || undefined },
      }),
  });
}

/** "Callback of <vm>": attach one, or change the one it has. */
export function callbackForm(deps: ActionDeps, vm: Vm): FormSpec<CallbackValues> {
  return targetForm(deps, vmTarget(vm));
}

export function openCallbackForm(deps: ActionDeps, vm: Vm): void {
  ui.openForm(deps.store, callbackForm(deps, vm));
}

/** Asks, then removes the VM's callback. */
export function removeCallback(deps: ActionDeps, vm: Vm): void {
  removeTarget(deps, vmTarget(vm));
}

/** "Callback of <volume>": attach one, or change the one it has. */
export function volumeCallbackForm(deps: ActionDeps, v: Volume): FormSpec<CallbackValues> {
  return targetForm(deps, volumeTarget(v));
}

export function openVolumeCallbackForm(deps: ActionDeps, v: Volume): void {
  ui.openForm(deps.store, volumeCallbackForm(deps, v));
}

/** Asks, then removes the volume's callback. */
export function removeVolumeCallback(deps: ActionDeps, v: Volume): void {
  removeTarget(deps, volumeTarget(v));
}
