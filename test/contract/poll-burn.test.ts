/**
 * The header's burn rate ("burn", the dashboard polled slowly on every screen) and a screen that polls the
 * dashboard itself (stock, billing): one request for the same data, through the poller, the real client and the
 * simulator over HTTP.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Poller } from '../../src/store/engine/poller.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { type ResourceKey, readData, resourcePoller } from '../../src/store/state/resources.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

let s: SimClient;
let poller: Poller<ResourceKey> | undefined;
beforeEach(async () => {
  s = await startSimClient({ rateLimitPerMinute: 0 });
});
afterEach(async () => {
  poller?.stop();
  await s.close();
});

const WAIT = { timeout: 10_000 };
const dashboardReads = () =>
  s.exchanges.filter((x) => x.method === 'GET' && x.path === '/core/dashboard').length;

function start() {
  const store = createAppStore({ screen: 'stock', readOnly: false });
  // No tick during the test: every request seen is a first load.
  poller = resourcePoller(s.api, store, { intervalMs: 60_000, fastMs: 60_000 });
  return { store, poller };
}

describe('the burn rate', () => {
  it('is the dashboard the screen just loaded: no second request', async () => {
    const { store, poller } = start();
    poller.watch(['dashboard']);
    await vi.waitFor(() => expect(readData(store, 'dashboard')).toBeDefined(), WAIT);
    poller.watch(['dashboard', 'burn']);
    await vi.waitFor(() => expect(readData(store, 'burn')).toBeDefined(), WAIT);
    expect(readData(store, 'burn')).toEqual(readData(store, 'dashboard'));
    expect(dashboardReads()).toBe(1);
  });

  it('is loaded on its own where the screen does not poll the dashboard', async () => {
    const { store, poller } = start();
    poller.watch(['burn']);
    await vi.waitFor(() => expect(readData(store, 'burn')).toBeDefined(), WAIT);
    expect(dashboardReads()).toBe(1);
  });
});
