/**
 * Following what an action set moving (a VM created, a snapshot being taken, a cluster scaling) until it
 * settles, whichever screen is shown: its list is polled at the fast rate meanwhile (Poller.follow), and once it
 * settles the status line says so, once: "snapshot nightly is SUCCESS after 42 s".
 */
import { duration } from '../../domain/format.js';
import { sanitize } from '../../domain/sanitize.js';
import { type AppStore, ui } from '../state/app-store.js';
import { type DataOf, type ResourceKey, readData } from '../state/resources.js';
import type { ActionDeps } from './mutate.js';

/** A follow gives up after this long (a cluster takes up to 30 minutes to come up). */
export const FOLLOW_MAX_MS = 45 * 60_000;

export interface FollowSpec<K extends ResourceKey, T> {
  /** The store key of the list that carries the items ('snapshots', 'vms'). */
  key: K;
  /** The items followed in the list's data (those not in it yet or any more are left out). */
  find: (data: DataOf<K>) => readonly T[];
  /** How many items are followed (a create of 3 VMs: 3). */
  count: number;
  /** "snapshot nightly", "VM ux-test", "3 VMs". */
  what: string;
  state: (item: T) => string;
  settled: (item: T) => boolean;
  /** What to say after the state once settled (" — C copies ssh"). */
  next?: (items: readonly T[]) => string;
  /** Said when the items left the list before they settled (deleted); default "is gone". */
  gone?: string;
  /**
   * The state before the action (a stop of an ACTIVE VM): until the data shows another, the action has not
   * shown yet, and a settled state is not its outcome. Not moved within UNMOVED_MS: followed no more.
   */
  before?: string;
}

/** An action whose item shows no other state than `before` after this long is followed no more (silently). */
export const UNMOVED_MS = 60_000;

/** "ERROR" and "FAILED" say so as errors. */
const BAD = /ERROR|FAIL/i;

/** Follows the items until they settle (or leave the list); returns a function that stops following. */
export function follow<K extends ResourceKey, T>(deps: ActionDeps, spec: FollowSpec<K, T>): () => void {
  const { store, poller } = deps;
  const started = Date.now();
  let seen = false;
  let moved = false;
  const release = poller.follow(spec.key);
  const stop = () => {
    unsubscribe();
    clearTimeout(limit);
    release();
  };
  const check = () => {
    const data = readData(store, spec.key);
    if (data === undefined) return;
    const items = spec.find(data);
    if (items.length === 0) {
      // An item acted on (`before`) was there: gone is its outcome. A new one not listed yet: wait a while.
      if (!seen && spec.before === undefined) return Date.now() - started > UNMOVED_MS ? stop() : undefined;
      stop();
      finish(
        store,
        sanitize(`${spec.what} ${spec.gone ?? 'is gone'} after ${elapsed(Date.now() - started)}`),
        'info',
      );
      return;
    }
    seen = true;
    if (spec.before !== undefined && !moved) {
      moved = items.some((i) => spec.state(i) !== spec.before);
      if (!moved) return Date.now() - started > UNMOVED_MS ? stop() : undefined;
    }
    if (items.length < spec.count || !items.every(spec.settled)) return;
    stop();
    finish(
      store,
      settledText(spec, items, Date.now() - started),
      items.some((i) => BAD.test(spec.state(i))),
    );
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.slices[spec.key] !== prev.slices[spec.key]) check();
  });
  const limit = setTimeout(stop, FOLLOW_MAX_MS);
  limit.unref?.();
  check();
  return stop;
}

function finish(store: AppStore, text: string, bad: boolean | 'info') {
  ui.say(store, text, bad === 'info' ? 'info' : bad ? 'error' : 'ok');
}

/** "VM ux-test is ACTIVE after 20 s — C copies ssh"; "3 VMs are ACTIVE after 1m"; "… 2 ACTIVE, 1 ERROR …". */
function settledText<K extends ResourceKey, T>(
  spec: FollowSpec<K, T>,
  items: readonly T[],
  ms: number,
): string {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(spec.state(i), (counts.get(spec.state(i)) ?? 0) + 1);
  const states = [...counts].map(([st, n]) => (items.length > 1 && counts.size > 1 ? `${n} ${st}` : st));
  const verb = items.length > 1 ? 'are' : 'is';
  return sanitize(
    `${spec.what} ${verb} ${states.join(', ')} after ${elapsed(ms)}${spec.next?.(items) ?? ''}`,
  );
}

/** "42 s", "6m", "1h 5m". */
const elapsed = (ms: number) => (ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : duration(ms));
