/**
 * What the cost guard does while the app runs, whatever the screen: keeps the lists the waste is judged from loaded
 * (each at most every LIST_MAX_AGE_MS, one at a time), reads one VM's events or metrics a turn (vm-scan.ts) within
 * its share of the request budget, and keeps the header's idle share: what costs money doing nothing, account-wide.
 * Loaded after the first frame (App imports it lazily): nothing of it is on the start's path.
 */
import { priceMap } from '../domain/pricing.js';
import { wasteRows, wasteTotal } from '../domain/waste.js';
import type { ActionDeps } from '../store/actions/mutate.js';
import { scanNext } from '../store/actions/vm-scan.js';
import type { AppState } from '../store/state/app-store.js';
import { readSlices } from '../store/state/resources.js';
import { wasteState } from '../store/state/waste-state.js';

/** The lists waste is judged from. */
export const WASTE_KEYS = ['vms', 'volumes', 'clusters', 'snapshots', 'pricebook', 'contracts'] as const;

/** A list older than this is loaded again (a screen that shows it keeps it fresher). */
export const LIST_MAX_AGE_MS = 5 * 60_000;

/**
 * The header's idle share from what the store holds: undefined until every list it is judged from is in (the
 * contracts aside: without them a discount is not known, the figure is still one).
 */
export function idleShareOf(s: AppState, now = Date.now()): AppState['idleShare'] {
  const data = readSlices(s);
  const vms = data('vms');
  const book = data('pricebook');
  if (!vms || !book || !data('volumes') || !data('clusters') || !data('snapshots')) return undefined;
  const total = wasteTotal(
    wasteRows({
      vms,
      volumes: data('volumes'),
      clusters: data('clusters'),
      snapshots: data('snapshots'),
      contracts: data('contracts'),
      book: priceMap(book),
      facts: s.facts,
      settings: s.wasteSettings,
      now,
    }),
  );
  return { perHour: total.perHour, count: total.count };
}

/** Starts the watch; returns its stop. Does nothing when the scans may spend nothing (scanPerMinute 0). */
export function startWasteWatch(deps: ActionDeps): () => void {
  const { store, poller } = deps;
  const perMinute = store.getState().scanPerMinute;
  if (perMinute <= 0) return () => {};
  let busy = false;
  const turn = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = Date.now();
      const stale = WASTE_KEYS.find((k) => {
        const at = store.getState().slices[k]?.updatedAt;
        return at === undefined || now - at > LIST_MAX_AGE_MS;
      });
      if (stale) await poller.refresh(stale);
      else await scanNext(deps, now);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void turn(), Math.max(1_000, 60_000 / perMinute));
  void turn();
  let recount: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.facts === prev.facts && WASTE_KEYS.every((k) => s.slices[k] === prev.slices[k])) return;
    // many changes in a row (a list, then its facts) make one count
    recount ??= setTimeout(() => {
      recount = undefined;
      wasteState.setIdleShare(store, idleShareOf(store.getState()));
    }, 300);
  });
  wasteState.setIdleShare(store, idleShareOf(store.getState()));
  return () => {
    clearInterval(timer);
    clearTimeout(recount);
    unsubscribe();
  };
}
