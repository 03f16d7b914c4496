import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { share } from '../../src/store/engine/share.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

// A large list is read and validated in place (src/api/in-place.ts) and shared with the previous one
// (src/store/engine/share.ts): what a refresh stores must still equal what the service sent, and keep every row that did
// not change identical, so nothing re-renders needlessly.
describe('a VM list read again: equal, and unchanged rows identical', () => {
  let c: SimClient;
  beforeAll(async () => {
    c = await startSimClient({ vmCount: 300 });
  });
  afterAll(() => c.close());

  it('the list read in pages equals the list read at once, flavour RAM as a number', async () => {
    const whole = await c.api.vms.listAll();
    const paged = await c.api.vms.listAll({ pageSize: 40 });
    expect(whole.length).toBeGreaterThanOrEqual(300);
    expect(paged).toEqual(whole);
    for (const vm of whole) if (vm.flavor?.ram != null) expect(typeof vm.flavor.ram).toBe('number');
  });

  it('a refresh shares every unchanged row; only the changed VM is a new object', async () => {
    c.clock.advance(3_600_000); // seeded VMs in transition settle first
    const first = await c.api.vms.listAll({ pageSize: 100 });
    expect(share(first, await c.api.vms.listAll())).toBe(first);

    const target = first.find((v) => v.status === 'ACTIVE');
    if (!target) throw new Error('the seed has an ACTIVE VM');
    await c.api.vms.stop(target.id);
    c.clock.advance(60_000);
    const next = await c.api.vms.listAll();
    const shared = share(first, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(first);
    const byId = new Map(first.map((v) => [v.id, v]));
    let changed = 0;
    for (const row of shared) {
      const before = byId.get(row.id);
      if (row === before) continue;
      changed++;
      expect(row.id).toBe(target.id);
      // inside the changed VM, the parts that did not change are still the old objects
      expect(row.flavor).toBe(before?.flavor);
    }
    expect(changed).toBe(1);
  });
});
