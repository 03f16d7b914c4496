// An unchanged refresh re-renders nothing: the poller keeps the data's identity (structural sharing) and the
// app's hooks select the data alone. Real HTTP against the simulator; the React side is one tiny component.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { createApi } from '../../src/api/client.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { createTransport, type HttpTransport } from '../../src/api/transport.js';
import { ManualClock } from '../../src/sim/clock.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { vmAction } from '../../src/sim/world/vm-actions.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { resourcePoller } from '../../src/store/state/resources.js';
import { AppContext, type AppContextValue } from '../../src/ui/screen/context.js';
import { useData } from '../../src/ui/screen/hooks.js';
import { PLAIN_THEME } from '../../src/ui/theme.js';

let sim: Simulator | undefined;
let transport: HttpTransport | undefined;
let done: (() => void) | undefined;
afterEach(async () => {
  done?.();
  await transport?.close();
  await sim?.close();
  sim = transport = done = undefined;
});

/** Lets anything React still had queued run (to show that nothing was). */
const nextFrame = () => new Promise((r) => setTimeout(r, 20));

describe('store → hooks', () => {
  it('an unchanged refresh does not re-render a component reading useData("vms"); a change does', async () => {
    const clock = new ManualClock();
    sim = await startSimulator({ seed: 1, vmCount: 12, clock, rateLimitPerMinute: 1_000_000 });
    const store = createAppStore({ screen: 'vms', readOnly: false });
    transport = createTransport({
      baseUrl: sim.url,
      apiKey: sim.keys.admin,
      budget: new RequestBudget({ perMinute: 100_000 }),
    });
    const api = createApi(transport);
    const poller = resourcePoller(api, store, { intervalMs: 60_000, fastMs: 60_000 });

    let renders = 0;
    function Counter() {
      const vms = useData('vms');
      renders++;
      return createElement(Text, null, `${vms?.length ?? 'none'} VMs, ${vms?.[0]?.status ?? '-'}`);
    }
    const ctx: AppContextValue = {
      deps: { api, store, poller },
      theme: PLAIN_THEME,
      setScreenKeys: () => {},
    };
    const ink = render(createElement(AppContext.Provider, { value: ctx }, createElement(Counter)));
    done = () => {
      ink.unmount();
      poller.stop();
    };

    await poller.refresh('vms');
    // every VM of the world: the 12 seeded and the nodes of the clusters (VMs too)
    const total = sim.world.vms.size;
    await vi.waitFor(() => expect(ink.lastFrame()).toContain(`${total} VMs, ACTIVE`));
    await nextFrame();
    const afterLoad = renders;
    const data = store.getState().slices.vms?.data;
    const stamp = store.getState().slices.vms?.updatedAt;

    const before = sim.requestCount();
    await poller.refresh('vms');
    await poller.refresh('vms');
    await nextFrame();
    expect(sim.requestCount()).toBe(before + 2);
    expect(store.getState().slices.vms?.updatedAt).toBeGreaterThanOrEqual(stamp!);
    expect(store.getState().slices.vms?.data).toBe(data);
    expect(renders).toBe(afterLoad);

    // The control: a real change re-renders, and the VMs that did not change keep their identity.
    const first = [...sim.world.vms.values()][0]!;
    vmAction(sim.world, first, 'stop');
    await poller.refresh('vms');
    await vi.waitFor(() => expect(ink.lastFrame()).toContain(`${total} VMs, STOPPING`));
    expect(renders).toBeGreaterThan(afterLoad);
    const next = store.getState().slices.vms?.data as Vm[];
    const prev = data as Vm[];
    expect(next[0]).not.toBe(prev[0]);
    expect(next.slice(1).every((v, i) => v === prev[i + 1])).toBe(true);
  });
});
