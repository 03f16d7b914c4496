import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  type AutoTopup,
  AutoTopupResponse,
  AutoTopupStatusResponse,
  VoucherResponse,
} from '../schemas/top-up.js';
import type { CallOptions } from './shared.js';

/** Dollars: the credit below which a top-up is charged, and how much it adds. */
export interface AutoTopupInput {
  threshold_amount: number;
  topup_amount: number;
}

const setting = (r: { auto_topup?: AutoTopup | null }) => r.auto_topup ?? null;

/** Automatic credit top-up (/billing/auto-topup) and vouchers. */
export function topUpEndpoints(t: Transport) {
  return {
    /** The setting, or null when none was ever made. */
    autoTopup: (o?: CallOptions) =>
      call(t, op.Get_Auto_Top_Up, o, { schema: AutoTopupResponse }).then(setting),

    /** Its status (active, disabled, pending_setup, cancelled; null: never set up) and amounts. */
    status: (o?: CallOptions) => call(t, op.Get_auto_top_up_status, o, { schema: AutoTopupStatusResponse }),

    /** Sets it up: pending until the card is confirmed in the console. */
    create: (input: AutoTopupInput, o?: CallOptions) =>
      call(t, op.Create_Auto_Top_Up, o, { body: input, schema: AutoTopupResponse }).then(setting),

    update: (input: AutoTopupInput, o?: CallOptions) =>
      call(t, op.Update_Auto_Top_Up, o, { body: input, schema: AutoTopupResponse }).then(setting),

    disable: (o?: CallOptions) =>
      call(t, op.Disable_Auto_Top_Up, o, { schema: AutoTopupResponse }).then(setting),

    /** Redeems a voucher: its credit is added. */
    redeemVoucher: (code: string, o?: CallOptions) =>
      call(t, op.Redeem_a_voucher, o, { body: { voucher_code: code }, schema: VoucherResponse }).then(
        (r) => ({ message: r.message ?? '', voucher: r.voucher ?? null }),
      ),
  };
}
