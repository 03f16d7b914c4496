/**
 * The guard's plan by hand: which rule hibernates which VM, what it protects, the dearest first, the action budget,
 * and the money (a contract's flat discount included), each figure computed here by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GUARD,
  type GuardFact,
  type GuardVm,
  guardPlan,
  readNeeded,
} from '../../src/domain/guard-plan.js';
import { leaseLabel } from '../../src/domain/lease.js';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 26, 12);
// H100 $2.40 per GPU an hour, a public IP $0.005, root disk storage $0.00011 a GB
const book = new Map([
  ['H100-80G-PCIe', 2.4],
  ['n1-cpu-small', 0.1],
  ['public-ip', 0.005],
  ['Cloud-SSD', 0.00011],
]);
const h100 = { name: 'n3-H100x2', gpu: 'H100-80G-PCIe', gpu_count: 2, disk: 100 };
const vm = (id: number, status: string, extra: Partial<GuardVm> = {}): GuardVm => ({
  id,
  name: `vm-${id}`,
  status,
  flavor: h100,
  floating_ip: null,
  environment: { name: 'dev' },
  ...extra,
});
const plan = (vms: GuardVm[], facts: Record<number, GuardFact>, policy = {}) =>
  guardPlan({
    vms,
    facts: new Map(Object.entries(facts).map(([k, v]) => [Number(k), v])),
    policy: { ...DEFAULT_GUARD, ...policy },
    book,
    contracts: [
      {
        id: 9,
        status: 'Active',
        discounts: [{ resource_name: 'n3-H100x2', discount_type: 'flat', discount_amount: 1.9 }],
      },
    ],
    now,
  });

describe('the guard plan', () => {
  it('stopped long enough, idle long enough, lease over: hibernate; the rest alone', () => {
    const vms = [
      vm(1, 'SHUTOFF', { floating_ip: '1.2.3.4' }),
      vm(2, 'SHUTOFF'),
      vm(3, 'ACTIVE', { contract_id: 9 }),
      vm(4, 'ACTIVE'),
      vm(5, 'ACTIVE', { labels: [leaseLabel(now - 30 * 60_000)] }),
      vm(6, 'HIBERNATING'),
      vm(7, 'SHUTOFF', { labels: ['guard-skip'] }),
      vm(8, 'ACTIVE', { cluster_id: 3 }),
    ];
    const p = plan(vms, {
      1: { stoppedSince: now - 3 * HOUR },
      2: { stoppedSince: now - HOUR },
      3: { idle: { kind: 'idle', since: now - 7 * HOUR, cpuMax: 1, netMax: 10 } },
      4: { idle: { kind: 'busy', at: now, cpu: 50, net: 1 } },
    });
    expect(p.steps.map((s) => [s.vm.id, s.rule, s.startFirst, s.retainIp, s.cut])).toEqual([
      [1, 'stopped', true, true, false],
      [5, 'lease', false, false, false],
      [3, 'idle', false, false, false],
    ]);
    // VM 1: 2 × $2.40 + the IP $0.005 = $4.805 now; hibernated: 100 GB × $0.00011 + $0.005 = $0.016
    expect(p.steps[0]!.perHour).toBe(4.805);
    expect(p.steps[0]!.hibernatedPerHour).toBe(0.016);
    // VM 3, under contract: a flat $1.90 per GPU → 2 × 1.90 = $3.80 (dearer VM 5: $4.80 first)
    expect(p.steps[1]!.perHour).toBe(4.8);
    expect(p.steps[2]!.perHour).toBe(3.8);
    expect(p.steps[2]!.hibernatedPerHour).toBe(0.011);
    expect(p.steps[1]!.why).toBe('its lease ended 30m ago');
    expect(p.underWay.map((v) => v.id)).toEqual([6]);
    expect(p.skipped).toEqual([{ vm: vms[6], why: 'protected by its label guard-skip' }]);
  });

  it('cuts beyond maxActions (the cheapest), says a stopped VM of unknown since, and what it did not read', () => {
    const vms = [
      vm(1, 'SHUTOFF'),
      vm(2, 'SHUTOFF', { flavor: { ...h100, gpu_count: 1 } }),
      vm(3, 'SHUTOFF'),
      vm(4, 'ACTIVE'),
    ];
    const p = plan(
      vms,
      { 1: { stoppedSince: now - 5 * HOUR }, 2: { stoppedSince: now - 5 * HOUR }, 3: { stoppedSince: null } },
      { maxActions: 1 },
    );
    expect(p.steps.map((s) => [s.vm.id, s.cut])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(p.skipped.map((x) => [x.vm.id, x.why])).toEqual([
      [3, 'stopped since when? its events do not say'],
    ]);
    expect(p.unjudged.map((v) => v.id)).toEqual([4]);
  });

  it('reads only what a rule needs: nothing of a protected VM, a lease over, or a rule turned off', () => {
    const p = { ...DEFAULT_GUARD, skipEnvironments: ['prod'] };
    expect(readNeeded(vm(1, 'SHUTOFF'), p, now)).toBe('events');
    expect(readNeeded(vm(1, 'ACTIVE'), p, now)).toBe('metrics');
    expect(readNeeded(vm(1, 'ACTIVE', { environment: { name: 'prod' } }), p, now)).toBeUndefined();
    expect(readNeeded(vm(1, 'ACTIVE', { labels: [leaseLabel(now - 1)] }), p, now)).toBeUndefined();
    expect(readNeeded(vm(1, 'ACTIVE'), { ...p, idleHours: null }, now)).toBeUndefined();
    expect(readNeeded(vm(1, 'HIBERNATED'), p, now)).toBeUndefined();
  });
});
