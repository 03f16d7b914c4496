/**
 * Credit that comes in without a card payment made from the app: automatic top-up (set up here, confirmed with
 * the card in the console: `pending_setup` until then, then `active`) and vouchers. While auto top-up is active,
 * the credit is looked at every hour of the clock: below the threshold, the top-up amount is charged and added
 * (a payment record with its auto_topup_id), as the console's payment history shows it.
 */
import { round4 } from '../catalog.js';
import type { World } from '../world.js';
import type { AutoTopupRecord, VoucherRecord } from './account-types.js';
import { creditNow } from './credit.js';
import { alreadyExists, invalid, notFound } from './errors.js';

const HOUR = 3_600_000;
/** How long the demo's card setup takes to be confirmed (the user finishes it in the console). */
export const TOPUP_SETUP_MS = 2 * 60_000;

function checkAmounts(threshold: number, topup: number): void {
  if (!(threshold >= 0)) throw invalid('threshold_amount must be 0 or more.');
  if (!(topup > 0)) throw invalid('topup_amount must be more than 0.');
}

/** The setting, unless it was never made or is switched off. */
function live(world: World): AutoTopupRecord | undefined {
  const a = world.autoTopup;
  return a && (a.status === 'active' || a.status === 'pending_setup') ? a : undefined;
}

export function createAutoTopup(world: World, threshold: number, topup: number): AutoTopupRecord {
  checkAmounts(threshold, topup);
  if (live(world)) throw alreadyExists('Auto top-up is already set up; update it or disable it first.');
  const now = world.now();
  const a: AutoTopupRecord = {
    id: world.nextId('autoTopup'),
    status: 'pending_setup',
    threshold,
    topup,
    updatedAt: now,
    op: 0,
  };
  world.autoTopup = a;
  const op = a.op;
  world.at(now + TOPUP_SETUP_MS, (at) => {
    if (world.autoTopup !== a || a.op !== op || a.status !== 'pending_setup') return;
    a.status = 'active';
    a.updatedAt = at;
    watchCredit(world, a, at);
  });
  return a;
}

export function updateAutoTopup(world: World, threshold: number, topup: number): AutoTopupRecord {
  checkAmounts(threshold, topup);
  const a = world.autoTopup;
  if (!a || a.status === 'disabled' || a.status === 'cancelled')
    throw notFound('No active auto top-up to update.');
  a.threshold = threshold;
  a.topup = topup;
  a.updatedAt = world.now();
  return a;
}

export function disableAutoTopup(world: World): AutoTopupRecord {
  const a = live(world);
  if (!a) throw notFound('Auto top-up is not set up.');
  a.status = 'disabled';
  a.op++;
  a.updatedAt = world.now();
  return a;
}

/** Every hour while the setting is active: below the threshold, one top-up. */
function watchCredit(world: World, a: AutoTopupRecord, from: number): void {
  const op = a.op;
  const check = (at: number) => {
    if (world.autoTopup !== a || a.op !== op || a.status !== 'active') return;
    if (creditNow(world) < a.threshold) topUp(world, a, at);
    world.at(at + HOUR, check);
  };
  world.at(from, check);
}

function topUp(world: World, a: AutoTopupRecord, at: number): void {
  world.org.credit = round4(world.org.credit + a.topup);
  const when = new Date(at).toISOString();
  world.payments.push({
    amount: a.topup,
    currency: 'usd',
    paid_from: 'card',
    status: 'payment_initiated',
    gateway_response: 'succeeded',
    description: 'Auto top-up',
    transaction_id: `txn_auto_${a.id}_${world.payments.length}`,
    payment_id: `pay_auto_${a.id}_${world.payments.length}`,
    payment_type: 'auto_topup',
    invoice: null,
    tax_amount: null,
    auto_topup_id: a.id,
    attempt_number: 1,
    max_attempts: 3,
    created_at: when,
    updated_at: when,
  });
}

/** Redeems a voucher: its credit is added at once. A code is redeemed once per organisation. */
export function redeemVoucher(world: World, code: string): VoucherRecord {
  const v = world.vouchers.find((x) => x.code.toUpperCase() === code.trim().toUpperCase());
  if (!v) throw notFound(`Voucher ${code} does not exist.`);
  if (v.redeemedHere) throw invalid(`Voucher ${v.code} has already been redeemed by your organization.`);
  if (v.status !== 'active') throw invalid(`Voucher ${v.code} is ${v.status} and can no longer be redeemed.`);
  if (v.redemptions >= v.maxRedemptions) throw invalid(`Voucher ${v.code} has no redemptions left.`);
  v.redemptions++;
  v.redeemedHere = true;
  if (v.redemptions >= v.maxRedemptions) v.status = 'redeemed';
  world.org.credit = round4(world.org.credit + v.amount);
  return v;
}
