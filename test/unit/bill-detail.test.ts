/** One resource's bill is read whole: a part that fails is said beside the others; nothing read at all is an error. */
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { loadBill } from '../../src/store/state/bill-detail.js';

const row = {
  id: 7,
  name: 'gpu-7',
  status: 'ACTIVE',
  contractId: null,
  bill: 12,
  listBill: 15,
  pricePerHour: 1,
  hours: 12,
};

function api(fail: readonly string[]): Api {
  const or = <T>(name: string, v: T) =>
    fail.includes(name) ? Promise.reject(new Error(`${name} down`)) : Promise.resolve(v);
  const kind = { detail: () => or('bill', row), list: () => or('list', { rows: [row], total: 1 }) };
  return {
    billingHistory: {
      kinds: { 'virtual-machine': kind, volume: kind, snapshot: kind, cluster: kind, bucket: kind },
      vmEvents: () =>
        or('events', [
          {
            event: 'ACTIVE',
            start: '2026-11-20T00:00:00',
            event_duration: 3,
            price_per_hour: 1,
            total_cost: 3,
          },
        ]),
      vmSubResources: () => or('sub-resources', { totals: { gpu: 10, cpu: 2 }, graphs: {} }),
      vmSubResourceGraph: () =>
        or('sub-resource graph', { totals: { gpu: 10 }, graphs: { gpu: [{ datetime: 'x', value: 1 }] } }),
    },
  } as unknown as Api;
}

const q = { kind: 'virtual-machine' as const, id: 7, start: 0, end: 3_600_000 };
const signal = new AbortController().signal;

describe('loadBill', () => {
  it('a VM: its bill, events, sub-resource totals (from the costs) and hourly points (from the graph)', async () => {
    const d = await loadBill(api([]), q, signal);
    expect(d.row).toEqual(row);
    expect(d.events).toHaveLength(1);
    expect(d.parts).toEqual({ totals: { gpu: 10, cpu: 2 }, graphs: { gpu: [{ datetime: 'x', value: 1 }] } });
    expect(d.errors).toEqual([]);
  });

  it('a part that fails is said, the others kept', async () => {
    const d = await loadBill(api(['events']), q, signal);
    expect(d.row).toEqual(row);
    expect(d.events).toBeUndefined();
    expect(d.errors).toEqual(['events: events down']);
  });

  it('nothing read: the error, so the slice keeps its last good detail', async () => {
    await expect(
      loadBill(api(['bill', 'events', 'sub-resources', 'sub-resource graph']), q, signal),
    ).rejects.toThrow('bill down');
  });
});
