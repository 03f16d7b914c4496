/**
 * Contract: credit and billing alerts, the client against the simulator over HTTP. The credit is used up by what
 * is billed as the sim clock runs; thresholds are subscribed and unsubscribed; a VM's and a volume's hourly cost
 * graph covers the period asked, whose dates go on the wire as `YYYY-MM-DDTHH:MM:SS`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { createApi } from '../../src/api/client.js';
import { accountHistory } from '../../src/api/endpoints/credit.js';
import { createTransport } from '../../src/api/transport.js';
import { apiError, type SimClient, startSimClient, TEST_RETRY } from '../support/sim-client.js';

const HOUR = 3_600_000;
let s: SimClient;
beforeAll(async () => {
  s = await startSimClient();
});
afterAll(async () => {
  await s.close();
});

describe('credit', () => {
  it('goes down by what the running resources cost per hour as time passes', async () => {
    // seeded VMs still being created finish first, so the rate holds over the hours measured
    s.clock.advance(HOUR);
    const before = await s.api.credit.credit();
    const dash = await s.api.catalog.dashboard();
    const perHour =
      (dash.virtual_machine?.cost_per_hour ?? 0) +
      (dash.volume?.cost_per_hour ?? 0) +
      (dash.container?.cost_per_hour ?? 0);
    expect(perHour).toBeGreaterThan(0);
    s.clock.advance(2 * HOUR);
    const after = await s.api.credit.credit();
    expect(before.credit! - after.credit!).toBeCloseTo(2 * perHour, 1);
    expect(after.threshold).toBe(100);
    expect(after.can_create_instance).toBe(true);
  });

  it('last-day cost adds up its parts', async () => {
    const c = await s.api.credit.lastDayCost();
    expect(c.instances_cost!).toBeGreaterThan(0);
    expect(c.total_cost).toBeCloseTo(c.instances_cost! + c.volumes_cost! + c.clusters_cost!, 3);
  });
});

describe('notification thresholds', () => {
  it('lists them, and unsubscribe / subscribe changes what the list says', async () => {
    const list = await s.api.credit.thresholds();
    expect(list.map((t) => [t.threshold, t.subscribed])).toEqual([
      [500, true],
      [100, true],
      [50, true],
      [10, true],
    ]);
    const first = list[0]!;
    const r = await s.api.credit.setThresholdSubscription(first.id, false);
    expect(r.threshold?.subscribed).toBe(false);
    expect((await s.api.credit.thresholds()).find((t) => t.id === first.id)?.subscribed).toBe(false);
    await s.api.credit.setThresholdSubscription(first.id, true);
    expect((await s.api.credit.thresholds()).find((t) => t.id === first.id)?.subscribed).toBe(true);
  });

  it('an unknown threshold is a 404; a read-only key is refused', async () => {
    expect((await apiError(s.api.credit.setThresholdSubscription(99_999, true))).status).toBe(404);
    const ro = s.client({ key: 'readonly' }).api;
    expect((await apiError(ro.credit.setThresholdSubscription(1, false))).status).toBe(403);
  });
});

describe('billing history graphs', () => {
  it("a VM's graph has one point per hour of the period, summing to its total", async () => {
    const vm = (await s.api.vms.listAll()).find((v) => v.status === 'ACTIVE')!;
    const end = s.clock.now();
    const g = await s.api.credit.vmGraph(vm.id, { start: end - 24 * HOUR, end });
    expect(g.name).toBe(vm.name);
    expect(g.points.length).toBeGreaterThanOrEqual(24);
    expect(g.points.length).toBeLessThanOrEqual(25);
    expect(g.points[0]!.datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const sum = g.points.reduce((a, p) => a + (p.value ?? 0), 0);
    expect(sum).toBeCloseTo(g.total!, 2);
    expect(g.total!).toBeGreaterThan(0);
  });

  it("a volume's graph; an unknown volume is a 404", async () => {
    const vol = (await s.api.volumes.list()).items[0]!;
    const end = s.clock.now();
    const g = await s.api.credit.volumeGraph(vol.id, { start: end - 7 * 24 * HOUR, end });
    expect(g.points.length).toBeGreaterThanOrEqual(7 * 24);
    expect((await apiError(s.api.credit.volumeGraph(1, { start: end - HOUR, end }))).status).toBe(404);
  });

  it('the dates go on the wire as YYYY-MM-DDTHH:MM:SS (UTC, no zone, no milliseconds)', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: true, billing_history_vm_details: { billing_history: [] } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const t = createTransport({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'k',
      budget: new RequestBudget({ perMinute: 1000 }),
      retry: TEST_RETRY,
    });
    try {
      const start = Date.UTC(2026, 6, 1, 13, 5, 9, 456);
      await createApi(t).credit.vmGraph(7, { start, end: start + 24 * HOUR });
    } finally {
      await t.close();
      await new Promise((r) => server.close(r));
    }
    expect(seen).toEqual([
      '/v1/billing/billing/history/virtual-machine/7/graph?start_date=2026-07-01T13%3A05%3A09&end_date=2026-07-02T13%3A05%3A09',
    ]);
  });

  it('the simulator refuses another date format, as the service documents', async () => {
    const res = await fetch(`${s.sim.url}/billing/billing/history/volume/1/graph?start_date=2026-07-01`, {
      headers: { api_key: s.sim.keys.admin },
    });
    expect(res.status).toBe(400);
  });
});

describe("the account's cost history (Get_User_Billing_History)", () => {
  it('splits what the organisation billed by kind: VMs and clusters as the last day cost says, volumes, contracts', async () => {
    const end = s.clock.now();
    const day = { start: end - 24 * HOUR, end };
    const c = await s.api.credit.orgCosts(day);
    const last = await s.api.credit.lastDayCost();
    // the same 24 hours, asked two ways (no resource was terminated in them)
    expect(c.vm_cost).toBeCloseTo(last.instances_cost! + last.clusters_cost!, 2);
    expect(c.volume_cost).toBeCloseTo(last.volumes_cost!, 2);
    expect(c.incurred_bill).toBeCloseTo(c.vm_cost! + c.volume_cost! + c.snapshot_cost!, 3);
    // under contract: what the VMs bound to a contract billed, each as its own graph says (their discount in it)
    const bound = (await s.api.vms.listAll()).filter((v) => v.contract_id != null);
    expect(bound.length).toBeGreaterThan(0);
    let contract = 0;
    for (const v of bound) contract += (await s.api.credit.vmGraph(v.id, day)).total ?? 0;
    expect(c.contract_cost).toBeCloseTo(contract, 2);
    expect(c.contract_cost!).toBeLessThan(c.vm_cost!);
  });

  it('by day: one point a day, the days adding up to the period', async () => {
    const end = s.clock.now();
    const g = await accountHistory(s.api.credit, { start: end - 3 * 24 * HOUR, end });
    expect(g.points).toHaveLength(3);
    expect(g.points.map((p) => p.datetime)).toEqual(
      [3, 2, 1].map((d) => new Date(end - d * 24 * HOUR).toISOString().slice(0, 19)),
    );
    const sum = g.points.reduce((a, p) => a + (p.value ?? 0), 0);
    expect(sum).toBeCloseTo(g.total!, 2);
    expect(g.total!).toBeGreaterThan(0);
    expect(g.parts?.vm_cost).toBeGreaterThan(0);
  });
});
