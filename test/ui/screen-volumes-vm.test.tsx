/** A VM's volumes in its detail (VMs screen): listed, linked to the Volumes screen, attached and detached from there. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import type { VmRecord, VolumeRecord } from '../../src/sim/world/types.js';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { flat, selectedRow } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

const CTRL_S = '\x13';
const T = DEFAULT_TIMINGS;

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** An ACTIVE VM with exactly one volume, a data volume (detachable). */
function vmWithOneDataVolume(sim: Simulator): { vm: VmRecord; v: VolumeRecord } {
  for (const vm of sim.world.vms.values()) {
    if (vm.status !== 'ACTIVE' || vm.volumeIds.length !== 1) continue;
    const v = sim.world.volumes.get(vm.volumeIds[0]!)!;
    if (!v.bootable) return { vm, v };
  }
  throw new Error('no ACTIVE VM with one data volume');
}

async function openDetail(a: AppHarness, vm: VmRecord): Promise<string> {
  await selectRow(a, vm.name);
  await a.press(KEY.enter);
  // below the fields and the metrics: scrolled down to it
  await a.waitFor('Metrics, last 1h');
  for (let i = 0; i < 60 && !/Volumes \(\d+\)[\s\S]*Security rules/.test(a.frame()); i++) await a.press('j');
  return a.waitFor((fr) => /Volumes \(\d+\)[\s\S]*Security rules/.test(fr));
}

describe('VM detail: its volumes', () => {
  it('lists each volume (type, size, status, device) and L opens it on the Volumes screen, selected', async () => {
    app = await renderApp({ screen: 'vms', height: 60, width: 140 });
    const { vm, v } = vmWithOneDataVolume(app.sim);
    const f = await openDetail(app, vm);
    expect(flat(f)).toContain(`Volumes (1) ${v.name} Cloud-SSD ${v.size} GB ATTACHED ${v.device}`);
    expect(flat(f)).toContain('L opens one on the Volumes screen');
    await app.press('L');
    const g = await app.waitFor((fr) => selectedRow(fr).startsWith(`› ${v.name} `));
    expect(g).toContain('Volumes');
    expect(app.store.getState().screen).toBe('volumes');
  }, 60_000);

  it('A attaches a volume of its environment: ATTACHING, then ATTACHED', async () => {
    let pick: { vm: VmRecord; v: VolumeRecord } | undefined;
    app = await renderApp({
      screen: 'vms',
      // tall enough that the whole detail shows: it scrolls back to the top when a dialog closes
      height: 130,
      width: 140,
      fastMs: 300,
      before: (sim) => {
        pick = vmWithOneDataVolume(sim);
        // a loose volume in the VM's environment
        const loose = [...sim.world.volumes.values()].find((x) => x.vmId === null)!;
        loose.envId = pick.vm.envId;
        loose.name = 'spare-disk';
      },
    });
    const { vm } = pick!;
    await openDetail(app, vm);
    await app.press('A');
    await app.waitFor(`Attach a volume to ${vm.name}`);
    await app.press(...'spare-disk', KEY.enter);
    let f = await app.waitFor((fr) => flat(fr).includes('Volume spare-disk'));
    await app.press(CTRL_S);
    await app.waitFor(`Volume spare-disk to ${vm.name} attaching`);
    f = await app.waitFor(
      (fr) => flat(fr).includes('spare-disk Cloud-SSD') && flat(fr).includes('ATTACHING'),
    );
    await app.advance(T.volumeAttachMs);
    f = await app.waitFor((fr) => /spare-disk Cloud-SSD \d+ GB ATTACHED/.test(flat(fr)), 8000);
    expect(flat(f)).toContain('Volumes (2)');
  }, 60_000);

  it('X detaches its volume after a confirmation: DETACHING, then gone from the list', async () => {
    app = await renderApp({ screen: 'vms', height: 130, width: 140, fastMs: 300 });
    const { vm, v } = vmWithOneDataVolume(app.sim);
    await openDetail(app, vm);
    await app.press('X');
    await app.waitFor(`Detach ${v.name} from ${vm.name}?`);
    await app.press('y');
    await app.waitFor((fr) => flat(fr).includes(`${v.name} Cloud-SSD ${v.size} GB DETACHING`));
    expect(app.exchanges).toContain(`POST /core/virtual-machines/${vm.id}/detach-volumes`);
    await app.advance(T.volumeAttachMs);
    const f = await app.waitFor((fr) => flat(fr).includes('Volumes (0)'), 8000);
    expect(flat(f)).toContain('no volume attached (A attaches one)');
  }, 60_000);
});
