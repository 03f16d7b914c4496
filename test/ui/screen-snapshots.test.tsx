/** The Snapshots screen in the whole app, against the simulator: list, detail, restore, image, delete, read-only. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { SimError } from '../../src/sim/route.js';
import type { Simulator } from '../../src/sim/server.js';
import type { SnapshotRecord, StockConfig } from '../../src/sim/world/types.js';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { emptySlice } from '../../src/store/engine/slice.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import { targetFor } from '../../src/store/state/resources.js';
import { flat, footerLine, rowOf, selectedRow, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, screenApp, selectRow } from '../support/render-app.js';

const CTRL_S = '\x13';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const open = screenApp('snapshots');
const snaps = (sim: Simulator) => [...sim.world.snapshots.values()];
const finished = (sim: Simulator) => snaps(sim).find((s) => s.status === 'SUCCESS') as SnapshotRecord;
const creating = (sim: Simulator) => snaps(sim).find((s) => s.status === 'CREATING') as SnapshotRecord;
const regionOf = (sim: Simulator, s: SnapshotRecord) => sim.world.envs.get(s.envId)!.region;

describe('Snapshots screen: the list and the detail', () => {
  it('shows name, source VM, status, size, region, $/h (from the pricebook) and age', async () => {
    app = await open();
    // the prices come with the pricebook, which may land after the list
    const f = await app.waitFor((fr) => snaps(app!.sim).every((s) => rowOf(fr, s.name).includes('/h ')));
    const header = f.split('\n').find((l) => l.includes('NAME'))!;
    let at = 0;
    for (const h of ['NAME', 'SOURCE VM', 'STATUS', 'SIZE', 'REGION', '$/H', 'AGE']) {
      at = header.indexOf(h, at);
      expect(at, h).toBeGreaterThan(0);
    }
    const all = snaps(app.sim);
    expect(all.length).toBeGreaterThan(1);
    for (const s of all) {
      const row = rowOf(f, s.name);
      // the pricebook's snapshot entry is $0.0001 per GB-hour
      const price = `$${(s.size * 0.0001).toFixed(6).replace(/0+$/, '')}/h`;
      expect(row).toMatch(
        new RegExp(
          ` ${s.vmName} +[●◐] ${s.status} +${s.size} GB ${regionOf(app.sim, s)} +${price.replace(/[$.]/g, '\\$&')} +\\d+[smhd]$`,
        ),
      );
    }
  });

  it('Enter shows the source VM (environment, flavor, key pair) and the events of the snapshot', async () => {
    app = await open({ height: 60 });
    const s = finished(app.sim);
    const env = app.sim.world.envs.get(s.envId)!;
    await selectRow(app, s.name);
    await app.press(KEY.enter);
    const f = await app.waitFor('Events (2)');
    expect(flat(f)).toContain(`environment ${env.name}`);
    expect(flat(f)).toContain(`flavor ${s.flavor.name}`);
    expect(flat(f)).toContain(`key pair ${s.keypairName}`);
    expect(f).toMatch(/SnapshotCreated: Snapshot \S+ is ready/);
    expect(f).toMatch(/SnapshotStarted: Snapshot \S+ of VM \S+ started/);
    expect(app.exchanges).toContain(`GET /core/snapshots/${s.id}/events`);
    expect(app.exchanges).toContain(`GET /core/snapshots/${s.id}`);
  });

  it('a snapshot being taken is followed until SUCCESS, with no key pressed', async () => {
    // polled every minute, but every 300 ms while something moves
    app = await open({ fastMs: 300 });
    const s = creating(app.sim);
    let f = await app.waitFor(s.name);
    expect(rowOf(f, s.name)).toContain('◐ CREATING');
    await app.advance(DEFAULT_TIMINGS.snapshotMs);
    f = await app.waitFor((fr) => rowOf(fr, s.name).includes('● SUCCESS'), 8000);
    expect(s.status).toBe('SUCCESS');
  });

  it('the poller polls the list fast while a snapshot is CREATING, and its events with it', () => {
    const store = createAppStore({ screen: 'snapshots', readOnly: false });
    // targetFor only wraps the loaders: nothing is called here
    const api = {} as Api;
    const list = targetFor(api, 'snapshots', store)!;
    const one = { id: 7, name: 'a', status: 'CREATING' };
    expect(list.transitioning?.([one])).toBe(true);
    expect(list.transitioning?.([{ ...one, status: 'SUCCESS' }])).toBe(false);
    store.setState({ slices: { snapshots: { ...emptySlice, data: [one], status: 'ok', updatedAt: 1 } } });
    expect(targetFor(api, 'snapshot-events:7', store)!.transitioning?.([])).toBe(true);
    expect(targetFor(api, 'snapshot-events:8', store)!.transitioning?.([])).toBe(false);
  });

  it('restore, image and delete are shown disabled on a snapshot being taken, saying why', async () => {
    app = await open();
    const s = creating(app.sim);
    await selectRow(app, s.name);
    await app.waitFor((fr) => footerLine(fr).includes('w (restore*)'));
    await app.press('w');
    const f = await app.waitFor((fr) => statusLine(fr).includes('not possible now'));
    expect(statusLine(f)).toContain('it is still being taken: wait until it is SUCCESS (finished)');
    expect(app.store.getState().modal).toBeNull();
  });
});

describe('Snapshots screen: restore', () => {
  it('w restores into a new VM: the VMs screen shows it CREATING and selected', async () => {
    app = await open();
    const s = finished(app.sim);
    await selectRow(app, s.name);
    await app.press('w');
    await app.waitFor(`Restore snapshot ${s.name}`);
    await app.waitFor('0/50');
    await app.press(...'restored-1', CTRL_S);
    const f = await app.waitFor((fr) => selectedRow(fr).startsWith('› restored-1 '));
    expect(f).toContain('Virtual machines');
    expect(selectedRow(f)).toContain('CREATING');
    expect(selectedRow(f)).toContain(s.flavor.name);
    expect(statusLine(f)).toContain(`VM restored-1 CREATING from snapshot ${s.name}`);
    expect(app.exchanges).toContain(`POST /core/snapshots/${s.id}/restore`);
    const vm = app.sim.world.vmByName.get('restored-1')!;
    expect(vm.status).toBe('CREATING');
    expect(app.store.getState().screen).toBe('vms');
  });

  it('the name is checked live (a VM of that name exists): nothing is sent', async () => {
    app = await open();
    const s = finished(app.sim);
    await selectRow(app, s.name);
    await app.press('w');
    await app.waitFor('0/50');
    await app.press(...s.vmName, CTRL_S);
    await app.waitFor(`a VM named ${s.vmName} already exists`);
    expect(app.exchanges.some((e) => e.endsWith('/restore'))).toBe(false);
  });

  it("the snapshot's flavor out of stock in its region is refused live", async () => {
    let gpuSnap: SnapshotRecord | undefined;
    app = await open({
      before: (sim) => {
        gpuSnap = snaps(sim).find((x) => x.status === 'SUCCESS' && x.flavor.gpuCount > 0)!;
        const model = sim.world.stock
          .get(gpuSnap.flavor.region)!
          .find((m) => m.model === gpuSnap!.flavor.gpu)!;
        model.configurations[`${gpuSnap.flavor.gpuCount}x` as StockConfig] = 0;
      },
    });
    const s = gpuSnap!;
    await selectRow(app, s.name);
    await app.press('w');
    await app.waitFor('0/50');
    await app.press(...'restored-2', CTRL_S);
    const f = await app.waitFor('out of stock');
    expect(flat(f)).toContain(`${s.flavor.name} is out of stock in ${s.flavor.region}`);
    expect(app.exchanges.some((e) => e.endsWith('/restore'))).toBe(false);
  });

  it("the service's refusal is shown in the form, which keeps what was typed", async () => {
    app = await open({
      routes: (defaults) =>
        defaults.map((r) =>
          r.path === '/core/snapshots/:id/restore'
            ? {
                ...r,
                handle: () => {
                  throw new SimError(400, 'bad_request', 'Quota of VMs reached for this organization.');
                },
              }
            : r,
        ),
    });
    const s = finished(app.sim);
    await selectRow(app, s.name);
    await app.press('w');
    await app.waitFor('0/50');
    await app.press(...'restored-3', CTRL_S);
    const f = await app.waitFor('Quota of VMs reached');
    expect(f).toContain(`Restore snapshot ${s.name}`);
    expect(f).toContain('restored-3');
    expect(app.store.getState().screen).toBe('snapshots');
  });
});

describe('Snapshots screen: image and delete', () => {
  it('i makes an image of the snapshot; then it is shown as one, and i is disabled', async () => {
    app = await open({ height: 60 });
    const s = finished(app.sim);
    await selectRow(app, s.name);
    await app.press('i');
    await app.waitFor(`Make an image of snapshot ${s.name}`);
    await app.press(...'golden-img', KEY.tab, ...'cuda, team-a', CTRL_S);
    let f = await app.waitFor('made of snapshot');
    expect(statusLine(f)).toMatch(/Image golden-img \(id \d+\) made of snapshot/);
    const image = app.sim.world.images.find((i) => i.name === 'golden-img')!;
    expect(image.region).toBe(regionOf(app.sim, s));
    expect(image.labels.map((l) => l.label)).toEqual(['cuda', 'team-a']);
    expect(s.isImage).toBe(true);
    await app.waitFor((fr) => footerLine(fr).includes('i (make image*)'));
    await app.press(KEY.enter);
    f = await app.waitFor('ImageCreated');
    // the image by name, once the snapshot's own read (which carries it) is in
    f = await app.waitFor((fr) => /image golden-img \(/.test(flat(fr)));
    expect(flat(f)).toMatch(/image golden-img \(#\d+, Snapshot, \d+\.\d GB, private, NORWAY-1\)/);
  });

  it('D deletes only once the exact name is typed; the row shows DELETING at once, then goes', async () => {
    app = await open();
    const s = finished(app.sim);
    await selectRow(app, s.name);
    await app.press('D');
    let f = await app.waitFor(`Delete snapshot ${s.name}?`);
    expect(flat(f)).toContain(`The snapshot (${s.size} GB) is deleted`);
    await app.press(...s.name.slice(0, -1), KEY.enter);
    await app.press(KEY.enter);
    expect(app.exchanges.some((e) => e.startsWith('DELETE'))).toBe(false);
    expect(app.sim.world.snapshots.has(s.id)).toBe(true);
    expect(app.store.getState().modal?.kind).toBe('type-to-confirm');

    let during = '';
    app.onExchange((e) => {
      if (e.startsWith('DELETE')) during = rowOf(app!.frame(), s.name);
    });
    await app.press(s.name.slice(-1), KEY.enter);
    // said by the action, then by its follow once the list no longer has it ("… is deleted after 1 s")
    f = await app.waitFor((fr) => new RegExp(`snapshot ${s.name} (is )?deleted`, 'i').test(statusLine(fr)));
    expect(during).toContain('◐ DELETING…');
    expect(app.exchanges).toContain(`DELETE /core/snapshots/${s.id}`);
    expect(app.sim.world.snapshots.has(s.id)).toBe(false);
    await app.waitFor((fr) => rowOf(fr, s.name) === '');
  });

  it('read-only: restore, image and delete are hidden, and their keys refused', async () => {
    app = await open({ readOnly: true });
    const s = finished(app.sim);
    await selectRow(app, s.name);
    const f = await app.waitFor((fr) => footerLine(fr).includes('Enter details'));
    for (const k of ['restore', 'make image', 'delete']) expect(footerLine(f)).not.toContain(k);
    for (const k of ['w', 'i', 'D']) {
      await app.press(k);
      await app.waitFor((fr) => statusLine(fr).includes('read-only'));
      expect(app.store.getState().modal).toBeNull();
      app.store.setState({ status: null });
    }
    expect(app.exchanges.some((e) => !e.startsWith('GET'))).toBe(false);
  });
});
