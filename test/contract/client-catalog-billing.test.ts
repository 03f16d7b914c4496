/**
 * Contract: the real client against the running simulator over HTTP, for the catalogue (flavors, images, GPU
 * stock, dashboard) and billing (resource rates, contracts, usage, payments).
 */
import { describe, expect, it } from 'vitest';
import type { Region } from '../../src/api/schemas/environment.js';
import { activeVm, apiError, DEFAULT_TIMINGS, SEED, simPerTest, vmBody } from '../support/sim-client.js';

const T = DEFAULT_TIMINGS;

const s = simPerTest();

describe('catalog.flavors', () => {
  it('lists flavor groups of every region without a region', async () => {
    const groups = await s.api.catalog.flavors();
    const regions = new Set(groups.map((g) => g.region_name));
    expect(regions).toEqual(new Set(['NORWAY-1', 'CANADA-1', 'US-1']));
    const flavors = groups.flatMap((g) => g.flavors);
    for (const g of groups) for (const f of g.flavors) expect(f.region_name).toBe(g.region_name);
    const cpu = flavors.find((f) => f.name === 'n1-cpu-small')!;
    expect(cpu).toMatchObject({ cpu: 4, ram: 4, disk: 100, gpu_count: 0 });
    const h100 = flavors.find((f) => f.name === 'n3-H100x1')!;
    expect(h100).toMatchObject({ gpu: 'H100-80G-PCIe', gpu_count: 1 });
    expect(typeof h100.stock_available).toBe('boolean');
  });

  it.each(['CANADA-1', 'NORWAY-1'] as const)('with region=%s returns only that region', async (region) => {
    const groups = await s.api.catalog.flavors({ region });
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.region_name === region)).toBe(true);
    expect(groups.flatMap((g) => g.flavors).every((f) => f.region_name === region)).toBe(true);
    const names = groups.flatMap((g) => g.flavors.map((f) => f.name));
    // L40 is only sold in CANADA-1, RTX-A6000 only in NORWAY-1
    expect(names.some((n) => n.startsWith('n3-L40'))).toBe(region === 'CANADA-1');
    expect(names.some((n) => n.startsWith('n3-RTX-A6000'))).toBe(region === 'NORWAY-1');
  });

  it('refuses an unknown region (400 naming it)', async () => {
    const e = await apiError(s.api.catalog.flavors({ region: 'MARS-1' as Region }));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('MARS-1');
  });
});

describe('catalog.images', () => {
  it('lists image groups by region and OS family', async () => {
    const groups = await s.api.catalog.images();
    expect(new Set(groups.map((g) => g.region_name))).toEqual(new Set(['NORWAY-1', 'CANADA-1', 'US-1']));
    for (const g of groups) {
      // an OS family has its logo; the organisation's own images (made of snapshots) have none in the simulator
      if (g.images.every((i) => i.is_public)) expect(g.logo).toMatch(/^https:\/\//);
      for (const i of g.images) {
        expect(i.region_name).toBe(g.region_name);
        expect(i.type).toBe(g.type);
      }
    }
    const names = groups.flatMap((g) => g.images.map((i) => i.name));
    expect(names).toContain(SEED.image);
    expect(names.some((n) => n.endsWith('with Docker'))).toBe(true);
    expect(names).toContain('golden-cuda-12');
    const ubuntu = groups.flatMap((g) => g.images).find((i) => i.name === SEED.image)!;
    expect(ubuntu).toMatchObject({ version: '22.04', is_public: true });
    expect(ubuntu.size).toBeGreaterThan(0);
  });

  it('filters by region', async () => {
    const groups = await s.api.catalog.images({ region: 'CANADA-1' });
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.region_name === 'CANADA-1')).toBe(true);
  });
});

describe('catalog.stocks', () => {
  it('lists GPU stock per region with "N+" estimates that never exceed the configurations', async () => {
    const stocks = await s.api.catalog.stocks();
    expect(new Set(stocks.map((x) => x.region))).toEqual(new Set(['NORWAY-1', 'CANADA-1', 'US-1']));
    let plus = 0;
    for (const region of stocks) {
      expect(region['stock-type']).toBe('GPU');
      expect(region.models.length).toBeGreaterThan(0);
      for (const m of region.models) {
        expect(m.available).toMatch(/^(0|\d+\+)$/);
        if (m.available.endsWith('+')) plus++;
        const c = m.configurations ?? {};
        const size: Record<string, number> = { '1x': 1, '2x': 2, '4x': 4, '8x': 8, '10x': 10 };
        expect(Object.keys(c).sort()).toEqual(Object.keys(size).sort());
        const free = Object.entries(c).reduce((sum, [k, n]) => sum + (size[k] ?? 0) * (n ?? 0), 0);
        // `available` is a lower bound of the true count
        expect(Number.parseInt(m.available, 10)).toBeLessThanOrEqual(free);
        for (const p of [m.planned_7_days, m.planned_30_days, m.planned_100_days]) {
          expect(p === null || p === undefined || typeof p === 'string').toBe(true);
        }
      }
    }
    expect(plus).toBeGreaterThan(0);
  });
});

describe('catalog.dashboard', () => {
  it('totals follow the state: a new VM counts at once, costs once ACTIVE, frees its vCPUs when hibernated (its root disk still billed)', async () => {
    // let the seeded VMs that are still being created finish, so only our VM changes the totals
    s.clock.advance(T.vmCreateMs);
    const d0 = (await s.api.catalog.dashboard()).virtual_machine!;
    expect(d0.count).toBeGreaterThan(0);
    const [vm] = await s.api.vms.create(vmBody('ct-dash'));
    const d1 = (await s.api.catalog.dashboard()).virtual_machine!;
    expect(d1.count).toBe(d0.count! + 1);
    expect(d1.vcpus).toBe(d0.vcpus! + 8);
    expect(d1.ram).toBe(d0.ram! + 8);
    expect(d1.gpus).toBe(d0.gpus);

    s.clock.advance(T.vmCreateMs);
    expect((await s.api.vms.get(vm!.id)).status).toBe('ACTIVE');
    const d2 = (await s.api.catalog.dashboard()).virtual_machine!;
    const rate = (await s.api.billing.resourceRate('instance', vm!.id)).resource.actual_price!;
    expect(rate).toBeGreaterThan(0);
    expect(d2.cost_per_hour!).toBeCloseTo(d1.cost_per_hour! + rate, 3);
    expect(d2.vcpus).toBe(d1.vcpus);

    await s.api.vms.hibernate(vm!.id);
    s.clock.advance(T.vmPowerMs);
    const d3 = (await s.api.catalog.dashboard()).virtual_machine!;
    expect(d3.count).toBe(d2.count);
    expect(d3.vcpus).toBe(d2.vcpus! - 8);
    // hibernated, it bills its saved root disk: n1-cpu-medium's 100 GB at $0.00011 a GB-hour
    expect(d3.cost_per_hour!).toBeCloseTo(d2.cost_per_hour! - rate + 0.011, 3);
  });

  it('carries container and volume totals', async () => {
    const d = await s.api.catalog.dashboard();
    expect(d.container).toMatchObject({ count: 0 });
    expect(d.volume?.count).toBeGreaterThan(0);
    expect(d.volume?.using).toBeLessThanOrEqual(d.volume!.count!);
  });
});

describe('billing.resourceRate', () => {
  it('gives a VM its components, with rate and discounted rate', async () => {
    const vm = await activeVm(s, 'ct-rate', { assign_floating_ip: true });
    const bill = await s.api.billing.resourceRate('instance', vm.id);
    expect(bill.org_id).toEqual(expect.any(Number));
    expect(bill.resource).toMatchObject({
      type: 'vm',
      name: 'ct-rate',
      infrahub_id: vm.id,
      status: 'ACTIVE',
    });
    const parts = bill.resource.resources ?? [];
    expect(parts.map((p) => p.type)).toEqual(expect.arrayContaining(['cpu', 'ram', 'disk', 'publicip']));
    for (const p of parts) {
      expect(p.rate).toEqual(expect.any(Number));
      expect(p.discounted_rate).toEqual(expect.any(Number));
      expect(p.price).toBeCloseTo(p.amount! * p.rate!, 6);
    }
    const sum = parts.reduce((t, p) => t + p.price!, 0);
    expect(bill.resource.price).toBeCloseTo(sum, 4);
    expect(bill.resource.actual_price).toBeCloseTo(bill.resource.price!, 6);
  });

  it('shows the contract discount of a VM under contract (discounted rate below the rate)', async () => {
    const all = await s.api.vms.listAll();
    const contracted = all.find((v) => v.contract_id != null && v.status === 'ACTIVE');
    expect(contracted).toBeDefined();
    const bill = await s.api.billing.resourceRate('instance', contracted!.id);
    const gpu = bill.resource.resources?.find((p) => p.type === 'gpu');
    expect(gpu).toBeDefined();
    expect(gpu!.discounted_rate!).toBeLessThan(gpu!.rate!);
    expect(bill.resource.actual_price!).toBeLessThan(bill.resource.price!);
  });

  it('rates a cluster; 404 for an unknown resource', async () => {
    const [cluster] = await s.api.clusters.list();
    const bill = await s.api.billing.resourceRate('cluster', cluster!.id);
    expect(bill.resource).toMatchObject({ type: 'cluster', name: cluster!.name });
    expect(bill.resource.price).toBeGreaterThan(0);
    // Masters and workers, each as count × the flavor's hourly rate, adding up to the price.
    const parts = bill.resource.resources ?? [];
    expect(parts.map((p) => p.name)).toEqual([
      expect.stringMatching(/^master /),
      expect.stringMatching(/^worker /),
    ]);
    expect(parts[1]!.amount).toBe(cluster!.node_count);
    const total = parts.reduce((n, p) => n + (p.amount ?? 0) * (p.rate ?? 0), 0);
    expect(total).toBeCloseTo(bill.resource.price ?? 0, 3);
    const e = await apiError(s.api.billing.resourceRate('instance', 999_999));
    expect(e.status).toBe(404);
  });
});

describe('billing.pricebook', () => {
  it('prices every GPU model of the flavor list per GPU-hour, and the CPU-only flavors', async () => {
    const book = new Map((await s.api.billing.pricebook()).map((e) => [e.name, e.value]));
    const flavors = (await s.api.catalog.flavors()).flatMap((g) => g.flavors);
    for (const f of flavors) {
      const price = f.gpu_count ? book.get(f.gpu ?? '') : book.get(f.name);
      expect(price, f.name).toBeGreaterThan(0);
    }
    expect(book.get('H100-80G-PCIe')).toBeGreaterThan(book.get('RTX-A6000') ?? Infinity);
  });
});

describe('billing.contracts and billing.contract', () => {
  it('lists the contracts with their count and discounts, and gets one', async () => {
    const page = await s.api.billing.contracts();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.count).toBe(page.items.length);
    const c = page.items[0]!;
    expect(c.discounts?.length).toBeGreaterThan(0);
    expect(['flat', 'percent']).toContain(c.discounts![0]!.discount_type);
    expect(page.items.some((x) => x.status === 'Active')).toBe(true);
    for (const x of page.items) {
      expect([0, 1]).toContain(x.expiration_policy);
      expect(x.price_per_hour).toEqual(expect.any(Number));
    }

    const one = await s.api.billing.contract(c.id);
    expect(one).toMatchObject({ id: c.id, status: c.status });
    expect(one.discounts?.map((d) => d.id)).toEqual(c.discounts?.map((d) => d.id));
  });

  it('404 for an unknown contract', async () => {
    const e = await apiError(s.api.billing.contract(999_999));
    expect(e.status).toBe(404);
    expect(e.serviceMessage).toContain('999999');
  });
});

describe('billing.usage', () => {
  it('lists active resources by default, inactive ones with deleted=true', async () => {
    const active = await s.api.billing.usage();
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.active === true)).toBe(true);
    expect(active.every((r) => r.resource_type === 'vm' || r.resource_type === 'volume')).toBe(true);

    const deleted = await s.api.billing.usage({ deleted: true });
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((r) => r.active === false)).toBe(true);
    expect(deleted.every((r) => r.bill_per_minute === null && typeof r.terminate_time === 'string')).toBe(
      true,
    );
  });

  it('a deleted VM moves from the active usage to the deleted usage', async () => {
    const vm = await activeVm(s, 'ct-usage');
    s.clock.advance(3_600_000);
    const mine = (await s.api.billing.usage()).find(
      (r) => r.resource_id === vm.id && r.resource_type === 'vm',
    );
    expect(mine).toMatchObject({ name: 'ct-usage', active: true });
    expect(mine!.total_bill!).toBeGreaterThan(0);
    expect(mine!.bill_per_minute!).toBeGreaterThan(0);

    await s.api.vms.delete(vm.id);
    s.clock.advance(T.vmDeleteMs);
    expect((await s.api.billing.usage()).some((r) => r.resource_id === vm.id)).toBe(false);
    const gone = (await s.api.billing.usage({ deleted: true })).find((r) => r.resource_id === vm.id);
    expect(gone).toMatchObject({ name: 'ct-usage', active: false, bill_per_minute: null });
  });

  it('filters by environment, by name or by id; an unknown environment → 404', async () => {
    const envs = (await s.api.environments.list()).items;
    const env = envs.find((e) => e.name === SEED.env)!;
    const vmIdsInEnv = new Set((await s.api.vms.listAll({ environment: SEED.env })).map((v) => v.id));
    const byName = await s.api.billing.usage({ environment: SEED.env });
    const all = await s.api.billing.usage();
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.length).toBeLessThan(all.length);
    for (const r of byName.filter((x) => x.resource_type === 'vm'))
      expect(vmIdsInEnv.has(r.resource_id)).toBe(true);
    const byId = await s.api.billing.usage({ environment: env.id });
    expect(byId.map((r) => r.resource_id)).toEqual(byName.map((r) => r.resource_id));

    const e = await apiError(s.api.billing.usage({ environment: 'atlantis' }));
    expect(e.status).toBe(404);
    expect(e.serviceMessage).toContain('atlantis');
  });
});

describe('billing.payments', () => {
  it('lists payments with amounts and statuses', async () => {
    const payments = await s.api.billing.payments();
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.some((p) => p.status === 'payment_initiated')).toBe(true);
    for (const p of payments) {
      if (p.amount !== null && p.amount !== undefined) expect(p.amount).toEqual(expect.any(Number));
    }
  });
});
