/**
 * Billing history: usage of resources deleted in the past, and payments (some fields null, as the service sends
 * them). What the first screen does not show: seeded when first asked for (create-world-lazily.ts).
 */
import { flavorPrice, round4, VOLUME_GB_RATE } from '../catalog.js';
import type { Rng } from '../rng.js';
import type { EnvRecord, PaymentRecord } from '../world/types.js';
import type { World } from '../world.js';
import { DAY, HOUR, token } from './util.js';

const GONE = ['old-train-1', 'llama-finetune-3', 'sdxl-batch', 'tmp-debug', 'kaggle-run-2', 'mistral-eval'];

/** `envs`: the environments as they were before the regions opened later (late-regions.ts) added theirs. */
export function seedTerminated(world: World, rng: Rng, envs: readonly EnvRecord[]): void {
  const now = world.now();
  const gpuFlavors = world.flavors.filter((f) => f.gpuCount > 0);
  GONE.forEach((name, i) => {
    const flavor = rng.pick(gpuFlavors);
    const create = now - rng.int(20, 200) * DAY;
    const up = rng.int(2, 400) * HOUR;
    world.terminated.push({
      resourceId: 3000 + i * 17,
      resourceType: 'vm',
      name,
      envId: envs[i % envs.length]!.id,
      createTime: create,
      terminateTime: create + up,
      upMinutes: up / 60_000,
      bill: (up / HOUR) * flavorPrice(flavor),
      excludeBilling: i === 3,
    });
  });
  ['old-train-1-boot', 'imagenet-copy'].forEach((name, i) => {
    const create = now - rng.int(30, 200) * DAY;
    const up = rng.int(24, 2000) * HOUR;
    const size = i === 0 ? 100 : 2000;
    world.terminated.push({
      resourceId: 8700 + i,
      resourceType: 'volume',
      name,
      envId: envs[0]!.id,
      createTime: create,
      terminateTime: create + up,
      upMinutes: up / 60_000,
      bill: (up / HOUR) * size * VOLUME_GB_RATE,
      excludeBilling: false,
    });
  });
}

export function seedPayments(world: World, rng: Rng): void {
  const now = world.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows: Partial<PaymentRecord>[] = [
    { amount: 2000, status: 'payment_initiated', paid_from: 'card' },
    { amount: 500, status: 'payment_initiated', paid_from: 'card' },
    {
      amount: 1000,
      status: 'failed',
      paid_from: 'card',
      gateway_response: 'card_declined',
      transaction_id: null,
    },
    { amount: 5000, status: 'payment_initiated', paid_from: 'bank_transfer', gateway_response: null },
    { amount: 250, status: 'payment_initiated', paid_from: null, description: null },
    {
      amount: 750,
      status: 'pending',
      paid_from: 'card',
      gateway_response: null,
      transaction_id: null,
      updated_at: null,
    },
  ];
  rows.forEach((r, i) => {
    const at = now - (rows.length - i) * rng.int(20, 40) * DAY;
    const pay: PaymentRecord = {
      amount: r.amount ?? 0,
      currency: 'usd',
      paid_from: 'paid_from' in r ? (r.paid_from ?? null) : 'card',
      status: r.status ?? 'payment_initiated',
      gateway_response: 'gateway_response' in r ? (r.gateway_response ?? null) : 'succeeded',
      description: 'description' in r ? (r.description ?? null) : 'Credit top-up',
      transaction_id: 'transaction_id' in r ? (r.transaction_id ?? null) : `txn_${token(rng, 24)}`,
      payment_id: `pay_${token(rng, 20)}`,
      payment_type: r.paid_from === 'bank_transfer' ? 'manual' : 'one_time',
      invoice:
        r.status === 'payment_initiated'
          ? `INV-${new Date(at).getUTCFullYear()}-${String(40 + i).padStart(4, '0')}`
          : null,
      tax_amount: r.status === 'payment_initiated' ? round4((r.amount ?? 0) * 0.25) : null,
      auto_topup_id: null,
      attempt_number: null,
      max_attempts: null,
      created_at: iso(at),
      updated_at: 'updated_at' in r ? null : iso(at + rng.int(1, 50) * 60_000),
    };
    world.payments.push(pay);
  });
}
