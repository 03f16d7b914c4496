import type { Threshold } from '../../api/schemas/credit.js';
import { money } from '../../domain/format.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, runAction } from './mutate.js';

/** The pending mark of a threshold row while its subscription changes. */
export const thresholdMarkKey = (t: Pick<Threshold, 'id'>) => `threshold:${t.id}`;

const label = (t: Threshold) => `the ${money(t.threshold ?? null)} credit alert`;

function send(deps: ActionDeps, t: Threshold, subscribe: boolean): void {
  void runAction(deps, (api) => api.credit.setThresholdSubscription(t.id, subscribe), {
    doing: `${subscribe ? 'Subscribing to' : 'Unsubscribing from'} ${label(t)}`,
    done: `${subscribe ? 'Subscribed to' : 'Unsubscribed from'} ${label(t)}`,
    refresh: ['thresholds'],
    pending: {
      key: thresholdMarkKey(t),
      label: subscribe ? 'subscribing' : 'unsubscribing',
      from: t.subscribed ? 'subscribed' : 'unsubscribed',
    },
  });
}

/** Subscribes to a threshold's e-mails at once (nothing is lost by it). */
export function subscribeThreshold(deps: ActionDeps, t: Threshold): void {
  send(deps, t, true);
}

/** Unsubscribes after a confirmation: no e-mail will say the credit fell below it. */
export function unsubscribeThreshold(deps: ActionDeps, t: Threshold): void {
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Unsubscribe from ${label(t)}?`,
    message: `No e-mail will say when the credit falls below ${money(t.threshold ?? null)}. Prepaid accounts are suspended below $0.`,
    confirmLabel: 'unsubscribe',
    danger: true,
    onConfirm: () => send(deps, t, false),
  });
}

/**
 * Asks the service for a billing history graph once (a custom period's form does, so a refusal of the period
 * stays in the form); the chart then watches the same key.
 */
export async function checkBillingGraph(
  deps: ActionDeps,
  kind: 'vm' | 'volume' | 'account',
  id: number,
  period: { start: number; end: number },
): Promise<void> {
  if (kind === 'account') await deps.api.credit.orgCosts(period);
  else
    await (kind === 'volume' ? deps.api.credit.volumeGraph(id, period) : deps.api.credit.vmGraph(id, period));
}
