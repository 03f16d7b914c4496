import { describe, expect, it } from 'vitest';
import { GPU_MODELS, PUBLIC_IP_RATE } from '../../src/sim/catalog.js';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { directSim } from '../support/sim-direct.js';

function sim() {
  const { clock, world, call, fail } = directSim();
  const overview = () => call('GET', '/core/dashboard').body.overview;
  const usage = (q = ''): any[] => call('GET', '/billing/billing/usage', {}, undefined, q).body.data;
  const rate = (id: number) =>
    call('GET', '/pricebook/calculate/resource/:resource_type/:id', {
      resource_type: 'instance',
      id: String(id),
    }).body.calculated_resource_bills;
  return { clock, world, call, fail, overview, usage, rate };
}

describe('GET /core/dashboard', () => {
  it('sends the totals as `instance` only (Overview_Info; service-api.md says `virtual_machine`)', () => {
    const s = sim();
    const o = s.overview();
    expect(o).not.toHaveProperty('virtual_machine');
    // every VM, a cluster's nodes included
    expect(o.instance.count).toBe(s.world.vms.size);
    expect(o.container).toEqual({ count: 0, vcpus: 0, gpus: 0, ram: 0, cost_per_hour: 0 });
    expect(o.volume.using).toBeLessThanOrEqual(o.volume.count);
  });

  it('follows state: hibernating frees GPUs and stops the bill, creating adds a VM', () => {
    const s = sim();
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs); // let the seeded creations finish first
    const vm = [...s.world.vms.values()].find((v) => v.status === 'ACTIVE' && v.flavor.gpuCount > 0)!;
    const before = s.overview().instance;
    const vmsBefore = s.world.vms.size;
    s.call('GET', '/core/virtual-machines/:id/hibernate', { id: String(vm.id) });
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    const after = s.overview().instance;
    expect(after.gpus).toBe(before.gpus - vm.flavor.gpuCount);
    expect(after.vcpus).toBe(before.vcpus - vm.flavor.cpu);
    expect(after.cost_per_hour).toBeLessThan(before.cost_per_hour);
    s.call(
      'POST',
      '/core/virtual-machines',
      {},
      {
        name: 'extra',
        environment_name: 'sandbox',
        image_name: 'Ubuntu Server 24.04 LTS',
        flavor_name: 'n1-cpu-small',
        key_name: 'chen-macbook',
        count: 1,
      },
    );
    expect(s.overview().instance.count).toBe(vmsBefore + 1);
  });
});

describe('GET /billing/billing/usage', () => {
  it('accrues with time for active resources', () => {
    const s = sim();
    const vm = [...s.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    const first = s.usage().find((r) => r.resource_id === vm.id);
    s.clock.advance(60 * 60_000);
    const later = s.usage().find((r) => r.resource_id === vm.id);
    expect(later.total_up_time - first.total_up_time).toBeCloseTo(60, 3);
    expect(later.total_bill - first.total_bill).toBeCloseTo(first.bill_per_minute * 60, 3);
    expect(first).toMatchObject({ active: true, resource_type: 'vm', terminate_time: null });
  });

  it('lists inactive resources with deleted=true, bill_per_minute null', () => {
    const gone = sim().usage('deleted=true');
    expect(gone.length).toBeGreaterThan(0);
    for (const r of gone) expect(r).toMatchObject({ active: false, bill_per_minute: null });
    expect(gone.every((r) => typeof r.terminate_time === 'string')).toBe(true);
    expect(new Set(gone.map((r) => r.resource_type))).toEqual(new Set(['vm', 'volume']));
  });

  it('filters by environment name or id; unknown environment 404', () => {
    const s = sim();
    const byName = s.usage('environment=ml-training');
    const env = [...s.world.envs.values()].find((e) => e.name === 'ml-training')!;
    expect(byName.length).toBeGreaterThan(0);
    expect(s.usage(`environment=${env.id}`)).toEqual(byName);
    expect(byName.length).toBeLessThan(s.usage().length);
    expect(s.fail('GET', '/billing/billing/usage', {}, undefined, 'environment=mars').status).toBe(404);
    expect(s.fail('GET', '/billing/billing/usage', {}, undefined, 'deleted=maybe').status).toBe(400);
  });
});

describe('GET /pricebook/calculate/resource/:resource_type/:id', () => {
  it('breaks a GPU VM into gpu, cpu, ram, disk and publicip components', () => {
    const s = sim();
    const vm = [...s.world.vms.values()].find(
      (v) => v.status === 'ACTIVE' && v.flavor.gpuCount > 0 && v.contractId === null && v.floatingIp !== null,
    )!;
    const bill = s.rate(vm.id);
    expect(bill.org_id).toBe(s.world.org.id);
    expect(bill.resource).toMatchObject({ type: 'vm', name: vm.name, infrahub_id: vm.id, status: 'ACTIVE' });
    const types = bill.resource.resources.map((r: any) => r.type);
    expect(types).toEqual(['gpu', 'cpu', 'ram', 'disk', 'publicip']);
    const gpu = bill.resource.resources[0];
    expect(gpu).toMatchObject({ amount: vm.flavor.gpuCount, rate: (GPU_MODELS as any)[vm.flavor.gpu] });
    expect(bill.resource.price).toBeCloseTo(gpu.amount * gpu.rate + PUBLIC_IP_RATE, 6);
    expect(bill.resource.actual_price).toBe(bill.resource.price);
  });

  it('applies the contract discount (flat or percent) to the GPU rate', () => {
    const s = sim();
    const bound = [...s.world.vms.values()].filter((v) => v.contractId !== null);
    expect(bound.length).toBeGreaterThan(0);
    for (const vm of bound) {
      const d = s.world.contracts.get(vm.contractId!)!.discounts[0]!;
      const gpu = s.rate(vm.id).resource.resources[0];
      const expected = d.type === 'flat' ? d.amount : gpu.rate * (1 - d.percent! / 100);
      expect(gpu.discounted_rate).toBeCloseTo(expected!, 4);
      expect(gpu.discounted_rate).toBeLessThan(gpu.rate);
    }
  });

  it('prices CPU-only VMs in cents, volumes and clusters too; refuses unknown types and ids', () => {
    const s = sim();
    const cpu = [...s.world.vms.values()].find((v) => v.flavor.gpuCount === 0)!;
    const bill = s.rate(cpu.id).resource;
    expect(bill.resources.map((r: any) => r.type)).toEqual(['cpu', 'ram', 'disk', 'publicip']);
    expect(bill.price).toBeLessThan(0.2);
    const vol = [...s.world.volumes.values()][0]!;
    const v = s.call('GET', '/pricebook/calculate/resource/:resource_type/:id', {
      resource_type: 'volume',
      id: String(vol.id),
    }).body.calculated_resource_bills.resource;
    expect(v.type).toBe('volume');
    const c = s.call('GET', '/pricebook/calculate/resource/:resource_type/:id', {
      resource_type: 'cluster',
      id: '41',
    }).body.calculated_resource_bills.resource;
    expect(c.price).toBeGreaterThan(1);
    const bad = (resource_type: string, id: string) =>
      s.fail('GET', '/pricebook/calculate/resource/:resource_type/:id', { resource_type, id }).status;
    expect(bad('spaceship', '1')).toBe(400);
    expect(bad('instance', '999999')).toBe(404);
    expect(bad('container', '1')).toBe(404);
  });
});

describe('contracts and payments', () => {
  it('lists contracts with count and price_per_hour; one contract as `contracts` (not `contract`)', () => {
    const s = sim();
    const list = s.call('GET', '/pricebook/contracts').body;
    expect(list.count).toBe(list.contracts.length);
    expect(list.contracts[0]).toMatchObject({ org_id: s.world.org.id, price_per_hour: expect.any(Number) });
    const one = s.call('GET', '/pricebook/contracts/:contract_id', {
      contract_id: String(list.contracts[0].id),
    }).body;
    expect(one).not.toHaveProperty('contract');
    expect(one.contracts.id).toBe(list.contracts[0].id);
    expect(one.contracts.discounts[0]).toHaveProperty('validity_days');
    expect(one.contracts.discounts[0]).toHaveProperty('remaining_count');
    expect(s.fail('GET', '/pricebook/contracts/:contract_id', { contract_id: '9999' }).status).toBe(404);
  });

  it('lists payments, some fields null', () => {
    const data: any[] = sim().call('GET', '/billing/payment/payment-details').body.data;
    expect(data.length).toBeGreaterThan(3);
    expect(data.some((p) => p.transaction_id === null)).toBe(true);
    for (const p of data) expect(typeof p.amount).toBe('number');
  });
});
