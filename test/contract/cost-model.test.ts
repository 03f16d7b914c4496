/**
 * The app's billing model (src/domain/cost.ts) against the simulator's billing, over real HTTP: for every VM and
 * volume the hourly rate the model gives from the list, the pricebook and the contracts is the rate the usage
 * records bill now, and the model's totals are the dashboard's — in every state, after stops and hibernations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { clusterRateNow, discountOn, vmRateNow, volumeRate } from '../../src/domain/cost.js';
import { priceMap } from '../../src/domain/pricing.js';
import { DEFAULT_TIMINGS, type SimClient, startSimClient } from '../support/sim-client.js';

let s: SimClient;
beforeAll(async () => {
  s = await startSimClient();
  s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs);
});
afterAll(() => s.close());

async function compare(api: Api) {
  const [vms, volumes, clusters, book, contracts, usage, dash] = await Promise.all([
    api.vms.listAll(),
    api.volumes.listAll(),
    api.clusters.list(),
    api.billing.pricebook().then(priceMap),
    api.billing.contracts().then((p) => p.items),
    api.billing.usage(),
    api.catalog.dashboard(),
  ]);
  const now = s.clock.now();
  const billed = new Map(
    usage.map((u) => [`${u.resource_type}:${u.resource_id}`, (u.bill_per_minute ?? 0) * 60]),
  );
  let vmTotal = 0;
  for (const vm of vms) {
    const contract = contracts.find((c) => c.id === vm.contract_id);
    const model = vmRateNow(vm, book, discountOn(contract, vm.flavor?.name, now));
    expect(model, vm.name).toBeDefined();
    if (vm.cluster_id != null) continue; // billed with its cluster
    expect(model, `${vm.name} (${vm.status})`).toBeCloseTo(billed.get(`vm:${vm.id}`)!, 4);
    vmTotal += model!;
  }
  for (const c of clusters) vmTotal += clusterRateNow(c, book)!;
  let volTotal = 0;
  for (const v of volumes) {
    const model = volumeRate(v, book)!;
    expect(model, v.name ?? '').toBeCloseTo(billed.get(`volume:${v.id}`)!, 4);
    volTotal += model;
  }
  expect(vmTotal).toBeCloseTo(dash.instance?.cost_per_hour ?? Number.NaN, 3);
  expect(volTotal).toBeCloseTo(dash.volume?.cost_per_hour ?? Number.NaN, 3);
  return vms;
}

describe('the billing model agrees with what the service bills', () => {
  it('for every seeded VM, volume and cluster', async () => {
    const vms = await compare(s.api);
    expect(new Set(vms.map((v) => v.status))).toEqual(new Set(['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR']));
  });

  it('after stops and hibernations, the IP kept or released', async () => {
    const vms = await s.api.vms.listAll();
    const active = vms.filter((v) => v.status === 'ACTIVE' && v.cluster_id == null && v.floating_ip);
    await s.api.vms.stop(active[0]!.id);
    await s.api.vms.hibernate(active[1]!.id, { retainIp: true });
    await s.api.vms.hibernate(active[2]!.id, { retainIp: false });
    await compare(s.api); // in the transitions
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    const after = await compare(s.api);
    const by = (id: number) => after.find((v) => v.id === id)!;
    expect(by(active[0]!.id).status).toBe('SHUTOFF');
    expect(by(active[1]!.id).floating_ip).toBeTruthy();
    expect(by(active[2]!.id).floating_ip).toBeFalsy();
  });
});
