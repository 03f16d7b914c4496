/**
 * The poller with a big list that can be read by pages (fake timers, a list in memory in the service's order):
 * the visible rows as pages each tick, what a page misses read alone, and reads after an action.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { mergeById, positionsOf } from '../../src/store/engine/merge-by-id.js';
import { mergePages, type PageRead } from '../../src/store/engine/merge-page.js';
import {
  type PartialRefresh,
  Poller,
  type PollTarget,
  type SliceState,
} from '../../src/store/engine/poller.js';

type Vm = { id: number; status: string };

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** A service holding `world` (its order is the list's), whose full load takes 400 ms of fake time. */
function service(world: Vm[], visible: () => number[], o: { ignoresPaging?: boolean } = {}) {
  const load = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 400));
    return world.map((v) => ({ ...v }));
  });
  const readOne = vi.fn(async (id: number) => {
    const v = world.find((x) => x.id === id);
    return v ? { ...v } : undefined;
  });
  const readPage = vi.fn(
    async (page: number, size: number): Promise<PageRead> => ({
      offset: o.ignoresPaging ? 0 : (page - 1) * size,
      items: (o.ignoresPaging ? world : world.slice((page - 1) * size, page * size)).map((v) => ({ ...v })),
    }),
  );
  const partial: PartialRefresh<Vm[]> = {
    ids: (vms) => ({
      urgent: vms.filter((v) => v.status === 'CREATING').map((v) => v.id),
      visible: visible(),
    }),
    readOne,
    pages: { positions: (vms) => positionsOf(vms), read: readPage },
    merge: (vms, read, m) => mergePages(mergeById(vms, read, m), (m?.pages ?? []) as PageRead<Vm>[]),
  };
  const target: PollTarget<Vm[]> = { load, partial };
  const store = createStore<SliceState>(() => ({ slices: {} }));
  const poller = new Poller(store, () => target as PollTarget, {
    intervalMs: 5000,
    fastMs: 2000,
    readsPerMinute: 60, // 2 requests a 2 s tick
    costFactor: 100, // 400 ms → the full list every 40 s
  });
  const vms = () => store.getState().slices.vms?.data as Vm[];
  return { load, readOne, readPage, poller, store, vms };
}

const worldOf = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, status: 'ACTIVE' }));
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('a big list read by pages between full loads', () => {
  it('36 visible rows: one page request a tick, no single reads; any visible change shows within a tick', async () => {
    const world = worldOf(300);
    const s = service(world, () => ids(101, 36));
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    expect(s.store.getState().slices.vms?.fullEveryMs).toBe(40_000);
    const before = s.vms();
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.readPage).toHaveBeenCalledTimes(1);
    expect(s.vms()).toBe(before); // nothing changed: the same list
    for (const id of [101, 118, 136]) {
      (world[id - 1] as Vm).status = 'SHUTOFF';
      await vi.advanceTimersByTimeAsync(2000);
      expect(s.vms().find((v) => v.id === id)?.status).toBe('SHUTOFF');
    }
    expect(s.readOne).not.toHaveBeenCalled();
    expect(s.load).toHaveBeenCalledTimes(1);
    expect(s.readPage).toHaveBeenCalledTimes(4);
    s.poller.stop();
  });

  it('a VM created elsewhere on a visible page shows before the next full load, next to its neighbours', async () => {
    const world = worldOf(300);
    const s = service(world, () => ids(280, 21)); // the end of the list
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    world.push({ id: 301, status: 'CREATING' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(
      s
        .vms()
        .map((v) => v.id)
        .slice(-2),
    ).toEqual([300, 301]);
    expect(s.load).toHaveBeenCalledTimes(1);
    s.poller.stop();
  });

  it('a list shifted by deletions elsewhere: nothing removed for being off the page; the next page follows', async () => {
    const world = worldOf(300);
    const s = service(world, () => ids(101, 36));
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    world.splice(0, 20); // twenty older VMs deleted elsewhere: the visible ones are 20 places earlier
    (world.find((v) => v.id === 101) as Vm).status = 'SHUTOFF';
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.vms()).toHaveLength(300);
    expect(s.vms().find((v) => v.id === 101)?.status).toBe('ACTIVE'); // not on the page asked
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.vms().find((v) => v.id === 101)?.status).toBe('SHUTOFF'); // the page asked 20 earlier
    expect(s.readOne).not.toHaveBeenCalled();
    expect(s.readPage).toHaveBeenCalledTimes(2);
    expect(s.load).toHaveBeenCalledTimes(1);
    s.poller.stop();
  });

  it('a visible VM a page lacks is read alone in its turn: deleted elsewhere, its 404 removes it', async () => {
    const world = worldOf(300);
    const s = service(world, () => ids(101, 36));
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    world.splice(119, 1); // VM 120
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.vms().some((v) => v.id === 120)).toBe(true); // absent from a page proves nothing
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.readOne.mock.calls.map((c) => c[0])).toEqual([120]);
    expect(s.vms().some((v) => v.id === 120)).toBe(false);
    expect(s.readPage).toHaveBeenCalledTimes(2);
    s.poller.stop();
  });

  it('a service that answers a page with the whole list is no longer asked for pages', async () => {
    const s = service(worldOf(300), () => ids(101, 36), { ignoresPaging: true });
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    await vi.advanceTimersByTimeAsync(3 * 2000);
    expect(s.readPage).toHaveBeenCalledTimes(1);
    expect(s.readOne).toHaveBeenCalledTimes(4);
    s.poller.stop();
  });
});

describe('refreshAfter an action on a few VMs', () => {
  it('a big list: reads them alone (a 404 removes, a new one is added), no full load', async () => {
    const world = worldOf(300);
    const s = service(world, () => []);
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    (world[4] as Vm).status = 'STOPPING';
    world.splice(9, 1); // VM 10 deleted
    world.push({ id: 301, status: 'CREATING' });
    await s.poller.refreshAfter('vms', [5, 10, 301]);
    expect(s.load).toHaveBeenCalledTimes(1);
    expect(s.readOne.mock.calls.map((c) => c[0]).sort()).toEqual([10, 301, 5]);
    expect(s.vms().find((v) => v.id === 5)?.status).toBe('STOPPING');
    expect(s.vms().some((v) => v.id === 10)).toBe(false);
    expect(s.vms().at(-1)?.id).toBe(301);
    s.poller.stop();
  });

  it('loads whole: without ids, with more ids than a third of a minute of reads, or when a read fails', async () => {
    const s = service(worldOf(300), () => []);
    s.poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    const whole = async (p: Promise<void>, loads: number) => {
      await vi.advanceTimersByTimeAsync(400);
      await p;
      expect(s.load).toHaveBeenCalledTimes(loads);
    };
    await whole(s.poller.refreshAfter('vms'), 2);
    await whole(s.poller.refreshAfter('vms', ids(1, 21)), 3);
    s.readOne.mockRejectedValueOnce(new Error('503'));
    await whole(s.poller.refreshAfter('vms', [1]), 4);
    s.poller.stop();
  });

  it('a small list (loaded at the refresh interval) is loaded whole, as before', async () => {
    const store = createStore<SliceState>(() => ({ slices: {} }));
    const load = vi.fn(async () => worldOf(5));
    const readOne = vi.fn();
    const partial = { ids: () => ({ urgent: [], visible: [] }), readOne, merge: (d: unknown) => d };
    const poller = new Poller(store, () => ({ load, partial }), { intervalMs: 5000, fastMs: 2000 });
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(10);
    await poller.refreshAfter('vms', [1]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(readOne).not.toHaveBeenCalled();
    poller.stop();
  });
});
