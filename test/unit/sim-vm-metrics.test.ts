import { describe, expect, it } from 'vitest';
import { type MetricRows, pointStats, readSeries, readVmMetrics } from '../../src/domain/metrics.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { vmMetrics } from '../../src/sim/world/vm-metrics.js';
import { setWorkload } from '../../src/sim/world/workload.js';
import { directSim } from '../support/sim-direct.js';

const HOUR = 3_600_000;
type Series = ReturnType<typeof vmMetrics>;
const cpuOf = (m: Series, vm: VmRecord) => readSeries(m.cpu!, vm.flavor).points.map((p) => p.v);
const numbers = (v: (number | null)[]) => v.filter((x): x is number => x !== null);

describe('simulated VM metrics: the real shape, units and counters', () => {
  const sim = directSim({});
  const { world, clock } = sim;
  const vms = [...world.vms.values()];
  const active = vms.filter((v) => v.status === 'ACTIVE');
  const training = active.find(
    (v) => v.workload[0]!.kind === 'training' && clock.now() - v.createdAt > 8 * 86_400_000,
  )!;

  it('every series in its real unit: cpu ns, memory.usages MB, network and disk B, as [time, granularity, value] rows', () => {
    const m = vmMetrics(training, '1h', clock.now());
    expect(Object.fromEntries(Object.entries(m).map(([k, s]) => [k, s.unit]))).toEqual({
      cpu: 'ns',
      'memory.usages': 'MB',
      'network.in': 'B',
      'network.out': 'B',
      'disk.read': 'B',
      'disk.write': 'B',
    });
    for (const s of Object.values(m)) {
      expect(s.columns).toEqual(['time', 'granularity', 'value']);
      expect(s.data.length).toBe(12); // an hour at 5-minute granularity
      for (const [time, granularity, value] of s.data) {
        expect(Number.isNaN(Date.parse(time))).toBe(false);
        expect(granularity).toBe(300);
        expect(Number.isInteger(value)).toBe(true);
      }
    }
    // memory: in use, within the flavor's RAM
    const mem = m['memory.usages']!.data.map((r) => r[2]);
    expect(Math.max(...mem)).toBeLessThanOrEqual(training.flavor.ram * 1024);
    expect(Math.min(...mem)).toBeGreaterThan(0);
  });

  it('counters only grow while the VM runs, and a time reads the same whatever the duration asked', () => {
    const now = clock.now();
    const day = vmMetrics(training, '1d', now);
    for (const s of ['cpu', 'network.in', 'network.out', 'disk.read', 'disk.write']) {
      const v = day[s]!.data.map((r) => r[2]);
      expect(v.every((x, i) => i === 0 || x >= v[i - 1]!)).toBe(true);
    }
    const hour = new Map(vmMetrics(training, '1h', now).cpu!.data.map((r) => [r[0], r[2]]));
    const common = day.cpu!.data.filter((r) => hour.has(r[0]));
    expect(common.length).toBeGreaterThan(0);
    for (const [time, , value] of common) expect(hour.get(time)).toBe(value);
  });

  it('a training VM over three days: idle gaps between busy jobs, in % of its vCPUs', () => {
    const cpu = numbers(cpuOf(vmMetrics(training, '3d', clock.now()), training));
    expect(cpu.filter((v) => v < 10).length).toBeGreaterThan(3);
    expect(cpu.filter((v) => v > 60).length).toBeGreaterThan(5);
    expect(Math.max(...cpu)).toBeLessThanOrEqual(100);
  });

  it('the workload is explicit per VM: idle for the last 6 hours reads idle there and busy before', () => {
    const vm = active.find((v) => v !== training)!;
    const now = clock.now();
    setWorkload(vm, 'serving', 0);
    setWorkload(vm, 'idle', now - 6 * HOUR);
    const m = readVmMetrics(vmMetrics(vm, '12h', now), vm.flavor);
    const recent = m.cpu!.points.filter((p) => p.t > now - 6 * HOUR + 10 * 60_000);
    const before = m.cpu!.points.filter((p) => p.t < now - 6 * HOUR);
    expect(pointStats(recent)!.max).toBeLessThan(2);
    expect(pointStats(before)!.min).toBeGreaterThan(5);
    const net = m['network.in']!.points.filter((p) => p.t > now - 6 * HOUR + 10 * 60_000);
    expect(pointStats(net)!.max).toBeLessThan(10_000);
    // seeded kinds follow what the VM is for; a VM someone creates idles until something runs on it
    expect(vms.filter((v) => v.name.startsWith('jupyter')).every((v) => v.workload[0]!.kind === 'idle')).toBe(
      true,
    );
    expect(vms.some((v) => v.workload[0]!.kind === 'serving')).toBe(true);
  });

  it('a hard reboot resets the counters (a gap, never a negative rate); a stopped VM reports nothing after it stopped', () => {
    const vm = active.find(
      (v) => v.status === 'ACTIVE' && !v.locked && v.clusterId === null && v !== training,
    )!;
    setWorkload(vm, 'training', 0);
    sim.call('GET', '/core/virtual-machines/:id/hard-reboot', { id: String(vm.id) });
    clock.advance(world.timings.vmPowerMs);
    world.advance();
    expect(vm.status).toBe('ACTIVE');
    clock.advance(30 * 60_000);
    const m = sim.call(
      'GET',
      '/core/virtual-machines/:id/metrics',
      { id: String(vm.id) },
      undefined,
      'duration=1h',
    ).body as Record<string, MetricRows>;
    const raw = m.cpu!.data.map((r) => r[2] as number);
    expect(raw.some((v, i) => i > 0 && v < raw[i - 1]!)).toBe(true); // the counter restarted
    const cpu = readSeries(m.cpu!, vm.flavor).points.map((p) => p.v);
    expect(cpu).toContain(null);
    expect(numbers(cpu).every((v) => v >= 0 && v <= 100)).toBe(true);

    sim.call('GET', '/core/virtual-machines/:id/stop', { id: String(vm.id) });
    clock.advance(world.timings.vmPowerMs);
    world.advance();
    const stoppedAt = clock.now();
    clock.advance(2 * HOUR);
    const after = vmMetrics(vm, '4h', clock.now());
    expect(after.cpu!.data.length).toBeGreaterThan(0);
    expect(after.cpu!.data.every((r) => Date.parse(r[0]) <= stoppedAt)).toBe(true);
    expect(vmMetrics(vm, '1h', clock.now()).cpu!.data).toEqual([]);
  });

  it('no duration: every point kept (30 days at most); a duration the service does not know is refused', () => {
    const all = vmMetrics(training, 'all', clock.now());
    const times = all.cpu!.data.map((r) => Date.parse(r[0]));
    expect(times.at(-1)! - times[0]!).toBeLessThanOrEqual(30 * 24 * HOUR);
    expect(times.length).toBeGreaterThanOrEqual(50);
    const plain = sim.call('GET', '/core/virtual-machines/:id/metrics', { id: String(training.id) }).body;
    expect(plain.cpu.data.length).toBe(all.cpu!.data.length);
    expect(
      sim.fail(
        'GET',
        '/core/virtual-machines/:id/metrics',
        { id: String(training.id) },
        undefined,
        'duration=5y',
      ).status,
    ).toBe(400);
  });
});
