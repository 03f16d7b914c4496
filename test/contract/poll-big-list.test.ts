/**
 * The poller's policy for a big VM list, through the real client against the simulator over HTTP: between full
 * loads only the VMs on screen (and changing state) are read alone; a change to one of them shows without a full
 * load, a creation by another client shows with the next full load. Short real intervals, the simulator's clock
 * for its state machines; no assert on absolute times.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vm } from '../../src/api/schemas/vm.js';
import type { Poller } from '../../src/store/engine/poller.js';
import { type AppStore, createAppStore, ui } from '../../src/store/state/app-store.js';
import { type ResourceKey, readData, resourcePoller } from '../../src/store/state/resources.js';
import { type SimClient, startSimClient, vmBody } from '../support/sim-client.js';

let s: SimClient;
let poller: Poller<ResourceKey>;
beforeEach(async () => {
  s = await startSimClient({ vmCount: 400 });
});
afterEach(async () => {
  poller?.stop();
  await s.close();
});

const FULL_EVERY = 1500;

/** Two VMs of our own, ACTIVE (the seeded ones may be locked or being snapshotted). */
async function twoActiveVms(): Promise<[number, number]> {
  const [a, b] = await s.api.vms.create(vmBody('watched', { count: 2 }));
  s.clock.advance(10 * 60_000);
  return [a!.id, b!.id];
}

/** A poller that counts every list as big (a cost factor that high), so it loads the whole list every `fullEveryMs`. */
const bigListPoller = (store: AppStore, fullEveryMs: number) =>
  resourcePoller(s.api, store, {
    intervalMs: 100,
    fastMs: 50,
    readsPerMinute: 60 * 60,
    costFactor: 1e9,
    maxListMs: fullEveryMs,
  });

describe('a big VM list refreshed in part', () => {
  it('reads the visible VMs alone between full loads; a creation by another client comes with a full load', async () => {
    const store = createAppStore({ screen: 'vms', readOnly: false });
    poller = bigListPoller(store, FULL_EVERY);
    const [shown, hidden] = await twoActiveVms();
    ui.setVisibleIds(store, 'vms', [shown]);
    const listLoads = () =>
      s.exchanges.filter((x) => x.method === 'GET' && x.path === '/core/virtual-machines').length;
    const readsOf = (id: number) =>
      s.exchanges.filter((x) => x.path === `/core/virtual-machines/${id}`).length;
    const vm = (id: number) => readData(store, 'vms')?.find((v: Vm) => v.id === id);

    poller.watch(['vms']);
    await vi.waitFor(() => expect(readData(store, 'vms')).toBeDefined());
    expect(store.getState().slices.vms?.fullEveryMs).toBe(FULL_EVERY);
    const loadsBefore = listLoads();
    const untouched = vm(hidden);

    // Another client stops the visible VM and the hidden one.
    const other = s.client().api;
    await other.vms.stop(shown);
    await other.vms.stop(hidden);
    s.clock.advance(10 * 60_000);

    await vi.waitFor(() => expect(vm(shown)?.status).toBe('SHUTOFF'));
    // …seen by a single read, not by loading the list again; the hidden VM was never read alone.
    expect(listLoads()).toBe(loadsBefore);
    expect(readsOf(shown)).toBeGreaterThan(0);
    expect(readsOf(hidden)).toBe(0);
    expect(vm(hidden)).toBe(untouched);

    // A creation by another client appears with the next full load, which also brings the hidden VM's change.
    const [created] = await other.vms.create(vmBody('made-elsewhere'));
    await vi.waitFor(() => expect(vm(created!.id)).toBeDefined(), { timeout: 4 * FULL_EVERY });
    expect(listLoads()).toBe(loadsBefore + 1);
    expect(vm(hidden)?.status).toBe('SHUTOFF');
  });

  it('a visible VM deleted by another client leaves the list at its next single read', async () => {
    const store = createAppStore({ screen: 'vms', readOnly: false });
    poller = bigListPoller(store, 60_000);
    const [id] = await twoActiveVms();
    ui.setVisibleIds(store, 'vms', [id]);
    poller.watch(['vms']);
    await vi.waitFor(() => expect(readData(store, 'vms')?.some((v) => v.id === id)).toBe(true));
    await s.client().api.vms.delete(id);
    s.clock.advance(10 * 60_000);
    await vi.waitFor(() => expect(readData(store, 'vms')?.some((v) => v.id === id)).toBe(false));
    expect(s.exchanges.filter((x) => x.method === 'GET' && x.path === '/core/virtual-machines')).toHaveLength(
      1,
    );
  });
});
