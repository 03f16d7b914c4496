import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { mergeById } from '../../src/store/engine/merge-by-id.js';
import {
  type PartialRefresh,
  Poller,
  type PollTarget,
  type SliceState,
} from '../../src/store/engine/poller.js';
import { listInterval, pickReads, readsPerTick } from '../../src/store/engine/refresh-policy.js';

type Vm = { id: number; status: string };

describe('the full-list interval follows the cost of the last full load', () => {
  it('by bytes when counted: the refresh interval for a cheap list, grows with its size, bounded', () => {
    const base = { baseMs: 5000 };
    expect(listInterval({ ms: 2000, bytes: 160_000 }, base)).toBe(5000); // 100 VMs: every refresh
    expect(listInterval({ ms: 10, bytes: 1_600_000 }, base)).toBe(Math.round(1_600_000 / 65.536)); // ~24 s
    expect(listInterval({ ms: 10, bytes: 16_000_000 }, base)).toBe(244_141); // 10,000 VMs: ~4 min
    expect(listInterval({ ms: 10, bytes: 160_000_000 }, base)).toBe(5 * 60_000);
  });

  it('by duration without a byte count', () => {
    expect(listInterval({ ms: 10 }, { baseMs: 5000 })).toBe(5000);
    expect(listInterval({ ms: 400 }, { baseMs: 5000 })).toBe(40_000);
    expect(listInterval({ ms: 800 }, { baseMs: 5000 })).toBe(2 * listInterval({ ms: 400 }, { baseMs: 5000 }));
    expect(listInterval({ ms: 400 }, { baseMs: 5000, factor: 10, maxMs: 3000 })).toBe(5000);
  });

  it('reads per tick stay within the reads budget, at least one', () => {
    expect(readsPerTick(60, 2000)).toBe(2);
    expect(readsPerTick(60, 5000)).toBe(5);
    expect(readsPerTick(1, 2000)).toBe(1);
  });
});

describe('which VMs are read alone', () => {
  it('urgent VMs on screen first, then urgent and visible in turn, least recently read first, at most the cap', () => {
    const last = new Map([
      [1, 100],
      [2, 50],
      [10, 10],
    ]);
    expect(pickReads([1, 2], [10, 11, 12], last, 3)).toEqual([2, 11, 1]);
    expect(pickReads([1, 12], [10, 11, 12], last, 3)).toEqual([12, 1, 11]);
    expect(pickReads([1], [1, 10], last, 5)).toEqual([1, 10]);
    expect(pickReads([], [10, 11], new Map(), 0)).toEqual([]);
  });

  it('many VMs changing state off screen do not starve the visible ones', () => {
    const moving = Array.from({ length: 100 }, (_, i) => 1000 + i);
    expect(pickReads(moving, [1, 2], new Map(), 2)).toEqual([1000, 1]);
  });
});

describe('mergeById', () => {
  const list = [
    { id: 1, status: 'ACTIVE', flavor: { name: 'a' } },
    { id: 2, status: 'ACTIVE', flavor: { name: 'b' } },
  ];
  it('keeps the very list when what was read is unchanged', () => {
    expect(mergeById(list, new Map([[2, structuredClone(list[1])]]))).toBe(list);
  });
  it('replaces a changed item, sharing its unchanged parts, and keeps the others identical', () => {
    const out = mergeById(list, new Map([[2, { id: 2, status: 'SHUTOFF', flavor: { name: 'b' } }]]));
    expect(out).not.toBe(list);
    expect(out[0]).toBe(list[0]);
    expect(out[1]).toMatchObject({ status: 'SHUTOFF' });
    expect(out[1]?.flavor).toBe(list[1]?.flavor);
  });
  it('removes an item the service says is gone, and ignores one it does not hold', () => {
    expect(mergeById(list, new Map<number, unknown>([[1, undefined]])).map((v) => v.id)).toEqual([2]);
    expect(mergeById(list, new Map([[9, { id: 9, status: 'ACTIVE' }]]))).toBe(list);
  });
});

describe('Poller with a big list', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  /** A list whose full load takes `costMs` (of fake time); single reads answer from `world`. */
  function bigList(world: Map<number, Vm>, costMs: number, visible: () => number[]) {
    const load = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, costMs));
      return [...world.values()].map((v) => ({ ...v }));
    });
    const readOne = vi.fn(async (id: number) => {
      const v = world.get(id);
      return v ? { ...v } : undefined;
    });
    const partial: PartialRefresh<Vm[]> = {
      ids: (vms) => ({
        urgent: vms.filter((v) => v.status === 'CREATING').map((v) => v.id),
        visible: visible(),
      }),
      readOne,
      merge: (vms, read) => mergeById(vms, read),
    };
    const target: PollTarget<Vm[]> = {
      load,
      partial,
      transitioning: (vms) => vms.some((v) => v.status === 'CREATING'),
    };
    return { load, readOne, target: target as PollTarget };
  }

  function setup(target: PollTarget, readsPerMinute = 60) {
    const store = createStore<SliceState>(() => ({ slices: {} }));
    const poller = new Poller(store, () => target, { intervalMs: 5000, fastMs: 2000, readsPerMinute });
    return { store, poller, vms: () => store.getState().slices.vms?.data as Vm[] };
  }

  const world = () => new Map(Array.from({ length: 50 }, (_, i) => [i + 1, { id: i + 1, status: 'ACTIVE' }]));

  it('reads the visible and transitional VMs at the fast rate and loads the list whole only when due', async () => {
    const w = world();
    w.set(7, { id: 7, status: 'CREATING' });
    const { load, readOne, target } = bigList(w, 400, () => [1, 2, 3]);
    const { store, poller, vms } = setup(target);
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getState().slices.vms?.fullEveryMs).toBe(40_000); // 400 ms × 100

    // A change to a visible VM and to the transitional one shows within the fast ticks, without a full load.
    w.set(2, { id: 2, status: 'SHUTOFF' });
    w.set(7, { id: 7, status: 'ACTIVE' });
    const untouched = vms()[30];
    await vi.advanceTimersByTimeAsync(2 * 2000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(vms().find((v) => v.id === 7)?.status).toBe('ACTIVE');
    expect(vms().find((v) => v.id === 2)?.status).toBe('SHUTOFF');
    expect(vms()[30]).toBe(untouched);
    // only urgent and visible VMs were read, two per 2 s tick (60 a minute)
    const readIds = new Set(readOne.mock.calls.map((c) => c[0]));
    expect([...readIds].every((id) => [1, 2, 3, 7].includes(id))).toBe(true);
    expect(readOne.mock.calls.length).toBeLessThanOrEqual(4);

    // A creation by someone else appears with the next full load, within the full-list interval.
    w.set(99, { id: 99, status: 'ACTIVE' });
    await vi.advanceTimersByTimeAsync(40_000 + 2000 + 400);
    expect(load).toHaveBeenCalledTimes(2);
    expect(vms().some((v) => v.id === 99)).toBe(true);
    poller.stop();
  });

  it('`r` (refresh) forces a full load at once', async () => {
    const w = world();
    const { load, target } = bigList(w, 400, () => [1]);
    const { poller, vms } = setup(target);
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    w.set(60, { id: 60, status: 'ACTIVE' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(1);
    const done = poller.refresh('vms');
    await vi.advanceTimersByTimeAsync(400);
    await done;
    expect(load).toHaveBeenCalledTimes(2);
    expect(vms().some((v) => v.id === 60)).toBe(true);
    poller.stop();
  });

  it('a VM read alone and found gone leaves the list', async () => {
    const w = world();
    const { target } = bigList(w, 400, () => [5]);
    const { poller, vms } = setup(target);
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    w.delete(5);
    await vi.advanceTimersByTimeAsync(2000);
    expect(vms().some((v) => v.id === 5)).toBe(false);
    poller.stop();
  });

  it('a cheap list is loaded whole at the refresh interval, with no single reads', async () => {
    const { load, readOne, target } = bigList(world(), 10, () => [1, 2]);
    const { store, poller } = setup(target);
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState().slices.vms?.fullEveryMs).toBe(5000);
    await vi.advanceTimersByTimeAsync(3 * 5010);
    expect(load).toHaveBeenCalledTimes(4);
    expect(readOne).not.toHaveBeenCalled();
    poller.stop();
  });

  it('every visible VM gets its turn within ceil(visible / reads per tick) ticks', async () => {
    const { readOne, target } = bigList(world(), 400, () => [1, 2, 3, 4, 5, 6]);
    const { poller } = setup(target, 60); // 2 reads per 2 s tick
    poller.watch(['vms']);
    await vi.advanceTimersByTimeAsync(400);
    await vi.advanceTimersByTimeAsync(3 * 2000);
    expect(new Set(readOne.mock.calls.map((c) => c[0]))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(readOne).toHaveBeenCalledTimes(6);
    poller.stop();
  });
});
