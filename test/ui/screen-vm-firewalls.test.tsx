/** A VM's firewalls set from its detail (T): those of its environment offered, the attached ones ticked. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { readData } from '../../src/store/state/resources.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

const CTRL_S = '\x13';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** An ACTIVE VM and a firewall of its environment not attached to it. */
function vmAndFreeFirewall(sim: Simulator) {
  for (const vm of sim.world.vms.values()) {
    if (vm.status !== 'ACTIVE') continue;
    const fw = [...sim.world.firewalls.values()].find(
      (f) => f.envId === vm.envId && !f.attachments.some((a) => a.vmId === vm.id),
    );
    if (fw) return { vm, fw };
  }
  throw new Error('no ACTIVE VM with a free firewall in its environment');
}

describe('VM detail: attach firewalls', () => {
  it('T offers the firewalls of its environment; the one ticked is attached, and left out, detached', async () => {
    app = await renderApp({ screen: 'vms', height: 60, width: 140 });
    const { vm, fw } = vmAndFreeFirewall(app.sim);
    const attached = () => fw.attachments.some((a) => a.vmId === vm.id);
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    await app.waitFor('Metrics, last 1h');
    await app.press('T');
    await app.waitFor(`Firewalls of ${vm.name}`);
    await app.press(KEY.enter, ...fw.name, ' ', KEY.enter);
    await app.waitFor(`attach ${fw.name}`);
    await app.press(CTRL_S);
    await app.waitFor(`${vm.name}: `);
    expect(attached()).toBe(true);
    expect(app.exchanges).toContain(`POST /core/virtual-machines/${vm.id}/attach-firewalls`);

    // again: the firewall now ticked; untick it and it is detached
    // the firewall list refreshed after the change says it is attached: the form opens with it ticked
    await app.waitFor(
      () =>
        app!.store.getState().modal === null &&
        (readData(app!.store, 'firewalls') ?? []).some(
          (f) => f.id === fw.id && (f.attachments ?? []).some((a) => a.vm?.id === vm.id),
        ),
    );
    await app.press('T');
    await app.waitFor(`Firewalls of ${vm.name}`);
    await app.press(KEY.enter, ...fw.name, ' ', KEY.enter);
    await app.waitFor(`DETACH ${fw.name}`);
    await app.press(CTRL_S);
    await app.waitFor(() => !attached());
  }, 60_000);

  it('read-only: T is refused, nothing opens', async () => {
    app = await renderApp({ screen: 'vms', height: 60, width: 140, readOnly: true });
    const { vm } = vmAndFreeFirewall(app.sim);
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    await app.waitFor('Metrics, last 1h');
    await app.press('T');
    await app.waitFor('"attach firewalls" is not allowed');
    expect(app.store.getState().modal).toBeNull();
  }, 60_000);
});
