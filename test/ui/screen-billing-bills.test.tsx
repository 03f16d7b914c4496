/** Billing, bills by resource (b): each kind's billing history over a period, and one resource's bill. */
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../src/api/endpoints/billing-history.js';
import { money } from '../../src/domain/format.js';
import { rowOf } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The rows of the bills list the view shows (its store key carries the kind and the period). */
function billRows(a: AppHarness, kind: string): HistoryRow[] | undefined {
  const slices = a.store.getState().slices;
  const key = Object.keys(slices).find((k) => k.startsWith('bills') && k.includes(kind));
  return (slices[key ?? '']?.data as { rows: HistoryRow[] } | undefined)?.rows;
}

describe('Billing screen: bills by resource', () => {
  it('b lists what each VM billed over the last 7 days, the dearest first; Enter shows its events and sub-resources', async () => {
    app = await renderApp({ screen: 'billing', width: 140, height: 60 });
    await app.waitFor('TOTAL BILL');
    await app.press('b');
    let f = await app.waitFor('Bills of VMs · last 7d');
    await app.waitFor(() => (billRows(app!, 'virtual-machine')?.length ?? 0) > 0);
    const rows = billRows(app, 'virtual-machine')!;
    const dearest = [...rows].sort((a, b) => (b.bill ?? 0) - (a.bill ?? 0))[0]!;
    f = await app.waitFor(`${rows.length} VMs`);
    const header = f.split('\n').find((l) => l.includes('BILLED'))!;
    for (const h of ['NAME', 'STATUS', 'BILLED▼', '$/HOUR', 'HOURS']) expect(header).toContain(h);
    expect(rowOf(f, dearest.name)).toContain(money(dearest.bill));
    expect(f.split('\n')[f.split('\n').indexOf(header) + 1]).toContain(dearest.name);
    await app.press(KEY.enter);
    f = await app.waitFor('Billing events');
    expect(f).toContain(`bill of VM ${dearest.name}`);
    expect(f).toContain('Cost by sub-resource');
    expect(f).toMatch(/^\s*gpu\s+\$/m);
    // the service documents no unit for an event's duration: the view says so instead of guessing one
    expect(f).toContain('event_duration as the service sends it: the API reference gives no unit');
    const events = await app.api.billingHistory.vmEvents(dearest.id, {
      start: Date.now() - 7 * 86_400_000,
      end: Date.now(),
    });
    expect(f).toContain(`Billing events (${events.length})`);
  });

  it('K switches to another kind: a volume’s events, a cluster’s hourly cost', async () => {
    app = await renderApp({ screen: 'billing', width: 140, height: 60 });
    await app.waitFor('TOTAL BILL');
    await app.press('b');
    await app.waitFor('Bills of VMs');
    await app.press('K');
    await app.waitFor('Bills of which kind of resource?');
    await app.press('j', KEY.enter);
    await app.waitFor('Bills of volumes');
    await app.waitFor(() => (billRows(app!, 'volume')?.length ?? 0) > 0);
    await app.press(KEY.enter);
    let f = await app.waitFor('Billing events');
    expect(f).toContain('bill of volume');
    await app.press(KEY.esc, 'K');
    await app.waitFor('Bills of which kind of resource?');
    await app.press('j', 'j', 'j', KEY.enter);
    await app.waitFor('Bills of clusters');
    await app.waitFor(() => (billRows(app!, 'cluster')?.length ?? 0) > 0);
    await app.press(KEY.enter);
    f = await app.waitFor('Cost per hour (0 –');
    expect(f).toContain('bill of cluster');
    expect(f).toContain('before discounts');
  });
});
