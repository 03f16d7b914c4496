/**
 * The simulator at scale (`simulate --scale 10000`) answers the paging and search parameters the official
 * OpenAPI lists for List_VMs (page, pageSize, search, environment, exact_environment_match, exclude_firewalls),
 * over real HTTP, with bodies the OpenAPI accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { openApi } from '../support/openapi.js';

let sim: Simulator;
const openapi = openApi();
beforeAll(async () => {
  sim = await startSimulator({ seed: 1, vmCount: 10_000, rateLimitPerMinute: 0 });
}, 120_000);
afterAll(async () => sim?.close());

interface ListBody {
  instances: Array<{ id: number; name: string; fixed_ip: string | null; environment: { name: string } }>;
  count: number;
  page: number;
  page_size: number;
}

async function list(query: string): Promise<ListBody> {
  const path = `/core/virtual-machines?${query}`;
  const res = await fetch(`${sim.url}${path}`, { headers: { api_key: sim.keys.admin } });
  const body = (await res.json()) as ListBody;
  expect(res.status).toBe(200);
  // validated page by page (a body of all 10,000 would take the validator seconds and prove nothing more)
  if (body.instances.length <= 500) expect(openapi.validateResponse('GET', path, 200, body)).toEqual([]);
  return body;
}

describe('List_VMs at 10,000 VMs', () => {
  it('pages: pageSize items of page N, oldest first, the total in count; past the end an empty page', async () => {
    const all = [...sim.world.vms.values()];
    expect(all.length).toBeGreaterThanOrEqual(10_000);
    const p3 = await list('page=3&pageSize=50');
    expect(p3).toMatchObject({ count: all.length, page: 3, page_size: 50 });
    expect(p3.instances.map((v) => v.id)).toEqual(all.slice(100, 150).map((v) => v.id));
    const lastPage = Math.ceil(all.length / 500);
    const last = await list(`page=${lastPage}&pageSize=500`);
    expect(last.instances).toHaveLength(all.length - (lastPage - 1) * 500);
    const past = await list(`page=${lastPage + 1}&pageSize=500`);
    expect(past).toMatchObject({ instances: [], count: all.length });
  });

  it('searches by name, id and fixed IP, with paging over the matches', async () => {
    const vm = [...sim.world.vms.values()][7777]!;
    expect((await list(`search=${encodeURIComponent(vm.name)}`)).instances.map((v) => v.name)).toContain(
      vm.name,
    );
    expect((await list(`search=${vm.id}`)).instances.map((v) => v.id)).toContain(vm.id);
    if (vm.fixedIp) expect((await list(`search=${vm.fixedIp}`)).instances.map((v) => v.id)).toEqual([vm.id]);
    // a word many names share: paged like the whole list, the count is the matches'
    const word = vm.name.split('-')[0]!;
    const matches = [...sim.world.vms.values()].filter((v) =>
      v.name.toLowerCase().includes(word.toLowerCase()),
    );
    const page = await list(`search=${word}&page=2&pageSize=10`);
    expect(page.count).toBe(matches.length);
    expect(page.instances.map((v) => v.id)).toEqual(matches.slice(10, 20).map((v) => v.id));
    expect((await list('search=no-such-vm-anywhere')).instances).toEqual([]);
  });

  it('filters by environment, partly or exactly, and leaves out VMs of excluded firewalls', async () => {
    const env = [...sim.world.envs.values()][0]!;
    const inEnv = [...sim.world.vms.values()].filter((v) => v.envId === env.id);
    const exact = await list(
      `environment=${encodeURIComponent(env.name)}&exact_environment_match=true&pageSize=1`,
    );
    expect(exact.count).toBe(inEnv.length);
    const partial = await list(`environment=${encodeURIComponent(env.name.slice(0, -1))}&pageSize=1`);
    expect(partial.count).toBeGreaterThanOrEqual(inEnv.length);

    const fw = [...sim.world.firewalls.values()].find((f) => f.attachments.length > 0);
    if (!fw) throw new Error('the seed attaches no firewall');
    const attached = new Set(fw.attachments.map((a) => a.vmId));
    const total = sim.world.vms.size;
    for (const q of [`exclude_firewalls=${fw.id}`, `exclude_firewalls=${fw.id},999999`]) {
      const left = await list(`${q}&pageSize=100000`);
      expect(left.count).toBe(total - attached.size);
      expect(left.instances.some((v) => attached.has(v.id))).toBe(false);
    }
    const res = await fetch(`${sim.url}/core/virtual-machines?exclude_firewalls=abc`, {
      headers: { api_key: sim.keys.admin },
    });
    expect(res.status).toBe(400);
  });
});
