/** A VM's console log: requested (the service answers with a request id), then fetched, kept in the screen. */
import type { Vm } from '../../api/schemas/vm.js';
import { sanitize } from '../../domain/sanitize.js';
import { asAction } from '../state/action-log.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, failureText } from './mutate.js';

/** How many of the last lines are asked for, and the most kept whatever the service sends. */
export const LOG_LINES = 500;
/** Longest line kept (a line longer is cut): the pane shows one row of it. */
export const LOG_LINE_MAX = 2000;

/**
 * The last `n` lines of a text (a trailing line break ends the last line), each cut to LOG_LINE_MAX, and how many
 * lines the text held. Read from the end: a service that sends 485,500 lines for 500 costs 500.
 */
export function lastLines(text: string, n = LOG_LINES): { lines: string[]; total: number } {
  if (text === '') return { lines: [], total: 0 };
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  let total = 1;
  for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) total++;
  const lines: string[] = [];
  for (let end = body.length; lines.length < n && end >= 0; ) {
    const at = end > 0 ? body.lastIndexOf('\n', end - 1) : -1;
    const line = body.slice(at + 1, end).replace(/\r$/, '');
    lines.push(line.length > LOG_LINE_MAX ? `${line.slice(0, LOG_LINE_MAX)}…` : line);
    end = at;
  }
  return { lines: lines.reverse(), total };
}

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
    const { lines, total } = lastLines(await deps.api.vms.logs(vm.id, id));
    show({ vmId: vm.id, state: 'ready', lines, at: Date.now() });
    const count =
      total > lines.length ? `the last ${lines.length} of ${total} lines` : `${lines.length} lines`;
    ui.say(deps.store, `Console log of ${name}: ${count}, in its detail (/ searches, l hides)`, 'ok');
  } catch (e) {
    const error = failureText(e);
    show({ vmId: vm.id, state: 'failed', error });
    ui.say(deps.store, `Requesting the console log of ${name} failed: ${error}`, 'error');
  }
}
