import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'hs-trace-'));
afterEach(() => {
  delete process.env.HYPERSTACK_TUI_TRACE;
});

it('writes each mark with the monotonic clock of a --cpu-prof profile, so marks line up with its samples', async () => {
  const file = join(dir, 'trace.txt');
  process.env.HYPERSTACK_TUI_TRACE = file;
  try {
    // a copy of its own: the module reads HYPERSTACK_TUI_TRACE as it loads
    const { mark }: typeof import('../../src/startup-trace.js') = await import(
      '../../src/startup-trace.js?fresh' as string
    );
    const before = process.hrtime.bigint() / 1000n;
    mark('here');
    const after = process.hrtime.bigint() / 1000n;
    const [ms, label, wall, cpu, monotonic] = readFileSync(file, 'utf8').trim().split(' ');
    expect(label).toBe('here');
    expect(Number(ms)).toBeGreaterThan(0);
    expect(Math.abs(Number(wall) - Date.now())).toBeLessThan(60_000);
    expect(Number(cpu)).toBeGreaterThan(0);
    expect(BigInt(monotonic ?? '0')).toBeGreaterThanOrEqual(before);
    expect(BigInt(monotonic ?? '0')).toBeLessThanOrEqual(after);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
