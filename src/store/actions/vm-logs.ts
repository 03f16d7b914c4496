/** A VM's console log: requested (the service answers with a request id), then fetched, kept in the screen. */
import type { Vm } from '../../api/schemas/vm.js';
import { sanitize } from '../../domain/sanitize.js';
import { asAction } from '../state/action-log.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, failureText } from './mutate.js';

/** How many of the last lines are asked for. */
export const LOG_LINES = 500;

export type LogsState =
  | { vmId: number; state: 'loading' }
  | { vmId: number; state: 'ready'; lines: string[]; at: number; search?: string }
  | { vmId: number; state: 'failed'; error: string };

export async function fetchVmLogs(deps: ActionDeps, vm: Vm, show: (s: LogsState) => void): Promise<void> {
  const name = sanitize(vm.name);
  show({ vmId: vm.id, state: 'loading' });
  ui.say(deps.store, `Requesting the console log of ${name}…`, 'pending');
  try {
    const id = await asAction(`Requesting the console log of ${name}`, () =>
      deps.api.vms.requestLogs(vm.id, LOG_LINES),
    );
    const text = await deps.api.vms.logs(vm.id, id);
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    show({ vmId: vm.id, state: 'ready', lines, at: Date.now() });
    ui.say(
      deps.store,
      `Console log of ${name}: ${lines.length} lines, in its detail (/ searches, l hides)`,
      'ok',
    );
  } catch (e) {
    const error = failureText(e);
    show({ vmId: vm.id, state: 'failed', error });
    ui.say(deps.store, `Requesting the console log of ${name} failed: ${error}`, 'error');
  }
}
