/**
 * The waste view against the simulator: what it lists and totals is what the simulated service bills (its own
 * meters), the fixes act through the same dialogs as elsewhere, and read-only hides them. The scans are driven by
 * hand here (scanNext), one request at a time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../../src/domain/format.js';
import { PUBLIC_IP_RATE, SNAPSHOT_GB_RATE } from '../../src/sim/catalog.js';
import type { Simulator } from '../../src/sim/server.js';
import { volumeRate } from '../../src/sim/world/pricing.js';
import { setWorkload } from '../../src/sim/world/workload.js';
import { scanNext } from '../../src/store/actions/vm-scan.js';
import { flat, footerLine, rowOf, statusLine, stripSgr } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const DAY = 86_400_000;

/** What the simulated service bills an hour for what does nothing (its meters), idle VMs aside. */
function billedForNothing(sim: Simulator): number {
  const w = sim.world;
  const now = w.now();
  let total = 0;
  for (const vm of w.vms.values()) {
    if (vm.clusterId !== null) continue;
    if (vm.status === 'SHUTOFF') total += vm.meter.ratePerHour;
    if (vm.status === 'HIBERNATED' && vm.floatingIp !== null) total += PUBLIC_IP_RATE;
  }
  for (const v of w.volumes.values()) if (v.vmId === null) total += volumeRate(v);
  for (const c of w.clusters.values()) if (c.status === 'ERROR') total += c.meter.ratePerHour;
  for (const s of w.snapshots.values()) if (now - s.createdAt >= 30 * DAY) total += s.size * SNAPSHOT_GB_RATE;
  return total;
}

/** The waste total's line "$12.60/h · $9,198.00 a month · …" → 12.6 (not the header's burn rate, also "$…/h · "). */
const totalOf = (f: string) => {
  const line = f.split('\n').find((l) => l.includes(' a month · ')) ?? '';
  return Number(/\$([\d,]+\.\d+)\/h · /.exec(line)?.[1]?.replaceAll(',', '') ?? Number.NaN);
};

const depsOf = (a: AppHarness) => ({ api: a.api, store: a.store, poller: a.poller });

describe('the waste view', () => {
  it('lists what the service bills for nothing, the dearest first, with its total an hour and a month', async () => {
    app = await renderApp({ screen: 'waste', width: 160 });
    // every list and the pricebook in: the total is what the simulated service bills for nothing
    const sim = app.sim;
    const f = await app.waitFor(
      (fr) => fr.includes('dataset-cache') && Math.abs(totalOf(fr) - billedForNothing(sim)) < 0.05,
    );
    expect(flat(f)).not.toContain('without a price');
    // a stopped VM: billed in full, h hibernates it
    const stopped = [...app.sim.world.vms.values()].find(
      (v) => v.status === 'SHUTOFF' && v.clusterId === null && v.contractId === null,
    )!;
    const row = rowOf(f, stopped.name);
    expect(row).toContain('stopped: billed in full');
    expect(row).toContain(money(stopped.meter.ratePerHour));
    expect(row).toContain('h hibernate');
    // a volume attached to nothing: 1000 GB × $0.00011
    expect(rowOf(f, 'dataset-cache')).toContain('$0.11');
    expect(rowOf(f, 'dataset-cache')).toContain('D delete');
    // the dearest first
    const rates = f
      .split('\n')
      .filter((l) => /^[› ] /.test(l) && l.includes('$'))
      .map((l) => Number(/\$(\d+\.\d+)/.exec(l)?.[1]));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(flat(f)).toContain('the service reports no GPU use');
  });

  it('an idle VM appears once its metrics are read; h hibernates it, and it is followed until it settles', async () => {
    app = await renderApp({ screen: 'waste', width: 160 });
    const now = app.sim.world.now();
    const idle = [...app.sim.world.vms.values()].find(
      (v) =>
        v.status === 'ACTIVE' &&
        v.clusterId === null &&
        !v.locked &&
        v.floatingIp === null &&
        !v.flavor.limits.noHibernation &&
        now - v.createdAt > 12 * 3_600_000,
    )!;
    setWorkload(idle, 'idle', now - 8 * 3_600_000);
    await app.waitFor((fr) => rowOf(fr, 'dataset-cache').includes('$0.11'));
    const deps = depsOf(app);
    for (let i = 0; i < 100 && app.store.getState().facts[idle.id]?.idle === undefined; i++)
      await scanNext(deps);
    expect(app.store.getState().facts[idle.id]?.idle?.kind).toBe('idle');
    let f = await app.waitFor((fr) => rowOf(fr, idle.name).includes('idle'));
    expect(rowOf(f, idle.name)).toMatch(/idle \d+h.*: CPU ≤ [\d.]+ %, network ≤ \d+ K?B\/s/);
    await selectRow(app, idle.name);
    await app.press('h');
    await app.waitFor(`Hibernate ${idle.name}?`);
    await app.press('y');
    f = await app.waitFor((fr) => rowOf(fr, idle.name).includes('HIBERNATING'));
    await app.advance(app.sim.world.timings.vmPowerMs);
    await app.press('r');
    // said once it settles (r's own "refreshed" may come after it)
    const said = () =>
      app!
        .frames()
        .map(statusLine)
        .find((l) => l.includes(`${idle.name} is HIBERNATED after`));
    await app.waitFor(() => said() !== undefined);
    expect(said()).toContain('$0.011/h now'); // its root disk: 100 GB × $0.00011
    f = await app.waitFor((fr) => rowOf(fr, idle.name) === '');
  });

  it('D deletes a volume attached to nothing once its name is typed', async () => {
    app = await renderApp({ screen: 'waste', width: 160 });
    const vol = [...app.sim.world.volumes.values()].find((v) => v.name === 'scratch')!;
    // priced (the list is sorted by $/h once the pricebook is in)
    await app.waitFor((f) => rowOf(f, 'scratch').includes('$0.11'));
    await selectRow(app, 'scratch');
    await app.press('D');
    await app.waitFor('Delete volume scratch?');
    await app.press(...'scratch', KEY.enter);
    // the action's word, or its follow's right after ("volume scratch is deleted after 1 s")
    await app.waitFor((fr) => /volume scratch (is )?deleted/i.test(statusLine(fr)));
    expect(app.exchanges).toContain(`DELETE /core/volumes/${vol.id}`);
  });

  it("the header's region filter keeps that region's waste, and the total is of those rows alone", async () => {
    app = await renderApp({ screen: 'waste', width: 200 });
    const sim = app.sim;
    const whole = await app.waitFor((fr) => Math.abs(totalOf(fr) - billedForNothing(sim)) < 0.05);
    const rowsIn = (fr: string) =>
      stripSgr(fr)
        .split('\n')
        .filter((l) => /^[› ] /.test(l) && l.includes('$'));
    // the last column's region; a row of none (a snapshot) says "—" and is kept
    const regions = (fr: string) => new Set(rowsIn(fr).map((l) => /\/([A-Z]+-\d+)\s*$/.exec(l)?.[1] ?? '—'));
    expect(regions(whole).size).toBeGreaterThan(2);
    app.store.setState({ region: 'NORWAY-1' });
    const f = await app.waitFor((fr) => [...regions(fr)].sort().join() === 'NORWAY-1,—');
    expect(totalOf(f)).toBeLessThan(totalOf(whole));
    const listed = rowsIn(f).reduce((sum, l) => sum + Number(/\$(\d+\.\d+)/.exec(l)?.[1] ?? 0), 0);
    expect(totalOf(f)).toBeCloseTo(listed, 1);
  });

  it('read-only: the fixes are neither shown nor offered', async () => {
    app = await renderApp({ screen: 'waste', width: 160, readOnly: true });
    const f = await app.waitFor('dataset-cache');
    expect(f).not.toContain('h hibernate');
    expect(f).not.toContain('D delete');
    expect(footerLine(f)).not.toMatch(/\bh\b|\bD\b/);
  });

  it('the header says the burn rate and its idle share on every screen', async () => {
    app = await renderApp({ screen: 'stock', width: 200, scanPerMinute: 60 });
    const expected = billedForNothing(app.sim);
    const share = (fr: string) => /\$([\d.,]+)\/h, \$([\d.,]+)\/h idle/.exec(fr.split('\n')[0] ?? '');
    const f = await app.waitFor((fr) => share(fr) !== null);
    // the share is said once every list it is judged from is in: the first figure is the whole one
    expect(Number(share(f)![2]!.replaceAll(',', ''))).toBeCloseTo(expected, 1);
  });
});

describe('the waste total and the lists it is made of', () => {
  it('says which list is failing, and "at least" while one is not in: a short total never looks whole', async () => {
    app = await renderApp({ screen: 'waste', width: 200 });
    await app.waitFor((fr) => rowOf(fr, 'dataset-cache').includes('$0.11') && !fr.includes('⚠ '));
    app.sim.faults.set({ error5xxRate: 1, paths: ['/core/volumes'] });
    await app.press('r');
    // the volumes in hand are kept, and the total says how old they are and why
    const f = await app.waitFor((fr) => /⚠ volumes \d+s old \(/.test(fr));
    expect(rowOf(f, 'dataset-cache')).toContain('$0.11');
  });
});
