/**
 * Leases in the app against the simulator: the header warns before one ends, the VM list and detail show the time
 * left, `e` extends it, keeping every other label (read, then write: a label added elsewhere meanwhile stays).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { leaseLabel, parseLease } from '../../src/domain/lease.js';
import type { Simulator } from '../../src/sim/server.js';
import { rowOf } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const MIN = 60_000;
const firstActive = (sim: Simulator) =>
  [...sim.world.vms.values()].find((v) => v.status === 'ACTIVE' && v.clusterId === null)!;
const header = (f: string) => f.split('\n').slice(0, 2).join('\n');

describe('leases', () => {
  it('the header warns of a lease ending within the hour; e extends it 4 h, keeping the other labels', async () => {
    const end = Math.floor((Date.now() + 30 * MIN) / MIN) * MIN;
    app = await renderApp({
      width: 200,
      height: 50,
      before: (sim) => {
        firstActive(sim).labels = ['training', leaseLabel(end)];
      },
    });
    const vm = firstActive(app.sim);
    let f = await app.waitFor('⚠ lease of');
    expect(header(f)).toMatch(new RegExp(`⚠ lease of ${vm.name} ends in (29|30) m`));
    // the list: its LEASE column
    expect(f).toContain('LEASE');
    expect(rowOf(f, vm.name)).toMatch(/\b(29|30) m\b/);
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    f = await app.waitFor((fr) => /lease +\d/.test(fr));
    expect(f).toMatch(/lease +(29|30) m left \(until \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    // someone adds a label after the app read the list: kept
    app.sim.world.vms.get(vm.id)!.labels.push('added-elsewhere');
    await app.press('e');
    await app.waitFor('4 h more');
    await app.press(KEY.enter);
    await app.waitFor(() =>
      app!.sim.world.vms.get(vm.id)!.labels.some((l) => parseLease(l) === end + 240 * MIN),
    );
    expect(app.sim.world.vms.get(vm.id)!.labels).toEqual([
      'training',
      'added-elsewhere',
      leaseLabel(end + 240 * MIN),
    ]);
    await app.waitFor(() => app!.exchanges.includes(`PUT /core/virtual-machines/${vm.id}/label`));
    expect(app.exchanges).toContain(`GET /core/virtual-machines/${vm.id}`);
    // no warning once the list has the new lease; the detail says the new time left
    f = await app.waitFor((fr) => /lease +4 h (29|30) m left/.test(fr) && !fr.includes('⚠ lease of'));
  });

  it('a lease over: said urgently in the header; e offers to remove it', async () => {
    app = await renderApp({
      width: 200,
      before: (sim) => {
        firstActive(sim).labels = [leaseLabel(Date.now() - 2 * 3_600_000)];
      },
    });
    const vm = firstActive(app.sim);
    const f = await app.waitFor('‼ lease of');
    expect(header(f)).toMatch(new RegExp(`‼ lease of ${vm.name} ended 2 h( \\d+ m)? ago`));
    await selectRow(app, vm.name);
    await app.press('e');
    await app.waitFor('no lease');
    await app.press('j', 'j', 'j', 'j', KEY.enter);
    await app.waitFor(() => app!.sim.world.vms.get(vm.id)!.labels.length === 0);
    await app.waitFor((fr) => !fr.includes('‼ lease of'));
  });
});
