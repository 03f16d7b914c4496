/**
 * What the billing history chart shows: one VM or volume over a period. Another screen (the VM detail) asks for
 * it by leaving a wish here and showing the billing screen, which takes it when it mounts.
 */
import { type Period, type PeriodPreset, presetPeriod } from '../../src/domain/billing-period.js';
import { type AppStore, ui } from '../../src/store/state/app-store.js';
import { storeKey } from '../../src/store/state/resources.js';
import type { AppContextValue } from '../../src/ui/screen/context.js';

export interface HistoryTarget {
  kind: 'vm' | 'volume' | 'account';
  id: number;
  name: string;
}

export interface HistoryState {
  target: HistoryTarget;
  preset: PeriodPreset | 'custom';
  period: Period;
}

/** The whole account: every resource, by day. */
export const ACCOUNT: HistoryTarget = { kind: 'account', id: 0, name: 'the account' };

/** The last 7 days of `target`, ending now. */
export function historyOf(target: HistoryTarget, now = Date.now()): HistoryState {
  return { target, preset: '7d', period: presetPeriod('7d', now) };
}

/** The store key of the chart's data. */
export const graphKey = (h: HistoryState) =>
  storeKey('billing-graph', { kind: h.target.kind, id: h.target.id, ...h.period });

const wishes = new WeakMap<AppStore, HistoryTarget>();

/** Shows the billing screen on the cost history of `target` (from the VM detail). */
export function openBillingHistory(app: AppContextValue, target: HistoryTarget): void {
  const { store } = app.deps;
  wishes.set(store, target);
  // no key may reach the screen being left before the billing screen registers its own
  app.setScreenKeys({ bindings: [], handle: () => false });
  ui.setScreen(store, 'billing');
}

/** The target the billing screen was opened for (once), or undefined. */
export function takeHistoryWish(store: AppStore): HistoryTarget | undefined {
  const t = wishes.get(store);
  wishes.delete(store);
  return t;
}

/** The history target of a usage record: active or terminated VMs and volumes (the service keeps their history). */
export function historyTargetOf(u: {
  resource_type?: string | null;
  resource_id?: number | null;
  name?: string | null;
}): HistoryTarget | undefined {
  if (typeof u.resource_id !== 'number') return undefined;
  const kind =
    u.resource_type === 'vm' || u.resource_type === 'instance'
      ? 'vm'
      : u.resource_type === 'volume'
        ? 'volume'
        : undefined;
  return kind ? { kind, id: u.resource_id, name: u.name ?? String(u.resource_id) } : undefined;
}
