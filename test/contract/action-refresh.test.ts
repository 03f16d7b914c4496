/**
 * What an action on one VM reloads, through the VM actions, the real client and the simulator over HTTP: with a
 * big list, that VM alone (its row shows the new state, the list is not downloaded again); with a small one, the
 * list whole, as always.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vmCommand } from '../../src/store/actions/vm-actions.js';
import type { Poller, PollerOptions } from '../../src/store/engine/poller.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { type ResourceKey, readData, resourcePoller } from '../../src/store/state/resources.js';
import { type SimClient, startSimClient, vmBody } from '../support/sim-client.js';

let s: SimClient;
let poller: Poller<ResourceKey> | undefined;
beforeEach(async () => {
  s = await startSimClient({ vmCount: 200, rateLimitPerMinute: 0 });
});
afterEach(async () => {
  poller?.stop();
  await s.close();
});

const LIST = '/core/virtual-machines';

/** Stops one ACTIVE VM of ours through the VMs screen's action (its confirm answered), once the list is loaded. */
async function stopOne(opts: PollerOptions) {
  const [made] = await s.api.vms.create(vmBody('to-stop'));
  s.clock.advance(10 * 60_000);
  const id = made?.id as number;
  const store = createAppStore({ screen: 'vms', readOnly: false });
  poller = resourcePoller(s.api, store, opts);
  poller.watch(['vms']);
  await vi.waitFor(() => expect(readData(store, 'vms')?.find((v) => v.id === id)?.status).toBe('ACTIVE'));
  const vm = readData(store, 'vms')?.find((v) => v.id === id);
  const mark = s.exchanges.length;
  vmCommand({ api: s.api, store, poller }, vm!, 'stop');
  // the stop dialog says what the stopped VM keeps costing: it opens once the prices are in
  await vi.waitFor(() => expect(store.getState().modal?.kind).toBe('confirm'));
  const modal = store.getState().modal;
  if (modal?.kind !== 'confirm') throw new Error('stop asks first');
  modal.onConfirm();
  await vi.waitFor(() => expect(store.getState().pending[`vm:${id}`]).toBeUndefined());
  const after = s.exchanges.slice(mark).filter((x) => x.method === 'GET');
  return {
    status: readData(store, 'vms')?.find((v) => v.id === id)?.status,
    simStatus: s.sim.world.vms.get(id)?.status,
    listLoads: after.filter((x) => x.path === LIST).length,
    singleReads: after.filter((x) => x.path === `${LIST}/${id}`).length,
    stops: after.filter((x) => x.path === `${LIST}/${id}/stop`).length,
  };
}

// No tick runs during the action (fast = refresh interval = 1 min): every request seen is the action's.
const QUIET = { intervalMs: 60_000, fastMs: 60_000 };

describe('an action on one VM', () => {
  it('of a big list: that VM is read alone, its row shows the new state, the list is not loaded again', async () => {
    const r = await stopOne({ ...QUIET, costFactor: 1e9, maxListMs: 10 * 60_000 });
    expect(r).toEqual({ status: 'STOPPING', simStatus: 'STOPPING', listLoads: 0, singleReads: 1, stops: 1 });
  });

  it('of a small list: the list is loaded whole, as before', async () => {
    const r = await stopOne(QUIET);
    expect(r).toEqual({ status: 'STOPPING', simStatus: 'STOPPING', listLoads: 1, singleReads: 0, stops: 1 });
  });
});
