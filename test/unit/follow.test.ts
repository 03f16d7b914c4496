/**
 * Following what an action set moving: the list is followed (Poller.follow) until the items settle, then the status
 * line says so once, with the time it took; an action that has not shown yet is not taken for its outcome.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vm } from '../../src/api/schemas/vm.js';
import { followCluster, followSnapshot, followVms } from '../../src/store/actions/follow-kinds.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { type AppStore, createAppStore } from '../../src/store/state/app-store.js';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

function setup() {
  const store = createAppStore({ screen: 'vms', readOnly: false });
  const follows: string[] = [];
  let released = 0;
  const poller = {
    follow: (key: string) => {
      follows.push(key);
      return () => void released++;
    },
  };
  const deps = { store, poller, api: {} } as unknown as ActionDeps;
  return { store, deps, follows, released: () => released };
}

const put = (store: AppStore, key: string, data: unknown) =>
  store.setState((s) => ({
    slices: {
      ...s.slices,
      [key]: { data, status: 'ok', error: undefined, updatedAt: Date.now(), failures: 0 },
    },
  }));
const vm = (status: string, over: Partial<Vm> = {}): Vm => ({ id: 7, name: 'ux-test', status, ...over });
const status = (store: AppStore) => store.getState().status;

describe('follow', () => {
  it('a new VM: followed fast until ACTIVE, then said once with the time and the ssh key', () => {
    const { store, deps, follows, released } = setup();
    put(store, 'vms', [vm('CREATING')]);
    followVms(deps, [vm('CREATING')]);
    expect(follows).toEqual(['vms']);
    vi.advanceTimersByTime(20_000);
    put(store, 'vms', [vm('BUILD')]);
    expect(status(store)).toBeNull();
    vi.advanceTimersByTime(2_000);
    put(store, 'vms', [vm('ACTIVE', { floating_ip: '1.2.3.4' })]);
    expect(status(store)).toMatchObject({
      text: 'VM ux-test is ACTIVE after 22 s — C copies ssh',
      tone: 'ok',
    });
    expect(released()).toBe(1);
    // once: later changes say nothing
    store.setState({ status: null });
    put(store, 'vms', [vm('SHUTOFF')]);
    expect(status(store)).toBeNull();
  });

  it('an action not shown yet in the data is not its outcome: a stop of an ACTIVE VM waits for SHUTOFF', () => {
    const { store, deps } = setup();
    put(store, 'vms', [vm('ACTIVE')]);
    followVms(deps, [vm('ACTIVE')], 'ACTIVE');
    put(store, 'vms', [vm('ACTIVE')]);
    expect(status(store)).toBeNull();
    put(store, 'vms', [vm('STOPPING')]);
    vi.advanceTimersByTime(8_000);
    put(store, 'vms', [vm('SHUTOFF')]);
    expect(status(store)?.text).toBe('VM ux-test is SHUTOFF after 8 s');
  });

  it('a hard reboot (ACTIVE → REBOOTING → ACTIVE) settles once it has moved; ERROR is said as an error', () => {
    const { store, deps } = setup();
    put(store, 'vms', [vm('ACTIVE')]);
    followVms(deps, [vm('ACTIVE')], 'ACTIVE');
    put(store, 'vms', [vm('REBOOTING')]);
    put(store, 'vms', [vm('ERROR')]);
    expect(status(store)).toMatchObject({ text: 'VM ux-test is ERROR after 1 s', tone: 'error' });
  });

  it('several VMs: said once all have settled, each state counted', () => {
    const { store, deps } = setup();
    const two = [vm('CREATING'), vm('CREATING', { id: 8, name: 'ux-2' })];
    followVms(deps, two);
    put(store, 'vms', [vm('ACTIVE'), vm('CREATING', { id: 8 })]);
    expect(status(store)).toBeNull();
    vi.advanceTimersByTime(61_000);
    put(store, 'vms', [vm('ACTIVE'), vm('ERROR', { id: 8 })]);
    expect(status(store)?.text).toBe('2 VMs are 1 ACTIVE, 1 ERROR after 1m');
  });

  it('a snapshot, from a list not loaded yet: SUCCESS; a delete: gone is its outcome', () => {
    const { store, deps, follows } = setup();
    followSnapshot(deps, { id: 3, name: 'nightly' });
    expect(follows).toEqual(['snapshots']);
    vi.advanceTimersByTime(42_000);
    put(store, 'snapshots', [{ id: 3, name: 'nightly', status: 'SUCCESS' }]);
    expect(status(store)?.text).toBe('snapshot nightly is SUCCESS after 42 s');
    followSnapshot(deps, { id: 3, name: 'nightly' }, 'SUCCESS');
    vi.advanceTimersByTime(5_000);
    put(store, 'snapshots', []);
    expect(status(store)?.text).toBe('snapshot nightly is deleted after 5 s');
  });

  it('a cluster changing its node groups: RECONCILING, then ACTIVE again', () => {
    const { store, deps } = setup();
    const c = { id: 4, name: 'k8s', status: 'ACTIVE', is_reconciling: false };
    put(store, 'clusters', [c]);
    followCluster(deps, c, 'ACTIVE');
    put(store, 'clusters', [c]);
    expect(status(store)).toBeNull();
    put(store, 'clusters', [{ ...c, is_reconciling: true }]);
    vi.advanceTimersByTime(40_000);
    put(store, 'clusters', [c]);
    expect(status(store)?.text).toBe('cluster k8s is ACTIVE after 40 s');
  });

  it('a cluster being deleted: DELETING is not its outcome, gone is', () => {
    const { store, deps } = setup();
    const c = { id: 5, name: 'old-k8s', status: 'ACTIVE', is_reconciling: false };
    put(store, 'clusters', [c]);
    followCluster(deps, c, 'ACTIVE');
    put(store, 'clusters', [{ ...c, status: 'DELETING' }]);
    expect(status(store)).toBeNull();
    vi.advanceTimersByTime(90_000);
    put(store, 'clusters', []);
    expect(status(store)?.text).toBe('cluster old-k8s is deleted after 1m');
  });

  it('gives up (silently) on what never shows: an action the data never shows, a new item never listed', () => {
    const { store, deps, released } = setup();
    put(store, 'vms', [vm('ACTIVE')]);
    followVms(deps, [vm('ACTIVE')], 'ACTIVE');
    followSnapshot(deps, { id: 9, name: 'never' });
    vi.advanceTimersByTime(61_000);
    put(store, 'vms', [vm('ACTIVE')]);
    put(store, 'snapshots', []);
    expect(released()).toBe(2);
    expect(status(store)).toBeNull();
  });
});
