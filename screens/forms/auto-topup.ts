/**
 * Setting up (or changing) auto top-up: the credit at or below which a top-up is charged, and how much it adds.
 * It costs money, so the form says what will be charged and asks for it to be agreed before it is sent. The
 * service documents no limits: the app asks whole dollars up to MAX_DOLLARS, so a slip of a finger cannot charge
 * more; its refusals stay on the form.
 */
import type { AutoTopupStatus } from '../../src/api/schemas/top-up.js';
import { money } from '../../src/domain/format.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { chargeText, isLive, saveAutoTopup } from '../../src/store/actions/top-up-actions.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

export const MAX_DOLLARS = 100_000;

type TopupValues = { threshold: number | undefined; topup: number | undefined; agree: boolean };

export function autoTopupForm(
  deps: ActionDeps,
  now: AutoTopupStatus | undefined,
  credit: number | null | undefined,
): FormSpec<TopupValues> {
  const live = isLive(now?.status);
  const amounts = (v: TopupValues) =>
    v.threshold === undefined || v.topup === undefined
      ? undefined
      : { threshold_amount: v.threshold, topup_amount: v.topup };
  return {
    title: live ? 'Change auto top-up' : 'Set up auto top-up',
    notes: [
      live
        ? `Now: ${money(now?.topup_amount)} each time the credit falls to ${money(now?.threshold_amount)} or below.`
        : 'A new setting waits until its card is confirmed in the Hyperstack console.',
      `The credit now: ${money(credit)}. Running out of credit stops VMs.`,
    ],
    fields: [
      {
        id: 'threshold',
        kind: 'number',
        label: 'Threshold ($)',
        help: 'A top-up is charged when the credit falls to this or below.',
        min: 0,
        max: MAX_DOLLARS,
        integer: true,
      },
      {
        id: 'topup',
        kind: 'number',
        label: 'Top-up ($)',
        help: 'Charged to the card on file and added to the credit, each time.',
        min: 1,
        max: MAX_DOLLARS,
        integer: true,
      },
      {
        id: 'agree',
        kind: 'toggle',
        label: 'Agree to the charge',
        help: 'The charge is said above the button.',
        validate: (v) => (v ? undefined : 'tick it to agree to the charge'),
      },
    ],
    initial: {
      threshold: live ? (now?.threshold_amount ?? undefined) : undefined,
      topup: live ? (now?.topup_amount ?? undefined) : undefined,
      agree: false,
    },
    summary: (v) => {
      const a = amounts(v);
      if (!a) return undefined;
      const soon = typeof credit === 'number' && credit <= a.threshold_amount;
      return `${chargeText(a)}${soon ? ` — the credit is already at or below ${money(a.threshold_amount)}: the first charge may come at once` : ''}`;
    },
    submitLabel: live ? 'Change' : 'Set up',
    serviceFields: { threshold_amount: 'threshold', topup_amount: 'topup' },
    onSubmit: async (v) => {
      const a = amounts(v);
      if (!a) throw new Error('both amounts are needed');
      await saveAutoTopup(deps, a);
    },
  };
}
