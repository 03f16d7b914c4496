/**
 * Redeeming a voucher: its code. The service's refusal (no such voucher, already redeemed, expired) is about the
 * code, so it is put under the field even when the service names none.
 */
import { ApiError } from '../../src/api/errors.js';
import { type ActionDeps, clearlyRefused, mutate } from '../../src/store/actions/mutate.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

/** The app's own bound (the service documents none): a code is short, a paste of something else is not. */
const CODE_MAX = 64;

type VoucherValues = { voucher_code: string };

export function voucherForm(deps: ActionDeps): FormSpec<VoucherValues> {
  return {
    title: 'Redeem a voucher',
    notes: ['Its credit is added to the organization at once.'],
    fields: [
      {
        id: 'voucher_code',
        kind: 'text',
        label: 'Voucher code',
        maxLength: CODE_MAX,
        validate: (v) => (v.trim() === '' ? 'type the code' : undefined),
      },
    ],
    initial: { voucher_code: '' },
    submitLabel: 'Redeem',
    onSubmit: async (v) => {
      const code = v.voucher_code.trim();
      try {
        await mutate(deps, (api) => api.topUp.redeemVoucher(code), {
          doing: `Redeeming voucher ${code}`,
          done: (r: { message: string }) => r.message || `Voucher ${code} redeemed`,
          refresh: ['credit', 'auto-topup'],
        });
      } catch (e) {
        throw onTheCode(e);
      }
    },
  };
}

/** A clear refusal that names no field, put on the code's. */
function onTheCode(e: unknown): unknown {
  if (!(e instanceof ApiError) || !clearlyRefused(e) || e.fieldErrors || !e.serviceMessage) return e;
  return new ApiError({
    kind: e.kind,
    method: e.method,
    path: e.path,
    status: e.status,
    reason: e.reason,
    serviceMessage: e.serviceMessage,
    fieldErrors: { voucher_code: [e.serviceMessage] },
  });
}
