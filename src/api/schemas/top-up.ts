/** Automatic credit top-up and vouchers. */
import * as z from 'zod';
import { envelopeShape, num } from './common.js';

export const AutoTopupSchema = z.looseObject({
  id: z.number().nullish(),
  // active, disabled, pending_setup, cancelled
  status: z.string().nullish(),
  threshold_amount: num.nullish(),
  topup_amount: num.nullish(),
  updated_at: z.string().nullish(),
});
export type AutoTopup = z.output<typeof AutoTopupSchema>;

export const AutoTopupResponse = z.looseObject({ ...envelopeShape, auto_topup: AutoTopupSchema.nullish() });

/** AutoTopupStatusSchema: no envelope; `status` null when auto top-up was never set up. */
export const AutoTopupStatusResponse = z.looseObject({
  status: z.string().nullish(),
  threshold_amount: num.nullish(),
  topup_amount: num.nullish(),
});
export type AutoTopupStatus = z.output<typeof AutoTopupStatusResponse>;

export const VoucherResponse = z.looseObject({
  ...envelopeShape,
  voucher: z
    .looseObject({
      id: z.number().nullish(),
      code: z.string().nullish(),
      status: z.string().nullish(),
      max_redemption_count: num.nullish(),
      redemption_count: num.nullish(),
      remaining_redemptions: num.nullish(),
    })
    .nullish(),
});
export type VoucherRedeemed = z.output<typeof VoucherResponse>;
