import { ApiError, type ApiErrorInit } from '../src/api/errors.js';
import { interpret } from '../src/api/interpret.js';
import { VmListResponse } from '../src/api/schemas/vm.js';
import { startSimulator } from '../src/sim/server.js';
import { median, report, timeIt } from './stats.js';

/** What the transport does with a body: JSON.parse, then validation (in place, see src/api/in-place.ts). */
const spec = { method: 'GET' as const, path: '/core/virtual-machines', schema: VmListResponse };
const fail = (init: Omit<ApiErrorInit, 'method' | 'path'>) =>
  new ApiError({ ...init, method: 'GET', path: spec.path });
const parseAndValidate = (body: string) => interpret(body, 200, undefined, spec, fail);

/** Parse + validate of a 10,000-VM list versus plain JSON.parse of the same body. */
export async function benchParse(): Promise<string> {
  const sim = await startSimulator({ vmCount: 10_000, rateLimitPerMinute: 0 });
  try {
    const res = await fetch(`${sim.url}/core/virtual-machines`, { headers: { api_key: sim.keys.admin } });
    const body = await res.text();
    const count = (JSON.parse(body) as { instances: unknown[] }).instances.length;
    // Warm both paths first (JIT), then interleave runs so machine noise hits both alike.
    timeIt(() => JSON.parse(body), 3);
    timeIt(() => parseAndValidate(body), 3);
    const plain: number[] = [];
    const validated: number[] = [];
    for (let i = 0; i < 9; i++) {
      plain.push(...timeIt(() => JSON.parse(body), 1));
      validated.push(...timeIt(() => parseAndValidate(body), 1));
    }
    const p = median(plain);
    const v = median(validated);
    return report(
      'parse+validate of a 10,000-VM list vs JSON.parse',
      v / p,
      3,
      `${count} VMs, ${(body.length / 1e6).toFixed(1)} MB; medians of 9: JSON.parse ${p.toFixed(0)} ms, parse+validate ${v.toFixed(0)} ms`,
    );
  } finally {
    await sim.close();
  }
}
