/**
 * Contract: regions are data, not a fixed pair. The client lists them (GET /core/regions), the domain helper
 * derives the same list from the environments and the stock when the endpoint is not there, and the third region
 * is a region like the others (environment, stock, flavors, images, Kubernetes versions of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionNames } from '../../src/domain/regions.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

let s: SimClient;
beforeAll(async () => {
  s = await startSimClient();
});
afterAll(async () => {
  await s.close();
});

describe('regions', () => {
  it('the regions endpoint lists every region with its country and green status', async () => {
    const regions = await s.api.regions.list();
    expect(regions.map((r) => [r.name, r.country, r.green_status])).toEqual([
      ['NORWAY-1', 'Norway', 'GREEN'],
      ['CANADA-1', 'Canada', 'GREEN'],
      ['US-1', 'United States', 'PARTIALLY_GREEN'],
    ]);
    expect(regionNames({ regions })).toEqual(['NORWAY-1', 'CANADA-1', 'US-1']);
  });

  it('without the endpoint, environments and stock name the same regions', async () => {
    const environments = (await s.api.environments.list()).items;
    const stocks = await s.api.catalog.stocks();
    expect(new Set(regionNames({ regions: null, environments, stocks }))).toEqual(
      new Set(['NORWAY-1', 'CANADA-1', 'US-1']),
    );
  });

  it('the third region has an environment, stock, flavors, images and its own Kubernetes versions', async () => {
    const envs = (await s.api.environments.list()).items.filter((e) => e.region === 'US-1');
    expect(envs.map((e) => [e.name, e.features?.green_status])).toEqual([['us-lab', 'PARTIALLY_GREEN']]);
    const stock = (await s.api.catalog.stocks()).find((x) => x.region === 'US-1')!;
    expect(stock.models.map((m) => m.model).sort()).toEqual(['H100-80G-PCIe', 'H100-80G-SXM5']);
    const flavors = (await s.api.catalog.flavors({ region: 'US-1' })).flatMap((g) => g.flavors);
    expect(flavors.every((f) => f.region_name === 'US-1')).toBe(true);
    expect(flavors.map((f) => f.name)).toContain('n3-H100x8');
    expect((await s.api.catalog.images({ region: 'US-1' })).length).toBeGreaterThan(0);
    expect(await s.api.clusters.versions({ region: 'US-1' })).toEqual(['1.29.4', '1.30.2']);
    expect(await s.api.clusters.versions({ region: 'NORWAY-1' })).toContain('1.27.8');
    const listed = await s.api.clusters.versionList();
    expect(listed.every((v) => v.region !== null && v.region !== undefined)).toBe(true);
  });
});

describe('volumes', () => {
  it('lists every volume, attached or not, and pages when asked', async () => {
    const all = await s.api.volumes.listAll();
    expect(all).toHaveLength(s.sim.world.volumes.size);
    expect(all.some((v) => (v.attachments ?? []).length === 0)).toBe(true);
    expect(all.some((v) => v.attachments?.[0]?.instance_id)).toBe(true);
    const page = await s.api.volumes.list({ page: 1, pageSize: 2 });
    expect([page.items.length, page.count]).toEqual([2, all.length]);
  });
});
