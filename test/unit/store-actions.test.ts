import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { type Api, createApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { createTransport, type HttpTransport } from '../../src/api/transport.js';
import { ManualClock } from '../../src/sim/clock.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { type ActionDeps, failureText, mutate, runAction } from '../../src/store/actions/mutate.js';
import { Poller } from '../../src/store/engine/poller.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { type ResourceKey, resourcePoller } from '../../src/store/state/resources.js';

let sim: Simulator | undefined;
let transport: HttpTransport | undefined;
let poller: Poller<ResourceKey> | undefined;
afterEach(async () => {
  poller?.stop();
  await transport?.close();
  await sim?.close();
  sim = transport = poller = undefined;
});

async function setup(readOnly: boolean): Promise<ActionDeps & { sim: Simulator; clock: ManualClock }> {
  const clock = new ManualClock();
  sim = await startSimulator({ seed: 1, vmCount: 8, clock, rateLimitPerMinute: 1_000_000 });
  const store = createAppStore({ screen: 'vms', readOnly });
  transport = createTransport({
    baseUrl: sim.url,
    apiKey: sim.keys.admin,
    budget: new RequestBudget({ perMinute: 100_000 }),
  });
  const api = createApi(transport);
  poller = resourcePoller(api, store, { intervalMs: 60_000, fastMs: 60_000 });
  return { api, store, poller, sim, clock };
}

describe('runAction', () => {
  it('refuses a mutation in read-only mode without calling the api', async () => {
    const deps = await setup(true);
    const vm = [...deps.sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    const call = vi.fn((api: Api) => api.vms.stop(vm.id));
    const refresh = vi.spyOn(deps.poller, 'refresh');
    const before = deps.sim.requestCount();
    const result = await runAction(deps, call, {
      doing: `Stopping ${vm.name}`,
      done: 'stopped',
      refresh: ['vms'],
      pending: { key: `vm:${vm.id}`, label: 'STOPPING', from: 'ACTIVE' },
    });
    expect(result).toBeUndefined();
    expect(call).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    expect(deps.sim.requestCount()).toBe(before);
    expect(deps.sim.world.vms.get(vm.id)?.status).toBe('ACTIVE');
    expect(deps.store.getState().status).toMatchObject({
      text: `read-only (--read-only): "stopping ${vm.name}" is not allowed`,
      tone: 'error',
    });
    expect(deps.store.getState().pending).toEqual({});
  });

  it('still runs what is not a mutation in read-only mode', async () => {
    const deps = await setup(true);
    const result = await runAction(deps, (api) => api.vms.listAll(), {
      doing: 'Listing',
      done: 'listed',
      refresh: [],
      mutation: false,
    });
    // every VM of the world: the 8 seeded and the nodes of the clusters (VMs too)
    expect(result).toHaveLength(deps.sim.world.vms.size);
    expect(deps.store.getState().status?.tone).toBe('ok');
  });

  it('sends a mutation once, refreshes, and ends the pending mark with the refresh', async () => {
    const deps = await setup(false);
    const vm = [...deps.sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    const call = vi.fn((api: Api) => api.vms.stop(vm.id));
    const p = runAction(deps, call, {
      doing: `Stopping ${vm.name}`,
      done: `Stop requested for ${vm.name}`,
      refresh: ['vms'],
      pending: { key: `vm:${vm.id}`, label: 'STOPPING', from: 'ACTIVE' },
    });
    expect(deps.store.getState().pending[`vm:${vm.id}`]?.label).toBe('STOPPING');
    await p;
    expect(call).toHaveBeenCalledTimes(1);
    const listed = deps.store.getState().slices.vms?.data as Array<{ id: number; status: string }>;
    expect(listed.find((v) => v.id === vm.id)?.status).toBe('STOPPING');
    expect(deps.store.getState().pending).toEqual({});
    expect(deps.store.getState().status?.text).toContain(`Stop requested for ${vm.name}`);
  });

  it('shows the service’s own message when it refuses, and drops the pending mark', async () => {
    const deps = await setup(false);
    const vm = [...deps.sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    await runAction(deps, (api) => api.vms.start(vm.id), {
      doing: `Starting ${vm.name}`,
      done: 'started',
      refresh: ['vms'],
      pending: { key: `vm:${vm.id}`, label: 'STARTING', from: 'ACTIVE' },
    });
    const status = deps.store.getState().status!;
    expect(status.tone).toBe('error');
    expect(status.text).toMatch(
      new RegExp(`^Starting ${vm.name} failed: VM ${vm.name} .+ \\(HTTP \\d{3}\\)$`),
    );
    expect(deps.store.getState().pending).toEqual({});
  });
});

describe('failureText', () => {
  it('puts the service’s message first, else keeps the client’s message', () => {
    const http = new ApiError({
      kind: 'http',
      status: 409,
      method: 'GET',
      path: '/core/virtual-machines/1/start',
      serviceMessage: 'VM a is ACTIVE',
    });
    expect(failureText(http)).toBe('VM a is ACTIVE (HTTP 409)');
    const net = new ApiError({ kind: 'network', method: 'GET', path: '/x', serviceMessage: 'ECONNRESET' });
    expect(failureText(net)).toBe(net.message);
    expect(failureText(new Error('boom'))).toBe('boom');
  });
});

describe('Poller.refreshAfter', () => {
  it('does not join a request that started before it: it waits for it and sends a new one', async () => {
    const { createStore } = await import('zustand/vanilla');
    const store = createStore<{ slices: Record<string, never> }>(() => ({ slices: {} }));
    const answers: Array<(v: string) => void> = [];
    const load = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const p = new Poller(store, () => ({ load }), { intervalMs: 60_000 });
    const first = p.refresh('k');
    const after = p.refreshAfter('k');
    const joined = p.refresh('k');
    expect(load).toHaveBeenCalledTimes(1);
    answers[0]!('old');
    await first;
    await joined;
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    answers[1]!('new');
    await after;
    expect(store.getState().slices.k).toMatchObject({ data: 'new', status: 'ok' });
    p.stop();
  });
});

describe('mutate after an unknown outcome', () => {
  it('says "reloading the list…", then that the list is reloaded (never "reloading" for ever)', async () => {
    const deps = await setup(false);
    const lost = new ApiError({ kind: 'network', method: 'POST', path: '/core/firewalls', stage: 'sent' });
    expect(lost.outcomeUnknown).toBe(true);
    const said: string[] = [];
    deps.store.subscribe((s, prev) => {
      if (s.status !== prev.status && s.status) said.push(s.status.text);
    });
    await expect(
      mutate(deps, () => Promise.reject(lost), {
        doing: 'Creating firewall fw-1',
        done: 'created',
        refresh: ['vms'],
      }),
    ).rejects.toBe(lost);
    await vi.waitFor(() => expect(said.at(-1)).toMatch(/outcome unknown, the list is reloaded/));
    expect(said).toEqual([
      'Creating firewall fw-1…',
      'Creating firewall fw-1: outcome unknown, reloading the list… (the connection closed before the answer)',
      'Creating firewall fw-1: outcome unknown, the list is reloaded: check it before sending again (the connection closed before the answer)',
    ]);
  });
});
