/**
 * The cost guard's scans over real HTTP: one request per VM read, the dearest VMs first (GPU before CPU), a VM
 * not read again while its fact is fresh — so judging idleness costs what the budget gives it, whatever the size
 * of the organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountOn, vmFullRate } from '../../src/domain/cost.js';
import { priceMap } from '../../src/domain/pricing.js';
import { scanNext } from '../../src/store/actions/vm-scan.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { readData, resourcePoller } from '../../src/store/state/resources.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

let s: SimClient;
beforeAll(async () => {
  s = await startSimClient({ vmCount: 300, rateLimitPerMinute: 0 });
});
afterAll(() => s.close());

describe('scanNext', () => {
  it('reads one VM per call, the dearest first, and not again while its fact is fresh', async () => {
    const store = createAppStore({ screen: 'waste', readOnly: false });
    const poller = resourcePoller(s.api, store, {});
    const deps = { api: s.api, store, poller };
    await Promise.all([poller.refresh('vms'), poller.refresh('pricebook'), poller.refresh('contracts')]);
    const vms = readData(store, 'vms')!;
    const book = priceMap(readData(store, 'pricebook'));
    s.delta();
    const read: number[] = [];
    for (let i = 0; i < 12; i++) read.push((await scanNext(deps))!);
    expect(s.delta()).toBe(12); // one request each
    const contracts = readData(store, 'contracts');
    const rate = (id: number) => {
      const vm = vms.find((v) => v.id === id)!;
      const contract = contracts?.find((c) => c.id === vm.contract_id);
      return vmFullRate(vm, book, discountOn(contract, vm.flavor?.name, s.clock.now())) ?? 0;
    };
    const rates = read.map(rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // the first ones are GPU VMs, and no VM was read twice
    expect(vms.find((v) => v.id === read[0])!.flavor?.gpu_count).toBeGreaterThan(0);
    expect(new Set(read).size).toBe(12);
    for (const id of read) expect(store.getState().facts[id]).toBeDefined();
    poller.stop();
  });
});
