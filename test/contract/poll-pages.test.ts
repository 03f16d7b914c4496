/**
 * The rows on screen of a big VM list read as pages of the list, through the real client against the simulator
 * over HTTP: a change to a settled visible row shows at the next tick or so, from page requests alone (none per
 * row), without loading the list again. The simulator's routes are wrapped to see each request's query.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../src/sim/routes/index.js';
import type { Poller } from '../../src/store/engine/poller.js';
import { createAppStore, ui } from '../../src/store/state/app-store.js';
import { type ResourceKey, readData, resourcePoller } from '../../src/store/state/resources.js';
import { type SimClient, startSimClient, vmBody } from '../support/sim-client.js';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
}
const seen: Seen[] = [];
const logged = routes.map((r) => ({
  ...r,
  handle: (req: Parameters<typeof r.handle>[0], world: Parameters<typeof r.handle>[1]) => {
    seen.push({ method: req.method, path: req.path, query: new URLSearchParams(req.query) });
    return r.handle(req, world);
  },
}));

let s: SimClient;
let poller: Poller<ResourceKey> | undefined;
beforeEach(async () => {
  seen.length = 0;
  s = await startSimClient({ vmCount: 400, routes: logged, rateLimitPerMinute: 0 });
  s.clock.advance(60 * 60_000); // every seeded VM settled
});
afterEach(async () => {
  poller?.stop();
  await s.close();
});

const LIST = '/core/virtual-machines';
const lists = (from: number) => seen.slice(from).filter((x) => x.method === 'GET' && x.path === LIST);
const pageReads = (from: number) => lists(from).filter((x) => x.query.has('page'));
const fullLoads = (from: number) => lists(from).filter((x) => !x.query.has('page'));
const singleReads = (from: number, ids: readonly number[]) =>
  seen.slice(from).filter((x) => ids.some((id) => x.path === `${LIST}/${id}`));

describe('a big VM list: the visible rows read as pages', () => {
  it('a settled visible VM stopped by another client shows within about a tick, from page reads only', async () => {
    const store = createAppStore({ screen: 'vms', readOnly: false });
    poller = resourcePoller(s.api, store, {
      intervalMs: 1000,
      fastMs: 200,
      readsPerMinute: 600, // 2 requests a 200 ms tick, as 60 a minute are at the default 2 s
      costFactor: 1e9,
      maxListMs: 60_000, // the full list is not due again during the test
    });
    poller.watch(['vms']);
    await vi.waitFor(() => expect(store.getState().slices.vms?.fullEveryMs).toBe(60_000));
    const list = readData(store, 'vms') ?? [];
    expect(list.length).toBeGreaterThanOrEqual(400);
    // 36 rows on screen, in the list's order (the table's default), all settled
    const visible = list.slice(200, 236).map((v) => v.id);
    ui.setVisibleIds(store, 'vms', visible);
    const target = list.slice(200, 236).find((v) => v.status === 'ACTIVE');
    expect(target).toBeDefined();
    const id = target?.id as number;
    await vi.waitFor(() => expect(pageReads(0).length).toBeGreaterThan(0));

    const mark = seen.length;
    await s.client().api.vms.stop(id);
    s.clock.advance(10 * 60_000);
    await vi.waitFor(() => expect(readData(store, 'vms')?.find((v) => v.id === id)?.status).toBe('SHUTOFF'));

    // at most the page read in flight when it changed and the next one: about one tick
    expect(pageReads(mark).length).toBeLessThanOrEqual(2);
    for (const p of pageReads(mark)) expect(Number(p.query.get('pageSize'))).toBeLessThanOrEqual(72);
    // no request per row, no full load
    expect(singleReads(mark, visible)).toEqual([]);
    expect(fullLoads(mark)).toEqual([]);
    expect(fullLoads(0)).toHaveLength(1);
  });

  it('scrolled to the end: a VM created by another client shows without a full load', async () => {
    const store = createAppStore({ screen: 'vms', readOnly: false });
    poller = resourcePoller(s.api, store, {
      intervalMs: 1000,
      fastMs: 200,
      readsPerMinute: 600,
      costFactor: 1e9,
      maxListMs: 60_000,
    });
    poller.watch(['vms']);
    await vi.waitFor(() => expect(store.getState().slices.vms?.fullEveryMs).toBe(60_000));
    const list = readData(store, 'vms') ?? [];
    ui.setVisibleIds(
      store,
      'vms',
      list.slice(-30).map((v) => v.id),
    );
    const [made] = await s.client().api.vms.create(vmBody('made-elsewhere'));
    await vi.waitFor(() => expect(readData(store, 'vms')?.at(-1)?.id).toBe(made?.id));
    expect(fullLoads(0)).toHaveLength(1);
  });
});
