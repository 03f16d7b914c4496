/**
 * The simulator bills as the provider says it does (pricing.ts): per VM state, per resource, on its clock. Every
 * figure here is worked out by hand from the catalogue's prices (n3-H100x1: 1 × H100-80G-PCIe at $1.90/h; a
 * public IP $0.005/h; a GB of Cloud-SSD $0.00011/h; a GB of snapshot $0.0001/h; n1-cpu-small 4 vCPU × $0.004 +
 * 4 GB × $0.001 + 100 GB × $0.00005 = $0.025/h).
 */
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/sim/catalog.js';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { directSim } from '../support/sim-direct.js';

const HOUR = 3_600_000;

function sim() {
  const s = directSim();
  // the seeded creations (VMs, clusters, snapshots) are over first
  s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs);
  s.world.advance();
  const rateOf = (id: number) => {
    const u = s.call('GET', '/billing/billing/usage').body.data.find((r: any) => r.resource_id === id);
    return Math.round(u.bill_per_minute * 60 * 10_000) / 10_000;
  };
  const power = (id: number, action: string, q = '') =>
    s.call('GET', `/core/virtual-machines/:id/${action}`, { id: String(id) }, undefined, q);
  const create = (name: string, flavor: string, ip: boolean) => {
    const vm = s.call(
      'POST',
      '/core/virtual-machines',
      {},
      {
        name,
        environment_name: 'sandbox',
        image_name: 'Ubuntu Server 24.04 LTS',
        flavor_name: flavor,
        key_name: 'chen-macbook',
        count: 1,
        assign_floating_ip: ip,
      },
    ).body.instances[0];
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    return vm.id as number;
  };
  const status = (id: number) => {
    s.world.advance();
    return s.world.vms.get(id)!.status;
  };
  const credit = () => s.call('GET', '/billing/user-credit/credit').body.data.credit as number;
  return { ...s, rateOf, power, create, credit, status };
}

describe('the simulator bills each VM state as the provider does', () => {
  it('ACTIVE and SHUTOFF in full, the transitions nothing, HIBERNATED the root disk and a kept IP', () => {
    const s = sim();
    const id = s.create('bill-me', 'n3-H100x1', true);
    expect(s.rateOf(id)).toBe(1.905); // 1.90 GPU + 0.005 IP
    s.power(id, 'stop');
    expect(s.rateOf(id)).toBe(0); // STOPPING
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    expect(s.status(id)).toBe('SHUTOFF');
    expect(s.rateOf(id)).toBe(1.905); // a stopped VM keeps its resources and is billed in full
    // the service hibernates only an ACTIVE VM (its reference page): started first
    expect(s.fail('GET', '/core/virtual-machines/:id/hibernate', { id: String(id) }).status).toBe(400);
    s.power(id, 'start');
    expect(s.rateOf(id)).toBe(0); // STARTING
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    expect(s.status(id)).toBe('ACTIVE');
    s.power(id, 'hibernate', 'retain_ip=true');
    expect(s.rateOf(id)).toBe(0); // HIBERNATING
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    expect(s.status(id)).toBe('HIBERNATED');
    expect(s.rateOf(id)).toBe(0.016); // 100 GB × 0.00011 + 0.005
    s.power(id, 'hibernate-restore');
    expect(s.rateOf(id)).toBe(0); // RESTORING
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    expect(s.rateOf(id)).toBe(1.905);
    s.power(id, 'hibernate');
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    expect(s.status(id)).toBe('HIBERNATED');
    expect(s.world.vms.get(id)!.floatingIp).toBeNull();
    expect(s.rateOf(id)).toBe(0.011); // the IP was released: the root disk alone
  });

  it('a VM in ERROR bills nothing', () => {
    const s = sim();
    const broken = [...s.world.vms.values()].find((v) => v.status === 'ERROR' && v.clusterId === null)!;
    expect(s.rateOf(broken.id)).toBe(0);
  });

  it('an hour of a VM bills its rate: the usage total and the credit move by it', () => {
    const s = sim();
    const id = s.create('hour-long', 'n3-H100x1', false);
    const before = s.call('GET', '/billing/billing/usage').body.data.find((r: any) => r.resource_id === id);
    const total = (x: any) => x.total_bill as number;
    s.clock.advance(HOUR);
    const after = s.call('GET', '/billing/billing/usage').body.data.find((r: any) => r.resource_id === id);
    expect(total(after) - total(before)).toBeCloseTo(1.9, 3);
  });

  it('a contract discount lowers the GPU rate (flat: its price per GPU; percent: off the market rate)', () => {
    const s = sim();
    const bound = [...s.world.vms.values()].filter(
      (v) => v.contractId !== null && (v.status === 'ACTIVE' || v.status === 'SHUTOFF'),
    );
    expect(bound.length).toBeGreaterThan(0);
    for (const vm of bound) {
      const d = s.world.contracts.get(vm.contractId!)!.discounts[0]!;
      const market = GPU_MODELS[vm.flavor.gpu as keyof typeof GPU_MODELS];
      const perGpu = d.type === 'flat' ? Math.min(market, d.amount!) : market * (1 - d.percent! / 100);
      const expected = vm.flavor.gpuCount * perGpu;
      expect(s.rateOf(vm.id)).toBeCloseTo(expected + (vm.floatingIp ? 0.005 : 0), 3);
    }
  });
});

describe('clusters and snapshots bill too', () => {
  it('a failed cluster bills the nodes that run (its master), not the workers in ERROR', () => {
    const s = sim();
    const c = [...s.world.clusters.values()].find((x) => x.name === 'gpu-ci')!;
    expect(c.status).toBe('ERROR');
    expect(c.meter.ratePerHour).toBe(0.025); // n1-cpu-small master; 2 × n3-H100x8 workers in ERROR: nothing
    const day = s.call('GET', '/billing/billing/last-day-cost').body.data;
    expect(day.clusters_cost).toBeGreaterThan(0);
  });

  it('the credit goes down by what everything bills, deleted snapshots and clusters included', () => {
    const s = sim();
    const w = s.world;
    const rates = () =>
      [...w.vms.values()].reduce((a, v) => a + v.meter.ratePerHour, 0) +
      [...w.clusters.values()].reduce((a, c) => a + c.meter.ratePerHour, 0) +
      [...w.volumes.values()].reduce(
        (a, v) => a + v.size * (v.volumeType === 'Cloud-HDD' ? 0.00005 : 0.00011),
        0,
      ) +
      [...w.snapshots.values()].reduce((a, x) => a + x.size * 0.0001, 0);
    const perHour = rates();
    const c0 = s.credit();
    s.clock.advance(HOUR);
    // nothing moved in that hour (the seeded clusters settled): the credit fell by one hour of every rate
    expect(c0 - s.credit()).toBeCloseTo(perHour, 2);
    const snap = [...w.snapshots.values()].find((x) => x.status === 'SUCCESS')!;
    const c1 = s.credit();
    s.call('DELETE', '/core/snapshots/:id', { id: String(snap.id) });
    expect(s.credit()).toBeCloseTo(c1, 6); // what it billed stays billed
    const cluster = [...w.clusters.values()].find((x) => x.name === 'gpu-ci')!;
    s.call('DELETE', '/core/clusters/:id', { id: String(cluster.id) });
    s.clock.advance(DEFAULT_TIMINGS.clusterDeleteMs);
    const c2 = s.credit();
    expect(w.clusters.has(cluster.id)).toBe(false);
    const rest = perHour - 0.025 - snap.size * 0.0001; // the cluster billed nothing while being deleted
    expect(c1 - c2).toBeCloseTo((rest * DEFAULT_TIMINGS.clusterDeleteMs) / HOUR, 4);
  });
});
