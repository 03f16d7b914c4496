/**
 * Billing history: contracts (flat and percent discounts, one expired) bound to some VMs, usage of resources
 * deleted in the past, and payments (some fields null, as the service sends them).
 */
import { flavorPrice, gpuRate, round4, VOLUME_GB_RATE } from '../catalog.js';
import type { Rng } from '../rng.js';
import { changeVm } from '../world/pricing.js';
import type { ContractRecord, DiscountRecord, PaymentRecord, VmRecord } from '../world/types.js';
import type { World } from '../world.js';
import { DAY, HOUR, token } from './util.js';

function discount(
  world: World,
  vm: VmRecord,
  d: Pick<DiscountRecord, 'type' | 'amount' | 'percent' | 'status' | 'code' | 'startDate' | 'endDate'>,
): DiscountRecord {
  return {
    id: world.nextId('discount'),
    resourceName: vm.flavor.name,
    resourceId: vm.flavor.id,
    resourceCount: 1,
    ...d,
  };
}

/** A contract on one VM's flavor, with one discount over the same dates; `bound`: the VM is under it now. */
interface ContractPlan
  extends Pick<ContractRecord, 'description' | 'status' | 'expirationPolicy' | 'pricePerHour'> {
  vm: VmRecord;
  bound: boolean;
  start: number;
  days: number;
  /** Days between signing and the start. */
  signedBefore: number;
  discount: Pick<DiscountRecord, 'type' | 'amount' | 'percent' | 'status' | 'code'>;
}

function addContract(world: World, p: ContractPlan): void {
  const { start } = p;
  const endDate = start + p.days * DAY;
  const d = discount(world, p.vm, { ...p.discount, startDate: start, endDate });
  const id = world.nextId('contract');
  world.contracts.set(id, {
    id,
    description: p.description,
    status: p.status,
    createdAt: start - p.signedBefore * DAY,
    startDate: start,
    endDate,
    expirationPolicy: p.expirationPolicy,
    discounts: [d],
    pricePerHour: p.pricePerHour,
  });
  if (p.bound) changeVm(world, p.vm, world.now(), () => (p.vm.contractId = id));
}

export function seedContracts(world: World): void {
  const now = world.now();
  const gpuVms = [...world.vms.values()]
    .filter((v) => v.status === 'ACTIVE' && v.flavor.gpuCount > 0)
    .slice(0, 40);
  const a = gpuVms[0];
  const b = gpuVms.find((v) => a && v.flavor.name !== a.flavor.name);
  if (a) {
    const flat = round4(gpuRate(a.flavor.gpu) * 0.8);
    addContract(world, {
      vm: a,
      bound: true,
      description: `Reserved ${a.flavor.gpu} capacity, 12 months`,
      status: 'Active',
      start: now - 120 * DAY,
      days: 365,
      signedBefore: 7,
      expirationPolicy: 1,
      discount: { type: 'flat', amount: flat, percent: null, status: 'active', code: null },
      pricePerHour: flat,
    });
  }
  if (b) {
    addContract(world, {
      vm: b,
      bound: true,
      description: `Research programme discount on ${b.flavor.name}`,
      status: 'Active',
      start: now - 40 * DAY,
      days: 180,
      signedBefore: 2,
      expirationPolicy: 0,
      discount: { type: 'percent', amount: null, percent: 25, status: 'active', code: 'RESEARCH25' },
      pricePerHour: round4(gpuRate(b.flavor.gpu) * 0.75),
    });
  }
  if (a) {
    addContract(world, {
      vm: a,
      bound: false,
      description: 'Pilot contract (ended)',
      status: 'Expired',
      start: now - 500 * DAY,
      days: 90,
      signedBefore: 0,
      expirationPolicy: 1,
      discount: { type: 'percent', amount: null, percent: 10, status: 'expired', code: null },
      pricePerHour: round4(gpuRate(a.flavor.gpu) * 0.9),
    });
  }
}

const GONE = ['old-train-1', 'llama-finetune-3', 'sdxl-batch', 'tmp-debug', 'kaggle-run-2', 'mistral-eval'];

export function seedTerminated(world: World, rng: Rng): void {
  const now = world.now();
  const envs = [...world.envs.values()];
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
