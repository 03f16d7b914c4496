import { describe, expect, it } from 'vitest';
import { vmMetrics, workload } from '../../src/sim/world/vm-metrics.js';
import { directSim } from '../support/sim-direct.js';

const HOUR = 3_600_000;
const values = (series: { data: [string, number, number][] }) => series.data.map((r) => r[2]);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

describe('simulated VM metrics look like a training workload', () => {
  const { world } = directSim({});
  const vm = [...world.vms.values()].find(
    (v) => v.status === 'ACTIVE' && Date.now() - v.createdAt > 8 * 86_400_000,
  );
  const now = Date.now();

  it('over three days, CPU has idle gaps between busy jobs, and memory follows it', () => {
    expect(vm).toBeDefined();
    const m = vmMetrics(vm!, '3d', now);
    const cpu = values(m.cpu!);
    expect(cpu.filter((v) => v < 10).length).toBeGreaterThan(3);
    expect(cpu.filter((v) => v > 60).length).toBeGreaterThan(10);
    expect(Math.max(...cpu)).toBeLessThanOrEqual(100);
    const mem = values(m['memory.usages']!);
    expect(Math.min(...mem)).toBeGreaterThan(5);
    expect(Math.max(...mem)).toBeGreaterThan(60);
  });

  it('minute by minute: memory moves smoothly, checkpoints spike disk writes, a job starts by reading its data', () => {
    const at = (h: number, name: Parameters<typeof workload>[2]) =>
      Array.from({ length: h * 60 }, (_, i) => workload(vm!.id, now - h * HOUR + i * 60_000, name));
    const mem = at(24, 'memory.usages');
    const steps = mem.slice(1).map((v, i) => Math.abs(v - mem[i]!));
    expect(median(steps)).toBeLessThan(1); // not white noise
    const write = at(24, 'disk.write');
    expect(Math.max(...write)).toBeGreaterThan(50 * median(write));
    const read = at(24, 'disk.read');
    const cpu = at(24, 'cpu');
    // the minute CPU leaves idle, the disk is read far above its usual rate
    const start = cpu.findIndex((v, i) => i > 0 && cpu[i - 1]! < 10 && v > 10);
    expect(start).toBeGreaterThan(0);
    expect(read[start]!).toBeGreaterThan(20 * median(read));
  });

  it('answers as the OpenAPI MetricsFields: [time, granularity, value] rows, a unit per series', () => {
    const m = vmMetrics(vm!, '1h', now);
    expect(Object.keys(m).sort()).toEqual(
      ['cpu', 'disk.read', 'disk.write', 'memory.usages', 'network.in', 'network.out'].sort(),
    );
    expect(m.cpu!.unit).toBe('%');
    expect(m['network.in']!.unit).toBe('bytes/s');
    const [time, granularity, value] = m.cpu!.data[0]!;
    expect(Number.isNaN(Date.parse(time))).toBe(false);
    expect(granularity).toBe(60);
    expect(typeof value).toBe('number');
  });
});
