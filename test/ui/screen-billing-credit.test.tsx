/**
 * Credit and billing alerts in the whole app against the simulator: the credit line of the billing screen, the
 * header's warning when the credit runs out soon, the alerts view (subscribe, confirmed unsubscribe, read-only)
 * and the cost history chart (from the usage view and from a VM's detail, with its period picker and a refusal
 * kept in the custom period's form).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingGraph } from '../../src/api/schemas/credit.js';
import { costNow } from '../../src/domain/billing.js';
import { money } from '../../src/domain/format.js';
import type { RouteDef } from '../../src/sim/route.js';
import { invalid } from '../../src/sim/world/errors.js';
import { overview } from '../../src/sim/world/usage.js';
import { statusLine, stripSgr } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, screenApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const CTRL_S = '\x13';
const CTRL_U = '\x15';
const open = screenApp('billing');
const header = (f: string) => f.split('\n').slice(0, 2).join('\n');
/** Sets the credit to `hours` of the seeded organisation's burn rate (the clock is not advanced: nothing billed). */
const creditFor = (hours: number) => (sim: AppHarness['sim']) => {
  const o = overview(sim.world);
  sim.world.org.credit = hours * (o.instance.cost_per_hour + o.volume.cost_per_hour);
};

describe('credit', () => {
  it('the billing screen shows the balance, threshold, time left at this rate and the last day’s cost', async () => {
    app = await open({ width: 200, before: creditFor(500) });
    const f = await app.waitFor('last day');
    const c = await app.api.credit.credit();
    const d = await app.api.credit.lastDayCost();
    expect(f).toContain(
      `Credit ${money(c.credit)} · runs out in ~20 d 20 h at this rate · threshold ${money(100)}`,
    );
    expect(f).toContain(`last day ${money(d.total_cost)}: VMs ${money(d.instances_cost)}`);
    // plenty left: no warning in the header
    expect(header(f)).not.toContain('credit runs out');
  });

  it('the header warns, in words, when the credit runs out within 72 h, on any screen', async () => {
    app = await renderApp({ screen: 'vms', before: creditFor(50) });
    let f = await app.waitFor('credit runs out');
    expect(header(f)).toContain('⚠ credit runs out in ~2 d 2 h');
    await app.cleanup();
    app = await renderApp({ screen: 'vms', width: 80, height: 24, before: creditFor(14), refreshMs: 60_000 });
    f = await app.waitFor('credit runs out');
    expect(header(stripSgr(f))).toContain('‼ credit runs out in ~14 h');
    const o = await app.api.catalog.dashboard();
    expect(costNow(o).perHour).toBeGreaterThan(0);
  });
});

describe('billing alerts', () => {
  it('lists the thresholds; unsubscribe is confirmed and followed; subscribe is at once', async () => {
    app = await open({ width: 140 });
    await app.press('a');
    let f = await app.waitFor('4 of 4 subscribed');
    expect(f).toContain('[a alerts]');
    f = await selectRow(app, money(500));
    await app.press('x');
    expect(app.store.getState().modal?.kind).toBe('confirm');
    expect(app.exchanges.some((e) => e.startsWith('PUT'))).toBe(false);
    await app.press('y');
    f = await app.waitFor('3 of 4 subscribed');
    expect(app.exchanges).toContain('PUT /billing/billing/threshold/1');
    expect(f).toContain('○ unsubscribed');
    await app.waitFor((fr) => statusLine(fr).includes('Unsubscribed from the $500.00 credit alert'));
    await app.press('s');
    await app.waitFor('4 of 4 subscribed');
    expect(app.exchanges.filter((e) => e === 'PUT /billing/billing/threshold/1')).toHaveLength(2);
  });

  it('read-only: subscribe and unsubscribe are refused, nothing is sent', async () => {
    app = await open({ readOnly: true, width: 140 });
    await app.press('a');
    await selectRow(app, money(500));
    await app.press('x');
    await app.waitFor((fr) => statusLine(fr).includes('read-only'));
    expect(app.store.getState().modal).toBeNull();
    expect(app.exchanges.some((e) => !e.startsWith('GET'))).toBe(false);
  });
});

describe('cost history', () => {
  it("h opens the whole account's history: what each kind cost over the period and a bar a day", async () => {
    app = await open({ width: 120, height: 50 });
    await app.waitFor('TOTAL BILL');
    await app.press('h');
    const f = await app.waitFor('Cost per day (UTC)');
    expect(f).toContain('Cost history of the account');
    expect(f).toContain('last 7d');
    // the figures drawn are the service's answer, each kind on its line
    const [key, slice] = Object.entries(app.store.getState().slices).find(([k]) =>
      k.startsWith('billing-graph'),
    )!;
    expect(key).toContain('account');
    const c = (slice!.data as BillingGraph).parts!;
    expect(c.vm_cost!).toBeGreaterThan(0);
    for (const [label, v] of [
      ['billed', c.incurred_bill],
      ['VMs', c.vm_cost],
      ['volumes', c.volume_cost],
      ['snapshots', c.snapshot_cost],
      ['under contract', c.contract_cost],
    ] as const)
      expect(f).toMatch(new RegExp(`^${label} +${money(v).replace(/[$.]/g, '\\$&')}`, 'm'));
    // one request for the period, one a day
    expect(app.exchanges.filter((e) => /\/billing\/billing\/history(\?|$)/.test(e)).length).toBe(8);
  });

  it('H on a usage row charts its hourly cost; the period picker asks again with the new dates', async () => {
    app = await open({ width: 120, height: 40 });
    const top = (await app.api.billing.usage())
      .filter((u) => u.resource_type === 'vm')
      .sort((a, b) => (b.total_bill ?? 0) - (a.total_bill ?? 0))[0]!;
    await selectRow(app, top.name!);
    await app.press('H');
    let f = await app.waitFor('in the period');
    expect(f).toContain(`Cost history of VM ${top.name}`);
    expect(f).toContain('last 7d');
    expect(f).toContain('Cost per hour');
    expect(f).toContain('Cost per day (UTC)');
    const graphs = () =>
      app!.exchanges.filter((e) => e.includes(`/virtual-machine/${top.resource_id}/graph`));
    expect(graphs()).toHaveLength(1);
    await app.press('t');
    expect(app.store.getState().modal?.kind).toBe('choose');
    await app.press(KEY.enter); // last 24 h
    // the chart of the new period: 24 or 25 hourly points
    f = await app.waitFor((fr) => fr.includes('last 24h') && /points\s+2[45], one per hour/.test(fr));
    expect(graphs()).toHaveLength(2);
  });

  it('a custom period is typed in a form; the service’s refusal stays in it', async () => {
    const refuse = (defaults: readonly RouteDef[]) =>
      defaults.map((r) =>
        r.path.endsWith('/graph')
          ? {
              ...r,
              handle: (req: Parameters<RouteDef['handle']>[0], world: Parameters<RouteDef['handle']>[1]) => {
                if (req.query.get('start_date')?.startsWith('2020'))
                  throw invalid('No billing data before the organisation existed.');
                return r.handle(req, world);
              },
            }
          : r,
      );
    app = await open({ width: 120, height: 40, routes: refuse });
    const vm = (await app.api.billing.usage())
      .filter((u) => u.resource_type === 'vm')
      .sort((a, b) => (b.total_bill ?? 0) - (a.total_bill ?? 0))[0]!;
    await selectRow(app, vm.name!);
    await app.press('H');
    await app.waitFor('in the period');
    await app.press('t', 'j', 'j', 'j', KEY.enter);
    await app.waitFor('custom period');
    await app.press(CTRL_U, ...'2020-01-01'.split(''), KEY.tab, CTRL_U, ...'2020-01-03'.split(''), CTRL_S);
    const f = await app.waitFor('existed.');
    // the service's words, wrapped in the form's error box
    expect(f.replace(/[│\s]+/g, ' ')).toContain('No billing data before the organisation existed.');
    expect(app.store.getState().modal?.kind).toBe('form');
    expect(f).toContain('custom period');
    expect(app.exchanges.some((e) => e.includes('/graph'))).toBe(true);
  }, 60_000);

  it('B in a VM’s detail opens the billing screen on that VM’s cost history', async () => {
    app = await renderApp({ screen: 'vms', width: 120, height: 40 });
    const vm = (await app.api.vms.listAll()).find((v) => v.status === 'ACTIVE')!;
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    // the detail is open (B is one of its keys, though the footer may leave it for `? more`)
    await app.waitFor((f) => f.includes('esc back') && f.includes(`ssh `));
    await app.press('B');
    const f = await app.waitFor('in the period');
    expect(f).toContain(`Cost history of VM ${vm.name}`);
    expect(f).toContain('[h history]');
  });
});
