import { afterEach, describe, expect, it } from 'vitest';
import { costNow } from '../../src/domain/billing.js';
import { minutesHuman, money, perHour } from '../../src/domain/format.js';
import type { PaymentRecord } from '../../src/sim/world/types.js';
import { usageKey } from '../../src/store/state/resources.js';
import { rowOf, stripSgr } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, screenApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const open = screenApp('billing');
/** Table rows (under the header, marked or not), first cell. */
const tableNames = (f: string) => {
  const lines = f.split('\n');
  const h = lines.findIndex((l) => l.includes('RESOURCE') && l.includes('TOTAL BILL'));
  const out: string[] = [];
  for (const l of lines.slice(h + 1)) {
    if (!/^[› ] \S/.test(l)) break;
    out.push(l.slice(2).split(/\s+/)[0]!);
  }
  return out;
};
const noJunk = (f: string) => {
  for (const bad of ['null', 'NaN', 'undefined', 'Infinity']) expect(stripSgr(f)).not.toContain(bad);
};

describe('Billing screen: Now', () => {
  it('shows the cost per hour by kind and the projected day and month, above every view', async () => {
    app = await open();
    const o = await app.api.catalog.dashboard();
    const c = costNow(o);
    let f = await app.waitFor('/month');
    expect(f).toContain(
      `Now  ${perHour(c.perHour)}  ≈ ${money(c.perDay)}/day · ${money(c.perMonth)}/month (30 days at this rate)`,
    );
    expect(f).toContain(`VMs (${o.virtual_machine?.count}) ${perHour(c.vms)}`);
    expect(f).toContain(`volumes (${o.volume?.count}) ${perHour(c.volumes)}`);
    expect(f).toContain('Billing  [u usage]  b bills  c contracts  p payments  a alerts  h history');
    await app.press('c');
    f = await app.waitFor('[c contracts]');
    expect(f).toContain(`Now  ${perHour(c.perHour)}`);
    await app.press('p');
    f = await app.waitFor('[p payments]');
    expect(f).toContain(`Now  ${perHour(c.perHour)}`);
  });
});

describe('Billing screen: usage', () => {
  it('lists usage by what it costs an hour now, with human up time, per-minute and total cost, and a bar chart of the top bills', async () => {
    app = await open({ height: 50 });
    const usage = await app.api.billing.usage();
    let f = await app.waitFor('Top 8 by total bill');
    const header = f.split('\n').find((l) => l.includes('RESOURCE'))!;
    let at = 0;
    for (const h of ['RESOURCE', 'TYPE', 'STATE', 'UP TIME', '$/MIN', '$/HOUR▼', 'TOTAL BILL']) {
      at = header.indexOf(h, at);
      expect(at, h).toBeGreaterThan(0);
    }
    // what burns now first: the dearest an hour (a stopped VM billed in full among them)
    const perHour = [...usage].sort((a, b) => (b.bill_per_minute ?? 0) - (a.bill_per_minute ?? 0));
    expect(tableNames(f)[0]).toBe(perHour[0]!.name);
    const rates = tableNames(f).map((n) => usage.find((u) => u.name === n)!.bill_per_minute ?? 0);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    const sorted = [...usage].sort((a, b) => (b.total_bill ?? 0) - (a.total_bill ?? 0));
    const top = sorted[0]!;
    const row = rowOf(f, top.name!);
    for (const v of [
      'vm',
      '● active',
      minutesHuman(top.total_up_time),
      money(top.bill_per_minute),
      money(top.total_bill),
    ]) {
      expect(row).toContain(v);
    }
    // The chart: the eight biggest bills, in order, each with its bar and its value.
    const chart = f.slice(f.indexOf('Top 8 by total bill')).split('\n').slice(1, 9);
    sorted.slice(0, 8).forEach((u, i) => {
      expect(chart[i]).toMatch(
        new RegExp(`^${u.name} +│█+[▏▎▍▌▋▊▉]? +${money(u.total_bill).replace(/[$.]/g, '\\$&')}$`),
      );
    });
    expect(chart[0]!.indexOf(money(top.total_bill))).toBe(
      chart[1]!.indexOf(money(sorted[1]!.total_bill)) -
        (money(top.total_bill).length - money(sorted[1]!.total_bill).length),
    );
    // o orders by the next column (the total bill), O reverses it.
    await app.press('o');
    f = await app.waitFor('TOTAL BILL▲');
    const totals = tableNames(f).map((n) => Number(rowOf(f, n).split('$').at(-1)!.replaceAll(',', '')));
    expect(totals.length).toBeGreaterThan(5);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    await app.press('O');
    f = await app.waitFor('TOTAL BILL▼');
    expect(tableNames(f)[0]).toBe(top.name);
  });

  it('w goes to the waste view', async () => {
    app = await open();
    await app.waitFor('TOTAL BILL');
    await app.press('w');
    await app.waitFor('Waste: what costs money while doing nothing');
  });

  it('d shows deleted (terminated) resources, with no per-minute cost', async () => {
    app = await open();
    await app.waitFor('TOTAL BILL');
    await app.press('d');
    const f = await app.waitFor('old-train-1');
    expect(app.store.getState().slices[usageKey(true)]?.data).toHaveLength(app.sim.world.terminated.length);
    expect(f).toContain('Usage of deleted (terminated) resources');
    const row = rowOf(f, 'old-train-1');
    expect(row).toContain('○ terminated');
    expect(row).toMatch(/terminated +\d+ (d|h)[^$]*— +— +\$/);
    expect(rowOf(f, 'tmp-debug')).toContain('(not billed)');
    noJunk(f);
    await app.press('d');
    await app.waitFor('Usage of active resources');
  });

  it('e filters by environment', async () => {
    app = await open();
    await app.waitFor('TOTAL BILL');
    await app.press('e');
    await app.waitFor('Usage of which environment?');
    await app.press('j', KEY.enter); // the first environment after "all environments"
    const envs = (await app.api.environments.list()).items;
    const env = envs[0]!;
    let f = await app.waitFor(`environment ${env.name}`);
    const mine = await app.api.billing.usage({ environment: env.name });
    f = await app.waitFor(`${mine.length} resource`);
    expect(app.store.getState().slices[usageKey(false, env.name)]?.data).toHaveLength(mine.length);
    const names = tableNames(f);
    for (const n of names) expect(mine.map((u) => u.name)).toContain(n);
  });

  it('Enter shows the hourly price of a VM component by component, list and discounted', async () => {
    app = await open({ height: 60 });
    await app.waitFor('TOTAL BILL');
    const usage = await app.api.billing.usage();
    const vm = usage.find((u) => u.resource_type === 'vm' && (u.bill_per_minute ?? 0) > 0)!;
    await selectRow(app, vm.name!);
    await app.press(KEY.enter);
    const f = await app.waitFor('you pay');
    const rate = await app.api.billing.resourceRate('instance', vm.resource_id);
    expect(f).toMatch(
      new RegExp(`^list price +${perHour(rate.resource.price).replace(/[$.]/g, '\\$&')}`, 'm'),
    );
    for (const c of rate.resource.resources ?? []) expect(f).toMatch(new RegExp(`^${c.type}\\b`, 'm'));
    noJunk(f);
  });
});

describe('Billing screen: contracts and payments', () => {
  it('c lists contracts: status, dates, expiry policy in words, price per hour, flat and percent discounts', async () => {
    app = await open({ height: 50 });
    await app.waitFor('TOTAL BILL');
    await app.press('c');
    const f = await app.waitFor('discount:');
    const contracts = (await app.api.billing.contracts()).items;
    expect(f).toContain(`Contracts (${contracts.length})`);
    for (const c of contracts) {
      expect(f).toContain(`#${c.id}  ${c.status}  ${c.description}`);
      expect(f).toContain(`price ${perHour(c.price_per_hour)}`);
    }
    expect(f).toContain('at expiry: resources deleted at expiry');
    expect(f).toContain('at expiry: kept and billed at market rate');
    expect(f).toMatch(
      /discount: flat price \$[\d.]+\/h · on \S+ × 1 · valid \d+ more days · active · code —/,
    );
    expect(f).toContain('25% off market rate');
    expect(f).toContain('code RESEARCH25');
    expect(f).toMatch(/\(ends in \d+ days\)/);
    expect(f).toMatch(/\(ended \d+ days ago\)/);
    noJunk(f);
  });

  it('p lists payments: amount with currency, date, status in words, description, ids — with nulls as "—"', async () => {
    app = await open({
      width: 200,
      before: (sim) => {
        // The service sends nulls in many fields: make the worst one.
        const p = sim.world.payments[1] as unknown as Record<keyof PaymentRecord, unknown>;
        p.amount = null;
        p.currency = null;
        p.description = null;
        p.transaction_id = null;
        p.updated_at = null;
      },
    });
    await app.waitFor('TOTAL BILL');
    await app.press('p');
    const f = await app.waitFor('Paid $');
    const payments = await app.api.billing.payments();
    const paid = payments.filter((p) => p.status === 'payment_initiated');
    const total = paid.reduce((a, p) => a + (p.amount ?? 0), 0);
    expect(f).toContain(
      `Paid ${money(total)} in ${paid.length} payments · 1 failed · 1 pending  paid over time `,
    );
    expect(f).toMatch(/paid over time [▁▂▃▄▅▆▇█]{2,}/);
    const header = f.split('\n').find((l) => l.includes('DATE'))!;
    for (const h of ['AMOUNT', 'STATUS', 'PAID FROM', 'DESCRIPTION', 'TRANSACTION', 'PAYMENT ID'])
      expect(header).toContain(h);
    const first = payments[0]!;
    const row = f.split('\n').find((l) => l.includes(first.payment_id!))!;
    expect(row).toContain(money(first.amount));
    expect(row).toContain('✓ paid');
    expect(row).toContain(first.transaction_id!);
    expect(f).toContain('✖ failed');
    expect(f).toContain('◐ pending');
    const nulls = f.split('\n').find((l) => l.includes(payments[1]!.payment_id!))!;
    expect(nulls).toMatch(/^ {2}\d{4}-\d\d-\d\d \d\d:\d\d +— ✓ paid +card +— +— +pay_/);
    noJunk(f);
  });

  it('never shows "null" or "NaN" when the dashboard and usage carry nulls', async () => {
    app = await open({
      before: (sim) => {
        // Payments and deleted usage already carry nulls; also make the dashboard's volume cost unknown.
        for (const v of sim.world.volumes.values()) (v as { size: number }).size = Number.NaN;
      },
    });
    let f = await app.waitFor('TOTAL BILL');
    noJunk(f);
    await app.press('d');
    f = await app.waitFor('old-train-1');
    noJunk(f);
    await app.press('c');
    f = await app.waitFor('discount:');
    noJunk(f);
  });
});
