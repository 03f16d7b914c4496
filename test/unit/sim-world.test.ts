import { describe, expect, it } from 'vitest';
import { FLAVORS, REGION_DEFS, REGIONS } from '../../src/sim/catalog.js';
import { ManualClock } from '../../src/sim/clock.js';
import { createWorld } from '../../src/sim/create-world.js';
import type { SimMethod } from '../../src/sim/route.js';
import { routes } from '../../src/sim/routes/index.js';
import { fingerprintOf, parsePublicKey } from '../../src/sim/world/keypairs.js';
import { Scheduler } from '../../src/sim/world/scheduler.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { DEFAULT_TIMINGS, type World, type WorldOptions } from '../../src/sim/world.js';

function sim(opts: WorldOptions = {}) {
  const clock = new ManualClock();
  const world = createWorld({ clock, ...opts });
  const get = (path: string, params: Record<string, string> = {}, query = ''): any => {
    const route = routes.find((r) => r.method === ('GET' as SimMethod) && r.path === path);
    if (!route) throw new Error(`no route GET ${path}`);
    return route.handle(
      { method: 'GET', path, params, query: new URLSearchParams(query), body: undefined },
      world,
    ).body;
  };
  return { clock, world, get };
}

/** The VMs seedVms made: not a cluster's node, not in a region opened later (seeded apart). */
function regular(world: World): VmRecord[] {
  const late = new Set(REGION_DEFS.filter((r) => r.addedLater).map((r) => r.name));
  return [...world.vms.values()].filter(
    (v) => v.clusterId === null && !late.has(world.envs.get(v.envId)!.region),
  );
}

const LISTS = [
  '/core/virtual-machines',
  '/core/environments',
  '/core/keypairs',
  '/core/clusters',
  '/core/firewalls',
  '/core/snapshots',
  '/core/profiles',
  '/core/stocks',
  '/core/dashboard',
  '/pricebook/contracts',
  '/billing/billing/usage',
  '/billing/payment/payment-details',
  '/auth/organizations',
];

describe('seeding', () => {
  it('is deterministic: the same seed gives the same JSON, another seed other data', () => {
    const a = sim({ seed: 7 });
    const b = sim({ seed: 7 });
    const c = sim({ seed: 8 });
    for (const path of LISTS) expect(JSON.stringify(a.get(path)), path).toBe(JSON.stringify(b.get(path)));
    expect(JSON.stringify(c.get('/core/virtual-machines'))).not.toBe(
      JSON.stringify(a.get('/core/virtual-machines')),
    );
  });

  it('seeds 30 VMs by default and exactly vmCount when asked, besides the clusters’ nodes and the later region’s', () => {
    expect(regular(sim().world)).toHaveLength(30);
    expect(regular(sim({ vmCount: 5 }).world)).toHaveLength(5);
    // the clusters' nodes are VMs too (cluster_id), and a region opened later has VMs of its own
    const { world } = sim({ vmCount: 5 });
    const nodes = [...world.vms.values()].filter((v) => v.clusterId !== null);
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    for (const v of nodes) {
      expect(world.clusters.get(v.clusterId!)!.nodes.map((n) => n.instanceId)).toContain(v.id);
      expect(v.locked).toBe(true);
    }
  });

  it('covers every VM state with consistent power_state and vm_state', () => {
    const { get } = sim();
    const vms: any[] = get('/core/virtual-machines').instances;
    const statuses = new Set(vms.map((v) => v.status));
    for (const s of ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR']) expect(statuses).toContain(s);
    expect(vms.some((v) => v.status === 'CREATING' || v.status === 'BUILD')).toBe(true);
    const expected: Record<string, [string, string]> = {
      ACTIVE: ['RUNNING', 'active'],
      SHUTOFF: ['SHUTDOWN', 'stopped'],
      HIBERNATED: ['SHUTDOWN', 'shelved_offloaded'],
      ERROR: ['NOSTATE', 'error'],
      CREATING: ['NOSTATE', 'building'],
      BUILD: ['NOSTATE', 'building'],
    };
    for (const v of vms) expect([v.power_state, v.vm_state], v.name).toEqual(expected[v.status]);
  });

  it('spreads VMs over both regions, many flavors, with and without public IPs', () => {
    const { get } = sim();
    const vms: any[] = get('/core/virtual-machines').instances;
    expect(new Set(vms.map((v) => v.environment.region))).toEqual(new Set(REGIONS));
    expect(new Set(vms.map((v) => v.flavor.name)).size).toBeGreaterThanOrEqual(8);
    const withIp = vms.filter((v) => v.floating_ip !== null);
    const without = vms.filter((v) => v.floating_ip === null);
    expect(withIp.length).toBeGreaterThan(0);
    for (const v of withIp) expect(v.floating_ip_status).toBe('ATTACHED');
    for (const v of without) expect(v.floating_ip_status).toBe('NO FLOATING IP');
    for (const v of vms) expect(v.fixed_ip).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect(vms.some((v) => v.contract_id !== null)).toBe(true);
    expect(vms.some((v) => v.volume_attachments.length > 0)).toBe(true);
    expect(vms.some((v) => v.labels.length > 0)).toBe(true);
    expect(vms.every((v) => v.security_rules.length >= 2)).toBe(true);
  });

  it('imports real-format key pairs whose fingerprint matches the key', () => {
    const { get } = sim();
    const keys: any[] = get('/core/keypairs').keypairs;
    expect(keys.some((k) => k.public_key.startsWith('ssh-ed25519 '))).toBe(true);
    expect(keys.some((k) => k.public_key.startsWith('ssh-rsa '))).toBe(true);
    for (const k of keys) {
      expect(k.public_key).not.toMatch(/\n/);
      expect(k.fingerprint).toBe(fingerprintOf(parsePublicKey(k.public_key)));
      expect(k.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    }
  });

  it('has environments in every region, each with a key pair', () => {
    const { get } = sim();
    const envs: any[] = get('/core/environments').environments;
    expect(envs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(envs.map((e) => e.region))).toEqual(new Set(REGIONS));
    const keyEnvs = new Set(get('/core/keypairs').keypairs.map((k: any) => k.environment.name));
    for (const e of envs) expect(keyEnvs).toContain(e.name);
  });

  it('seeds clusters ACTIVE, CREATING and one ERROR with a reason and events', () => {
    const { get } = sim();
    const clusters: any[] = get('/core/clusters').clusters;
    const by = (s: string) => clusters.filter((c) => c.status === s);
    expect(by('ACTIVE').length).toBeGreaterThanOrEqual(1);
    expect(by('CREATING').length).toBeGreaterThanOrEqual(1);
    const err = by('ERROR')[0];
    expect(err.status_reason).toMatch(/No valid host/);
    const events: any[] = get('/core/clusters/:cluster_id/events', {
      cluster_id: String(err.id),
    }).cluster_events;
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1).type).toBe('Warning');
    for (const c of by('ACTIVE')) expect(c.kube_config).toContain('apiVersion: v1');
  });

  it('seeds firewalls with rules and attachments, snapshots, profiles, contracts and payments', () => {
    const { get } = sim();
    const fws: any[] = get('/core/firewalls').firewalls;
    expect(fws.some((f) => f.rules.length > 0 && f.attachments.length > 0)).toBe(true);
    expect(get('/core/snapshots').snapshots.length).toBeGreaterThanOrEqual(3);
    expect(get('/core/profiles').profiles.length).toBeGreaterThanOrEqual(2);
    const contracts: any[] = get('/pricebook/contracts').contracts;
    const types = contracts.flatMap((c) => c.discounts.map((d: any) => d.discount_type));
    expect(types).toEqual(expect.arrayContaining(['flat', 'percent']));
    const payments: any[] = get('/billing/payment/payment-details').data;
    expect(payments.some((p) => p.status === 'payment_initiated')).toBe(true);
    expect(payments.some((p) => Object.values(p).includes(null))).toBe(true);
  });

  it('keeps flavor stock_available consistent with the GPU stock', () => {
    const { get } = sim();
    const stocks: any[] = get('/core/stocks').stocks;
    const flavors: any[] = get('/core/flavors').data.flatMap((g: any) => g.flavors);
    let outOfStock = 0;
    for (const f of flavors) {
      if (f.gpu_count === 0) {
        expect(f.stock_available).toBe(true);
        continue;
      }
      const model = stocks.find((s) => s.region === f.region_name).models.find((m: any) => m.model === f.gpu);
      expect(f.stock_available, f.name).toBe(model.configurations[`${f.gpu_count}x`] > 0);
      if (!f.stock_available) outOfStock++;
    }
    expect(outOfStock).toBeGreaterThan(0);
    expect(flavors.some((f) => f.stock_available && f.gpu_count > 0)).toBe(true);
  });

  it('builds and lists 10 000 VMs (linear seeding, paginated list)', () => {
    const { world, get } = sim({ vmCount: 10_000 });
    expect(regular(world)).toHaveLength(10_000);
    const total = world.vms.size;
    const page = get('/core/virtual-machines', {}, 'page=7&pageSize=50');
    expect(page.count).toBe(total);
    expect(page.instances).toHaveLength(50);
    expect(page.instances[0].id).toBe([...world.vms.keys()][300]);
    expect(new Set([...world.vms.values()].map((v) => v.name)).size).toBe(total);
    const all = get('/core/virtual-machines');
    expect(all.instances).toHaveLength(total);
  });
});

describe('the clock', () => {
  it('advances lazily: seeded CREATING VMs become ACTIVE once their time has come', () => {
    const { clock, get } = sim();
    // (a cluster's node VMs follow their cluster's longer creation)
    const creating = get('/core/virtual-machines')
      .instances.filter(
        (v: any) => (v.status === 'CREATING' || v.status === 'BUILD') && v.cluster_id === null,
      )
      .map((v: any) => v.id);
    expect(creating.length).toBeGreaterThan(0);
    clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    for (const id of creating) {
      expect(get('/core/virtual-machines/:vm_id', { vm_id: String(id) }).instance.status).toBe('ACTIVE');
    }
  });

  it('finishes a seeded creation soon (within 10 s)', () => {
    const { clock, get } = sim();
    const before = get('/core/virtual-machines').instances.filter((v: any) => v.status === 'ACTIVE').length;
    clock.advance(10_000);
    const after = get('/core/virtual-machines').instances.filter((v: any) => v.status === 'ACTIVE').length;
    expect(after).toBeGreaterThan(before);
  });

  it('leaves nothing pending once every seeded transition is over', () => {
    const { clock, world } = sim();
    expect(world.pending).toBeGreaterThan(0);
    clock.advance(DEFAULT_TIMINGS.clusterCreateMs + DEFAULT_TIMINGS.snapshotMs);
    world.advance();
    expect(world.pending).toBe(0);
  });

  it('timings can be shortened', () => {
    const { clock, get } = sim({ timings: { clusterCreateMs: 1000 } });
    clock.advance(1000);
    const statuses = get('/core/clusters').clusters.map((c: any) => c.status);
    expect(statuses).not.toContain('CREATING');
  });
});

describe('Scheduler', () => {
  it('runs due tasks in time order, with their own time, including tasks they schedule', () => {
    const s = new Scheduler();
    const seen: string[] = [];
    s.at(30, (at) => seen.push(`c${at}`));
    s.at(10, (at) => {
      seen.push(`a${at}`);
      s.at(20, (t) => seen.push(`b${t}`));
    });
    s.at(10, (at) => seen.push(`a2-${at}`));
    s.at(99, () => seen.push('late'));
    s.runDue(50);
    expect(seen).toEqual(['a10', 'a2-10', 'b20', 'c30']);
    expect(s.size).toBe(1);
    expect(s.next()).toBe(99);
  });
});

describe('catalog', () => {
  it('has the real flavor names and the CPU-only sizes of the spec', () => {
    const names = new Set(FLAVORS.map((f) => f.name));
    for (const n of [
      'n3-H100x1',
      'n3-H100x2',
      'n3-H100x4',
      'n3-H100x8',
      'n3-A100x8',
      'n3-L40x8',
      'n3-RTX-A6000x8',
    ]) {
      expect(names).toContain(n);
    }
    const small = FLAVORS.find((f) => f.name === 'n1-cpu-small')!;
    expect([small.cpu, small.ram, small.disk, small.gpuCount]).toEqual([4, 4, 100, 0]);
    const large = FLAVORS.find((f) => f.name === 'n1-cpu-large')!;
    expect([large.cpu, large.ram, large.disk]).toEqual([16, 16, 200]);
  });
});
