/**
 * A VM's VNC console: requested (the service starts a console job and names it), then its URL read. The URL opens
 * the VM's screen to whoever has it: it is kept in the screen's memory only, shown in the VM's detail and copied on
 * request, never put in the status line (nor anywhere else that is kept).
 */

import type { Vm } from '../../api/schemas/vm.js';
import { httpsCopy } from '../../domain/copyable.js';
import { sanitize } from '../../domain/sanitize.js';
import { httpsAddress } from '../../domain/web-address.js';
import { asAction } from '../state/action-log.js';
import { readOnlyRefusal, ui } from '../state/app-store.js';
import { type ActionDeps, copyText, failureText } from './mutate.js';

export type ConsoleState =
  | { vmId: number; state: 'requesting' }
  | { vmId: number; state: 'ready'; url: string; at: number }
  | { vmId: number; state: 'failed'; error: string };

/** The console job named by the path the service answers (".../console/17" → "17"). */
export function consoleJobId(path: string): string | undefined {
  const last = path.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return last && /^[\w-]+$/.test(last) ? last : undefined;
}

/** Requests a console for the VM and reports each step to `show` (the detail draws it). */
export async function requestVmConsole(
  deps: ActionDeps,
  vm: Vm,
  show: (s: ConsoleState) => void,
): Promise<void> {
  const { store, api } = deps;
  const name = sanitize(vm.name);
  if (store.getState().readOnly) {
    ui.say(store, readOnlyRefusal(store.getState(), 'console'), 'error');
    return;
  }
  show({ vmId: vm.id, state: 'requesting' });
  ui.say(store, `Requesting a console for ${name}…`, 'pending');
  try {
    const path = await asAction(`Requesting a console for ${name}`, () => api.vms.requestConsole(vm.id));
    const job = consoleJobId(path);
    if (!job) throw new Error('the service named no console job');
    // shown and copied as its parsed form writes it, or not at all (see domain/web-address.ts)
    const url = httpsAddress(await api.vms.consoleUrl(vm.id, job));
    if (!url) throw new Error('the service answered with no usable https address');
    show({ vmId: vm.id, state: 'ready', url, at: Date.now() });
    ui.say(store, `Console of ${name} ready: its URL is in the detail (Enter); V copies it`, 'ok');
  } catch (e) {
    const error = failureText(e);
    show({ vmId: vm.id, state: 'failed', error });
    ui.say(store, `Requesting a console for ${name} failed: ${error}`, 'error');
  }
}

/** Copies the console URL; the status line says what was copied, not the URL. */
export async function copyConsoleUrl(deps: ActionDeps, vm: Vm, url: string): Promise<boolean> {
  const checked = httpsCopy(url);
  if (checked) return copyText(deps, checked, '', `the console URL of ${sanitize(vm.name)}`);
  ui.say(deps.store, `not copied: the console URL of ${sanitize(vm.name)} is not an https address`, 'error');
  return false;
}
