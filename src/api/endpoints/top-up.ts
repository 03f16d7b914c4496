import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { AutoTopupResponse, AutoTopupStatusResponse, VoucherResponse } from '../schemas/top-up.js';
import { type CallOptions, read, write } from './shared.js';

/** Dollars: the credit below which a top-up is charged, and how much it adds. */
export interface AutoTopupInput {
  threshold_amount: number;
  topup_amount: number;
}

/** Automatic credit top-up (/billing/auto-topup) and vouchers. */
export function topUpEndpoints(t: Transport) {
  return {
    /** The setting, or null when none was ever made. */
    autoTopup: (o?: CallOptions) =>
      read(t, '/billing/auto-topup', AutoTopupResponse, o).then((r) => r.auto_topup ?? null),

    /** Its status (active, disabled, pending_setup, cancelled; null: never set up) and amounts. */
    status: (o?: CallOptions) => read(t, '/billing/auto-topup/status', AutoTopupStatusResponse, o),

    /** Sets it up: pending until the card is confirmed in the console. */
    create: (input: AutoTopupInput, o?: CallOptions) =>
      write(t, 'POST', '/billing/auto-topup', AutoTopupResponse, body('Create_Auto_Top_Up', input), o).then(
        (r) => r.auto_topup ?? null,
      ),

    update: (input: AutoTopupInput, o?: CallOptions) =>
      write(t, 'PUT', '/billing/auto-topup', AutoTopupResponse, body('Update_Auto_Top_Up', input), o).then(
        (r) => r.auto_topup ?? null,
      ),

    disable: (o?: CallOptions) =>
      write(t, 'DELETE', '/billing/auto-topup', AutoTopupResponse, undefined, o).then(
        (r) => r.auto_topup ?? null,
      ),

    /** Redeems a voucher: its credit is added. */
    redeemVoucher: (code: string, o?: CallOptions) =>
      write(
        t,
        'POST',
        '/billing/billing/vouchers/redeem',
        VoucherResponse,
        body('Redeem_a_voucher', { voucher_code: code }),
        o,
      ).then((r) => ({ message: r.message ?? '', voucher: r.voucher ?? null })),
  };
}
