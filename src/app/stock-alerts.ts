/**
 * What a stock watch does while the app runs: keeps the flavor and stock lists polled (whatever the screen), and
 * when a watch comes into stock rings the bell, sends a desktop notification, flashes the header and offers to
 * create a VM with it (one key: y). Watches are saved (per profile) as they change.
 */
import { useEffect } from 'react';
import { arrivedText, type StockWatch } from '../domain/stock-watch.js';
import { lazyCode } from '../store/actions/lazy-code.js';
import type { ActionDeps } from '../store/actions/mutate.js';
import { TERMINAL_NOTIFIER } from '../store/actions/notifier.js';
import { type Arrival, ArrivalTracker, WATCH_KEYS } from '../store/actions/stock-watch.js';
import { ui } from '../store/state/app-store.js';

// the form's code loads when asked for, not with the app
const createForm = lazyCode(() => import('../../screens/forms/vm-create.js'));

export function useStockAlerts(
  deps: ActionDeps,
  save: ((watches: readonly StockWatch[]) => void) | undefined,
): void {
  const { store, poller } = deps;
  useEffect(() => {
    const owner = {};
    const tracker = new ArrivalTracker();
    const follow = (any: boolean) => (any ? poller.watchFor(owner, WATCH_KEYS) : poller.release(owner));
    follow(store.getState().watches.length > 0);
    tracker.update(store.getState());
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.watches !== prev.watches) {
        follow(s.watches.length > 0);
        save?.(s.watches);
      }
      if (
        s.watches === prev.watches &&
        s.slices.flavors === prev.slices.flavors &&
        s.slices.stocks === prev.slices.stocks
      )
        return;
      for (const a of tracker.update(s)) arrived(deps, a);
    });
    return () => {
      unsubscribe();
      poller.release(owner);
    };
  }, [deps, store, poller, save]);
}

function arrived(deps: ActionDeps, { watch, at }: Arrival): void {
  const { store } = deps;
  const text = arrivedText(watch, at);
  (deps.notifier ?? TERMINAL_NOTIFIER).notify('hyperstack-tui', text);
  store.setState({ stockAlert: { text, at: Date.now(), region: at.region, flavor: at.flavor } });
  const s = store.getState();
  const flavor = at.flavor;
  if (flavor && !s.readOnly && !s.modal) {
    ui.openModal(store, {
      kind: 'confirm',
      title: 'In stock',
      message: `${text}.`,
      confirmLabel: 'create a VM with it',
      onConfirm: () =>
        createForm((m) => m.openCreateVm(deps, { flavor: { name: flavor, region: at.region } })),
    });
  } else {
    ui.say(store, flavor && !s.readOnly ? `${text}: c on the Stock screen creates a VM with it` : text, 'ok');
  }
}
