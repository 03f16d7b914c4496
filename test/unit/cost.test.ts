/** The billing model, against cases worked out by hand (prices as the demo's pricebook has them). */
import { describe, expect, it } from 'vitest';
import {
  billingOf,
  clusterRateNow,
  discountOn,
  flavorRate,
  snapshotRate,
  vmFullRate,
  vmHibernatedRate,
  vmRateNow,
  volumeRate,
} from '../../src/domain/cost.js';

const book = new Map<string, number>([
  ['H100-80G-PCIe', 1.9],
  ['H100-80G-SXM5', 2.4],
  ['n1-cpu-small', 0.025],
  ['public-ip', 0.005],
  ['snapshot', 0.0001],
  ['Cloud-SSD', 0.00011],
  ['Cloud-HDD', 0.00005],
]);
const h100 = { name: 'n3-H100x1', gpu: 'H100-80G-PCIe', gpu_count: 1, disk: 100 };
const sxm8 = { name: 'n3-H100x8', gpu: 'H100-80G-SXM5', gpu_count: 8, disk: 100 };
const NOW = Date.parse('2026-06-01T00:00:00Z');
const contract = (type: 'flat' | 'percent', value: number, status = 'Active') => ({
  status,
  start_date: '2026-01-01T00:00:00Z',
  end_date: '2026-12-31T00:00:00Z',
  discounts: [
    {
      resource_name: 'n3-H100x8',
      discount_type: type,
      discount_amount: type === 'flat' ? value : null,
      discount_percent: type === 'percent' ? value : null,
      discount_status: 'active',
    },
  ],
});

describe('billing by VM state', () => {
  it('bills ACTIVE and SHUTOFF in full, HIBERNATED partly, everything else not', () => {
    expect(['ACTIVE', 'SHUTOFF', 'shutoff'].map(billingOf)).toEqual(['full', 'full', 'full']);
    expect(billingOf('HIBERNATED')).toBe('hibernated');
    for (const s of [
      'STOPPING',
      'STARTING',
      'HIBERNATING',
      'RESTORING',
      'REBOOTING',
      'ERROR',
      'CREATING',
      null,
    ])
      expect(billingOf(s)).toBe('none');
  });

  it('a stopped H100 with a public IP costs what it costs running: $1.905/h', () => {
    const vm = { status: 'SHUTOFF', flavor: h100, floating_ip: '1.2.3.4' };
    expect(vmFullRate(vm, book)).toBe(1.905);
    expect(vmRateNow(vm, book)).toBe(1.905);
    expect(vmRateNow({ ...vm, status: 'STOPPING' }, book)).toBe(0);
    expect(vmRateNow({ ...vm, status: 'ERROR' }, book)).toBe(0);
  });

  it('hibernated: 100 GB of root disk at $0.00011 = $0.011/h, $0.016/h with the IP kept', () => {
    const vm = { status: 'HIBERNATED', flavor: h100, floating_ip: '1.2.3.4' };
    expect(vmHibernatedRate(vm, book, false)).toBe(0.011);
    expect(vmHibernatedRate(vm, book, true)).toBe(0.016);
    expect(vmRateNow(vm, book)).toBe(0.016);
    expect(vmRateNow({ ...vm, floating_ip: null }, book)).toBe(0.011);
    // no IP to keep: keeping it costs nothing more
    expect(vmHibernatedRate({ ...vm, floating_ip: null }, book, true)).toBe(0.011);
  });

  it('a CPU flavor is priced by its name; an unknown price is undefined, never 0', () => {
    expect(flavorRate({ name: 'n1-cpu-small', gpu_count: 0 }, book)).toBe(0.025);
    expect(vmRateNow({ status: 'ACTIVE', flavor: { name: 'mystery', gpu_count: 0 } }, book)).toBeUndefined();
    expect(
      vmFullRate({ flavor: h100, floating_ip: '1.2.3.4' }, new Map([['H100-80G-PCIe', 1.9]])),
    ).toBeUndefined();
    expect(vmHibernatedRate({ flavor: h100 }, new Map(), false)).toBeUndefined();
  });
});

describe('contract discounts', () => {
  it('flat: the contracted price per GPU, 8 × $1.60 = $12.80/h (never above the market rate)', () => {
    const d = discountOn(contract('flat', 1.6), 'n3-H100x8', NOW);
    expect(flavorRate(sxm8, book, d)).toBe(12.8);
    const dear = discountOn(contract('flat', 9), 'n3-H100x8', NOW);
    expect(flavorRate(sxm8, book, dear)).toBe(19.2); // 8 × 2.40: a "discount" above market does not apply
  });

  it('percent: 25 % off 8 × $2.40 = $14.40/h; the public IP is never discounted', () => {
    const d = discountOn(contract('percent', 25), 'n3-H100x8', NOW);
    expect(vmFullRate({ flavor: sxm8, floating_ip: '1.2.3.4' }, book, d)).toBe(14.405);
  });

  it('applies only an Active contract within its dates, to its own flavor', () => {
    expect(discountOn(contract('flat', 1.6, 'Expired'), 'n3-H100x8', NOW)).toBeUndefined();
    expect(
      discountOn(contract('flat', 1.6), 'n3-H100x8', Date.parse('2027-02-01T00:00:00Z')),
    ).toBeUndefined();
    expect(discountOn(contract('flat', 1.6), 'n3-H100x1', NOW)).toBeUndefined();
  });
});

describe('volumes, snapshots and clusters', () => {
  it('volumes by their type; snapshots by their storage', () => {
    expect(volumeRate({ size: 1000, volume_type: 'Cloud-SSD' }, book)).toBe(0.11);
    expect(volumeRate({ size: 1000, volume_type: 'Cloud-HDD' }, book)).toBe(0.05);
    expect(volumeRate({ size: 1000, volume_type: 'Tape' }, book)).toBeUndefined();
    expect(snapshotRate({ size: 250 }, book)).toBe(0.025);
  });

  it('a failed cluster bills its running master, not its workers in ERROR', () => {
    const cluster = {
      status: 'ERROR',
      master_flavor: { name: 'n1-cpu-small', gpu_count: 0 },
      node_groups: [{ id: 7, flavor: sxm8 }],
      nodes: [
        { role: 'master', status: 'ACTIVE' },
        { role: 'worker', status: 'ERROR', node_group_id: 7 },
        { role: 'worker', status: 'ERROR', node_group_id: 7 },
      ],
    };
    expect(clusterRateNow(cluster, book)).toBe(0.025);
    const healed = { ...cluster, nodes: cluster.nodes.map((n) => ({ ...n, status: 'ACTIVE' })) };
    expect(clusterRateNow(healed, book)).toBe(38.425); // 0.025 + 2 × 8 × 2.40
    expect(clusterRateNow({ ...cluster, status: 'DELETING' }, book)).toBe(0);
  });
});
