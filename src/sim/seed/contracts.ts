/** Contracts (flat and percent discounts, one expired) bound to some VMs: their VMs show them (`contract_id`). */
import { gpuRate, round4 } from '../catalog.js';
import { changeVm } from '../world/pricing.js';
import type { ContractRecord, DiscountRecord, VmRecord } from '../world/types.js';
import type { World } from '../world.js';
import { DAY } from './util.js';

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
