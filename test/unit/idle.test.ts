/** Idleness from metrics in real units: hand-made series, then the simulator's workloads read back. */
import { describe, expect, it } from 'vitest';
import { durationFor, judgeIdle } from '../../src/domain/idle.js';
import { DEFAULT_WASTE as DEFAULT_IDLE } from '../../src/domain/waste-settings.js';
import { setWorkload } from '../../src/sim/world/workload.js';
import { directSim } from '../support/sim-direct.js';

const STEP = 300_000; // 5 minutes
const T0 = Date.parse('2026-06-01T00:00:00Z');
const flavor = { cpu: 4, ram: 16 };

/** `n` rows, 5 minutes apart, ending at `end`: CPU busy `cpu(i)` % of 4 vCPUs, network `net(i)` B/s in and out. */
function series(n: number, cpu: (i: number) => number, net: (i: number) => number, end = T0) {
  const rows = (f: (i: number) => number) => {
    let acc = 0;
    return Array.from({ length: n }, (_, i) => {
      if (i > 0) acc += f(i);
      return [new Date(end - (n - 1 - i) * STEP).toISOString(), 300, acc] as [string, number, number];
    });
  };
  const cols = ['time', 'granularity', 'value'];
  return {
    cpu: { unit: 'ns', columns: cols, data: rows((i) => (cpu(i) / 100) * 4 * 300 * 1e9) },
    'network.in': { unit: 'B', columns: cols, data: rows((i) => (net(i) / 2) * 300) },
    'network.out': { unit: 'B', columns: cols, data: rows((i) => (net(i) / 2) * 300) },
  };
}

describe('judgeIdle', () => {
  it('idle: every reading of the last 6 h under 5 % CPU and 20 KB/s', () => {
    const m = series(
      80,
      () => 1,
      () => 3_000,
    ); // 6 h 35 min of a quiet VM
    const v = judgeIdle(m, flavor, T0);
    expect(v.kind).toBe('idle');
    if (v.kind !== 'idle') return;
    expect(v.since).toBe(T0 - 79 * STEP);
    expect(v.cpuMax).toBeCloseTo(1, 6);
    expect(v.netMax).toBeCloseTo(3_000, 6);
  });

  it('busy: one reading above either threshold, the latest one said', () => {
    const cpu = judgeIdle(
      series(
        80,
        (i) => (i === 70 ? 30 : 1),
        () => 3_000,
      ),
      flavor,
      T0,
    );
    expect(cpu).toMatchObject({ kind: 'busy', at: T0 - 9 * STEP });
    const net = judgeIdle(
      series(
        80,
        () => 1,
        (i) => (i === 75 ? 50_000 : 100),
      ),
      flavor,
      T0,
    );
    expect(net).toMatchObject({ kind: 'busy', at: T0 - 4 * STEP });
  });

  it('unknown: quiet for less than the hours asked, or a reboot (a counter reset) in the run', () => {
    expect(
      judgeIdle(
        series(
          30,
          () => 1,
          () => 100,
        ),
        flavor,
        T0,
      ),
    ).toMatchObject({ kind: 'unknown' });
    const m = series(
      80,
      () => 1,
      () => 100,
    );
    // rebooted: the counter starts again from 0
    const base = m.cpu.data[59]![2];
    for (const row of m.cpu.data.slice(60)) row[2] -= base;
    const v = judgeIdle(m, flavor, T0);
    expect(v.kind).toBe('unknown');
  });

  it('unknown without the vCPU count or the network series, never a guess', () => {
    expect(
      judgeIdle(
        series(
          80,
          () => 1,
          () => 1,
        ),
        {},
        T0,
      ).kind,
    ).toBe('unknown');
    const { 'network.in': _, ...noNet } = series(
      80,
      () => 1,
      () => 1,
    );
    expect(judgeIdle(noNet, flavor, T0).kind).toBe('unknown');
  });

  it('asks for the shortest span longer than the hours (a span of exactly 6 h reads 5.9 h)', () => {
    expect(durationFor(6)).toBe('12h');
    expect(durationFor(5)).toBe('6h');
    expect(durationFor(1000)).toBe('30d');
  });
});

describe('judgeIdle on the simulator’s workloads', () => {
  const read = (s: ReturnType<typeof directSim>, id: number) =>
    s.call(
      'GET',
      '/core/virtual-machines/:id/metrics',
      { id: String(id) },
      undefined,
      `duration=${durationFor(6)}`,
    ).body;

  it('an idle VM is idle, a serving one busy, one quiet for 2 h only busy 2 h ago', () => {
    const s = directSim();
    const now = s.clock.now();
    const running = [...s.world.vms.values()].filter(
      (v) => v.status === 'ACTIVE' && v.clusterId === null && now - v.createdAt > 12 * 3_600_000,
    );
    const [a, b, c] = running;
    setWorkload(a!, 'idle', now - 8 * 3_600_000);
    setWorkload(b!, 'serving', now - 8 * 3_600_000);
    setWorkload(c!, 'serving', now - 12 * 3_600_000);
    setWorkload(c!, 'idle', now - 2 * 3_600_000);
    const verdict = (vm: typeof a) => judgeIdle(read(s, vm!.id), { cpu: vm!.flavor.cpu }, now, DEFAULT_IDLE);
    expect(verdict(a)).toMatchObject({ kind: 'idle' });
    expect(verdict(b).kind).toBe('busy');
    // busy until 2 h ago: not idle yet, and the verdict says when it was last busy
    const vc = verdict(c);
    expect(vc.kind).toBe('busy');
    if (vc.kind === 'busy') expect(Math.abs(now - 2 * 3_600_000 - vc.at)).toBeLessThanOrEqual(12 * 60_000);
  });
});
