/** The VM list's $/h: what each VM is billed an hour in its state, as the simulated service bills it. */
import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../../src/domain/format.js';
import { rowOf } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

describe('the VM list’s $/h column', () => {
  it('on a wide terminal, each VM at the rate the service bills it now (a stopped one in full)', async () => {
    app = await renderApp({ width: 200 });
    const vms = [...app.sim.world.vms.values()].filter(
      (v) => v.clusterId === null && v.status !== 'CREATING',
    );
    const stopped = vms.find((v) => v.status === 'SHUTOFF')!;
    // once the prices and the contracts are in (a contract's discount lowers some)
    const shown = (fr: string) => vms.filter((vm) => rowOf(fr, vm.name) !== '');
    const f = await app.waitFor(
      (fr) =>
        shown(fr).length > 10 &&
        shown(fr).every((vm) => rowOf(fr, vm.name).includes(money(vm.meter.ratePerHour))),
    );
    let checked = 0;
    for (const vm of vms) {
      const row = rowOf(f, vm.name);
      if (!row) continue;
      expect(row, vm.name).toContain(money(vm.meter.ratePerHour));
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    expect(stopped.meter.ratePerHour).toBeGreaterThan(0);
  });

  it('is not shown below 150 columns', async () => {
    app = await renderApp({ width: 140 });
    const f = await app.waitFor('FLAVOR');
    expect(f).not.toContain('$/H');
  });
});
