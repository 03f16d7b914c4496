/**
 * Stock watches in the store: marking and unmarking, and noticing when one comes into stock. The app watches the
 * flavor and stock lists while any watch exists, so a watch works whatever screen is shown.
 */
import {
  type Availability,
  arrivedText,
  type StockWatch,
  watchId,
  watchLabel,
  whereAvailable,
} from '../../domain/stock-watch.js';
import { type AppState, type AppStore, ui } from '../state/app-store.js';
import { readSlices } from '../state/resources.js';

/** The lists a watch needs. */
export const WATCH_KEYS = ['flavors', 'stocks'] as const;

/** How long the header flashes after an arrival. */
export const ALERT_MS = 15_000;

export const isWatched = (s: Pick<AppState, 'watches'>, w: StockWatch) =>
  s.watches.some((x) => watchId(x) === watchId(w));

/** Where the watch is available in the lists the store holds now. */
export function availabilityNow(s: AppState, w: StockWatch): Availability | undefined {
  const data = readSlices(s);
  return whereAvailable(w, data('flavors'), data('stocks'));
}

/** Marks the watch, or unmarks it when already marked; says which, and whether it is in stock already. */
export function toggleWatch(store: AppStore, w: StockWatch): void {
  const s = store.getState();
  // Said before the change: saving the watches follows it, and a failure to save must be the last word.
  if (isWatched(s, w)) {
    ui.say(store, `no longer watching ${watchLabel(w)}`, 'info');
    store.setState({ watches: s.watches.filter((x) => watchId(x) !== watchId(w)) });
    return;
  }
  const at = availabilityNow(s, w);
  ui.say(
    store,
    at
      ? `watching ${watchLabel(w)}: ${arrivedText(w, at)} now`
      : `watching ${watchLabel(w)}: the bell rings when it comes into stock`,
    at ? 'ok' : 'info',
  );
  store.setState({ watches: [...s.watches, w] });
}

export interface Arrival {
  watch: StockWatch;
  at: Availability;
}

/**
 * Remembers which watches were available at the last look, and returns those that are now and were not. A watch
 * first seen available is not an arrival (marking something in stock says so at once, in toggleWatch).
 */
export class ArrivalTracker {
  private readonly was = new Map<string, boolean>();

  update(s: AppState): Arrival[] {
    if (s.slices.flavors?.data === undefined && s.slices.stocks?.data === undefined) return [];
    const out: Arrival[] = [];
    const ids = new Set<string>();
    for (const w of s.watches) {
      const id = watchId(w);
      ids.add(id);
      const at = availabilityNow(s, w);
      const before = this.was.get(id);
      this.was.set(id, at !== undefined);
      if (at && before === false) out.push({ watch: w, at });
    }
    for (const id of [...this.was.keys()]) if (!ids.has(id)) this.was.delete(id);
    return out;
  }
}
