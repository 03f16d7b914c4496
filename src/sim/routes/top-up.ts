/** Automatic credit top-up (/billing/auto-topup) and vouchers (/billing/billing/vouchers/redeem). */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import type { AutoTopupRecord } from '../world/account-types.js';
import { invalid } from '../world/errors.js';
import { createAutoTopup, disableAutoTopup, redeemVoucher, updateAutoTopup } from '../world/top-up.js';
import { type Body, body, ok, reqStr } from './body.js';
import { iso } from './view-core.js';

function autoTopupJson(a: AutoTopupRecord) {
  return {
    id: a.id,
    status: a.status,
    threshold_amount: a.threshold,
    topup_amount: a.topup,
    updated_at: iso(a.updatedAt),
  };
}

/** The billing service refuses a body without its numbers with a message (no field map). */
function amount(b: Body, field: string): number {
  const v = b[field];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw invalid(`${field} is required and must be a number.`);
  return v;
}

function amounts(req: SimRequest): { threshold: number; topup: number } {
  const b = body(req);
  return { threshold: amount(b, 'threshold_amount'), topup: amount(b, 'topup_amount') };
}

export const topUpRoutes: RouteDef[] = [
  serve(op.Get_Auto_Top_Up, {
    handle: (_req, world) =>
      ok('Getting auto top-up successful', {
        auto_topup: world.autoTopup ? autoTopupJson(world.autoTopup) : null,
      }),
  }),
  serve(op.Get_auto_top_up_status, {
    // AutoTopupStatusSchema: no envelope; null when never set up
    handle: (_req, world) => {
      const a = world.autoTopup;
      return {
        body: {
          status: a?.status ?? null,
          threshold_amount: a?.threshold ?? null,
          topup_amount: a?.topup ?? null,
        },
      };
    },
  }),
  serve(op.Create_Auto_Top_Up, {
    handle: (req, world) => {
      const { threshold, topup } = amounts(req);
      const a = createAutoTopup(world, threshold, topup);
      return ok(
        'Auto top-up created: confirm the card in the console to activate it.',
        { auto_topup: autoTopupJson(a) },
        201,
      );
    },
  }),
  serve(op.Update_Auto_Top_Up, {
    handle: (req, world) => {
      const { threshold, topup } = amounts(req);
      return ok('Auto top-up updated.', {
        auto_topup: autoTopupJson(updateAutoTopup(world, threshold, topup)),
      });
    },
  }),
  serve(op.Disable_Auto_Top_Up, {
    handle: (_req, world) =>
      ok('Auto top-up disabled.', { auto_topup: autoTopupJson(disableAutoTopup(world)) }),
  }),
  serve(op.Redeem_a_voucher, {
    handle: (req, world) => {
      const v = redeemVoucher(world, reqStr(body(req), 'voucher_code'));
      return ok(`Voucher ${v.code} redeemed: $${v.amount} added to your credit.`, {
        voucher: {
          id: v.id,
          code: v.code,
          status: v.status,
          max_redemption_count: v.maxRedemptions,
          redemption_count: v.redemptions,
          remaining_redemptions: v.maxRedemptions - v.redemptions,
        },
      });
    },
  }),
];
