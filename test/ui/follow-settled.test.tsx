/**
 * What an action set moving is followed fast until it settles, whichever screen is shown, and the status line
 * says so once: a snapshot taken from the VMs screen, a VM started.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

describe('followed until it settles', () => {
  it('a snapshot taken on the VMs screen: its list followed fast, then "snapshot … is SUCCESS after …"', async () => {
    app = await renderApp({ fastMs: 200 });
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ACTIVE' && !v.locked)!;
    await selectRow(app, vm.name);
    await app.waitFor((f) => footerLine(f).includes('x stop'));
    await app.press('n');
    await app.waitFor(`Snapshot ${vm.name}`);
    // Enter leaves the name (as offered) for the submit row, Enter there snapshots
    await app.press(KEY.enter);
    await app.press(KEY.enter);
    await app.waitFor((f) => statusLine(f).includes('requested'));
    const reads = () => app!.exchanges.filter((e) => e === 'GET /core/snapshots').length;
    // followed although no screen shows snapshots: read again and again at the fast rate
    await app.waitFor(() => reads() >= 3);
    expect(app.store.getState().screen).toBe('vms');
    app.clock.advance(app.sim.world.timings.snapshotMs);
    const f = await app.waitFor((fr) => /snapshot \S+ is SUCCESS after \d+ s/.test(statusLine(fr)));
    expect(statusLine(f)).toContain(`snapshot ${vm.name}-snap is SUCCESS after`);
    // and no more once settled
    const done = reads();
    await new Promise((r) => setTimeout(r, 300));
    expect(reads()).toBeLessThanOrEqual(done + 1);
  });

  it('a VM started: "VM … is ACTIVE after … — C copies ssh"', async () => {
    app = await renderApp({ fastMs: 200 });
    const vm = [...app.sim.world.vms.values()].find(
      (v) => v.status === 'SHUTOFF' && v.floatingIp && !v.locked,
    )!;
    await selectRow(app, vm.name);
    await app.waitFor((f) => footerLine(f).includes('s start'));
    await app.press('s');
    await app.waitFor((f) => statusLine(f).includes('Start requested'));
    app.clock.advance(app.sim.world.timings.vmPowerMs);
    const f = await app.waitFor((fr) => statusLine(fr).includes(`VM ${vm.name} is ACTIVE after`));
    expect(statusLine(f)).toMatch(/is ACTIVE after \d+ s — C copies ssh/);
  });

  it('ages tick with each refresh (r), on every list', async () => {
    let name = '';
    app = await renderApp({
      screen: 'volumes',
      before: (sim) => {
        const v = [...sim.world.volumes.values()][0]!;
        // a minute old about two seconds from now: its age must move from 5Xs to 1m while the screen is open
        v.createdAt = Date.now() - 57_500;
        name = v.name;
      },
    });
    await app.waitFor(` ${name} `);
    // a minute after its creation, a refresh shows it a minute old
    for (let i = 0; i < 100 && !new RegExp(`${name} .* 1m `).test(app.frame()); i++) {
      await app.press('r');
      await app.waitFor((f) => statusLine(f).includes('refreshed'));
      app.store.setState({ status: null });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(app.frame()).toMatch(new RegExp(`${name} .* 1m `));
  });
});
