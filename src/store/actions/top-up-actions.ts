/**
 * Auto top-up and vouchers: credit that comes in without a payment made from the app. A new setting waits for its
 * card to be confirmed in the console (pending_setup), and is followed until it is.
 */
import type { AutoTopupInput } from '../../api/endpoints/top-up.js';
import { money } from '../../domain/format.js';
import { ui } from '../state/app-store.js';
import { readData } from '../state/resources.js';
import { follow } from './follow.js';
import { type ActionDeps, confirmThenRun, mutate } from './mutate.js';

/** The pending mark of the setting while a change is on its way. */
export const TOPUP_MARK = 'auto-topup:0';

/** A setting that acts or is about to (the service's word for one switched off is disabled or cancelled). */
export const isLive = (status: string | null | undefined) =>
  status === 'active' || status === 'pending_setup';

/** "$500.00 charged to the card on file each time the credit falls to $100.00 or below". */
export const chargeText = (a: AutoTopupInput) =>
  `${money(a.topup_amount)} charged to the card on file each time the credit falls to ${money(a.threshold_amount)} or below`;

/** Sets auto top-up up (or changes the live one), then follows a new one until its card is confirmed. */
export async function saveAutoTopup(deps: ActionDeps, input: AutoTopupInput): Promise<void> {
  const before = readData(deps.store, 'auto-topup')?.status.status;
  const live = isLive(before);
  const a = await mutate(deps, (api) => (live ? api.topUp.update(input) : api.topUp.create(input)), {
    doing: live ? 'Changing auto top-up' : 'Setting up auto top-up',
    done: live ? `Auto top-up changed: ${chargeText(input)}` : `Auto top-up set up: ${chargeText(input)}`,
    refresh: ['auto-topup'],
  });
  if (a?.status === 'pending_setup') {
    ui.say(
      deps.store,
      'Auto top-up set up: confirm the card in the Hyperstack console to activate it',
      'pending',
    );
    followAutoTopup(deps, stateOf(before));
  }
}

const stateOf = (status: string | null | undefined) => status ?? 'not set up';

/** Until the setting leaves pending_setup: "auto top-up is active after 2 min". */
export function followAutoTopup(deps: ActionDeps, before: string): () => void {
  return follow(deps, {
    key: 'auto-topup',
    find: (d) => [d.status],
    count: 1,
    what: 'auto top-up',
    state: (s) => stateOf(s.status),
    settled: (s) => s.status !== 'pending_setup',
    before,
  });
}

/** Switches auto top-up off, after saying what it means. */
export function disableAutoTopup(deps: ActionDeps): void {
  const now = readData(deps.store, 'auto-topup')?.status;
  confirmThenRun(deps, {
    title: 'Disable auto top-up?',
    message: `Nothing more will be charged to the card. When the credit runs out, VMs stop: prepaid accounts are suspended below $0.${now?.threshold_amount != null ? ` (Now: ${money(now.topup_amount)} each time the credit falls to ${money(now.threshold_amount)}.)` : ''}`,
    confirmLabel: 'disable',
    danger: true,
    call: (api) => api.topUp.disable(),
    doing: 'Disabling auto top-up',
    done: 'Auto top-up disabled',
    refresh: ['auto-topup'],
    pending: { key: TOPUP_MARK, label: 'disabling', from: now?.status ?? undefined },
  });
}
