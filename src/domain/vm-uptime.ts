/**
 * How long a VM has been in its state, from its event history. The service documents its events' reasons only by
 * example ("InstanceCreationRequest"), so this reads them loosely: the latest event that started it (created,
 * started, rebooted, restored, resized) or stopped it (stopped, hibernated). No such event: an ACTIVE VM's age, said as such.
 */

export interface EventLike {
  time?: string | null;
  reason?: string | null;
  type?: string | null;
}

const STARTS = /creat|start|reboot|restor|resiz|resum/i;
const STOPS = /stop|shut|hibernat|suspend/i;

export interface Since {
  /** The time (ms) it has been in its state since, or undefined when unknown. */
  at: number | undefined;
  /** The event's reason it comes from; undefined: from the VM's creation time. */
  reason?: string;
}

/** Since when an ACTIVE VM has been up (or another VM down): the latest power event, else its creation. */
export function stateSince(
  vm: { status: string; created_at?: string | null },
  events: readonly EventLike[] | undefined,
): Since {
  const up = vm.status === 'ACTIVE';
  let best: { at: number; reason: string } | undefined;
  for (const e of events ?? []) {
    const reason = e.reason ?? e.type ?? '';
    const at = Date.parse(e.time ?? '');
    if (Number.isNaN(at) || !(up ? STARTS : STOPS).test(reason)) continue;
    if (!best || at > best.at) best = { at, reason };
  }
  if (best) return best;
  // Down without a stop event: since when is not known (its creation would be wrong).
  if (!up) return { at: undefined };
  const created = Date.parse(vm.created_at ?? '');
  return { at: Number.isNaN(created) ? undefined : created };
}
