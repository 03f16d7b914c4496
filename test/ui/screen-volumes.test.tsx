/** The Volumes screen in the whole app, against the simulator: list, detail, create, attach, detach, move, delete. */
import { afterEach, describe, expect, it } from 'vitest';
import { SimError } from '../../src/sim/route.js';
import type { Simulator } from '../../src/sim/server.js';
import type { VmRecord, VolumeRecord } from '../../src/sim/world/types.js';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { flat, footerLine, rowOf, selectedRow, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, screenApp, selectRow } from '../support/render-app.js';

const CTRL_S = '\x13';
const T = DEFAULT_TIMINGS;

let app: AppHarness | undefined;
afterEach(cleanupApps);

const open = screenApp('volumes', { width: 140 });
const vols = (sim: Simulator) => [...sim.world.volumes.values()];
const loose = (sim: Simulator) => vols(sim).find((v) => v.vmId === null) as VolumeRecord;
/** A data volume attached to an ACTIVE VM. */
const attached = (sim: Simulator) =>
  vols(sim).find(
    (v) => v.vmId !== null && !v.bootable && sim.world.vms.get(v.vmId)?.status === 'ACTIVE',
  ) as VolumeRecord;
const envOf = (sim: Simulator, v: { envId: number }) => sim.world.envs.get(v.envId)!;
/** An ACTIVE VM of this environment. */
const activeVmIn = (sim: Simulator, envId: number) =>
  [...sim.world.vms.values()].find((vm) => vm.envId === envId && vm.status === 'ACTIVE') as VmRecord;

describe('Volumes screen: the list and the detail', () => {
  it('shows name, type, size, status, bootable, VM, environment / region, age and $/h from the pricebook', async () => {
    app = await open();
    const f = await app.waitFor((fr) => vols(app!.sim).every((v) => rowOf(fr, v.name).includes('/h')));
    const header = f.split('\n').find((l) => l.includes('NAME'))!;
    let at = 0;
    for (const h of ['NAME', 'TYPE', 'SIZE', 'STATUS', 'BOOT', 'VM', 'ENVIRONMENT/REGION', 'AGE', '$/H']) {
      at = header.indexOf(h, at);
      expect(at, h).toBeGreaterThan(0);
    }
    const a = attached(app.sim);
    const vm = app.sim.world.vms.get(a.vmId!)!;
    const env = envOf(app.sim, a);
    // the pricebook's Cloud-SSD entry: $0.00011 per GB-hour
    const price = `$${(a.size * 0.00011).toFixed(6).replace(/0+$/, '')}/h`;
    expect(rowOf(f, a.name)).toMatch(
      new RegExp(
        ` Cloud-SSD +${a.size} GB +. in-use +no +${vm.name} +${env.name}/${env.region} +\\d+[smhd] +${price.replace(/[$.]/g, '\\$&')}$`,
      ),
    );
    expect(rowOf(f, loose(app.sim).name)).toContain('available');
  });

  it('Enter shows the volume read alone, its attachment with the VM named, and its hourly cost', async () => {
    app = await open({ height: 60 });
    const a = attached(app.sim);
    const vm = app.sim.world.vms.get(a.vmId!)!;
    await selectRow(app, a.name);
    await app.press(KEY.enter);
    const f = await app.waitFor(
      (fr) => fr.includes('you pay') && flat(fr).includes(`${vm.name} ${a.device}`),
    );
    expect(flat(f)).toContain(`where ${envOf(app.sim, a).name} · `);
    expect(flat(f)).toContain(`attached to ${vm.name} ${a.device}`);
    expect(flat(f)).toContain(`${vm.name} ${a.device} ATTACHED`);
    expect(app.exchanges).toContain(`GET /pricebook/calculate/resource/volume/${a.id}`);
    await app.waitFor(() => app!.exchanges.includes(`GET /core/volumes/${a.id}`));
  });

  it('v on an attached volume goes to its VM on the VMs screen, selected', async () => {
    app = await open();
    const a = attached(app.sim);
    const vm = app.sim.world.vms.get(a.vmId!)!;
    await selectRow(app, a.name);
    await app.press('v');
    const f = await app.waitFor((fr) => selectedRow(fr).startsWith(`› ${vm.name} `));
    expect(f).toContain('Virtual machines');
    expect(app.store.getState().screen).toBe('vms');
  });
});

describe('Volumes screen: create', () => {
  it('c creates a volume: it shows creating, and is followed to available with no key pressed', async () => {
    app = await open({ fastMs: 300 });
    await app.waitFor(loose(app.sim).name);
    await app.press('c');
    await app.waitFor('New volume');
    await app.waitFor('0/50');
    await app.press(...'data-new', CTRL_S);
    let f = await app.waitFor((fr) => selectedRow(fr).startsWith('› data-new '));
    expect(selectedRow(f)).toContain('creating');
    expect(statusLine(f)).toContain('Volume data-new created');
    expect(app.exchanges).toContain('GET /core/volume/name-availability/data-new');
    expect(app.exchanges).toContain('POST /core/volumes');
    const v = vols(app.sim).find((x) => x.name === 'data-new')!;
    expect(v).toMatchObject({ size: 100, volumeType: 'Cloud-SSD', status: 'creating' });
    await app.advance(T.volumeCreateMs);
    f = await app.waitFor((fr) => rowOf(fr, 'data-new').includes('available'), 8000);
  });

  it('the name is checked live against the volumes listed: a taken name sends nothing', async () => {
    app = await open();
    const taken = loose(app.sim).name;
    await app.waitFor(taken);
    await app.press('c');
    await app.waitFor('0/50');
    await app.press(...taken, CTRL_S);
    await app.waitFor(`a volume named ${taken} already exists`);
    expect(app.exchanges.some((e) => e.startsWith('POST'))).toBe(false);
  });

  it("the service's refusal stays in the form with what was typed", async () => {
    app = await open({
      routes: (defaults) =>
        defaults.map((r) =>
          r.method === 'POST' && r.path === '/core/volumes'
            ? {
                ...r,
                handle: () => {
                  throw new SimError(400, 'bad_request', 'Volume quota exceeded for this organization.');
                },
              }
            : r,
        ),
    });
    await app.waitFor(loose(app.sim).name);
    await app.press('c');
    await app.waitFor('0/50');
    await app.press(...'quota-vol', CTRL_S);
    const f = await app.waitFor('Volume quota exceeded');
    expect(f).toContain('New volume');
    expect(f).toContain('quota-vol');
  });
});

describe('Volumes screen: attach, detach, protect', () => {
  it('a attaches to a VM of its environment: attaching, then in-use with the VM named', async () => {
    app = await open({ fastMs: 300 });
    const v = loose(app.sim);
    const vm = activeVmIn(app.sim, v.envId);
    await selectRow(app, v.name);
    await app.press('a');
    await app.waitFor(`Attach ${v.name} to a VM`);
    await app.press(...vm.name, KEY.enter, CTRL_S);
    let f = await app.waitFor(`Volume ${v.name} to ${vm.name} attaching`);
    expect(app.exchanges).toContain(`POST /core/virtual-machines/${vm.id}/attach-volumes`);
    f = await app.waitFor((fr) => rowOf(fr, v.name).includes('attaching'));
    await app.advance(T.volumeAttachMs);
    f = await app.waitFor((fr) => rowOf(fr, v.name).includes('in-use'), 8000);
    expect(rowOf(f, v.name)).toContain(vm.name);
  });

  it('a second attachment of the VM while one is under way: the service says why, in the form', async () => {
    // two loose volumes of one environment, as the app first reads them
    app = await open({
      before: (sim) => {
        const [a, b] = vols(sim).filter((v) => v.vmId === null);
        b!.envId = a!.envId;
      },
    });
    const [v1, v2] = vols(app.sim).filter((v) => v.vmId === null);
    const vm = activeVmIn(app.sim, v1!.envId);
    await app.api.volumes.attach(vm.id, [v1!.id]);
    await selectRow(app, v2!.name);
    await app.press('a');
    await app.waitFor(`Attach ${v2!.name} to a VM`);
    await app.press(...vm.name, KEY.enter, CTRL_S);
    const f = await app.waitFor('is already attaching volume');
    expect(flat(f)).toContain(`Virtual machine ${vm.name} is already attaching volume ${v1!.name}`);
    expect(f).toContain(`Attach ${v2!.name} to a VM`);
  });

  it('x detaches after a confirmation; a protected attachment is refused first, saying why, until p lifts it', async () => {
    let picked: VolumeRecord | undefined;
    app = await open({
      fastMs: 300,
      before: (sim) => {
        picked = attached(sim);
        picked.protected = true;
      },
    });
    const v = picked as VolumeRecord;
    await selectRow(app, v.name);
    await app.waitFor((fr) => footerLine(fr).includes('x (detach*)'));
    await app.press('x');
    let f = await app.waitFor((fr) => statusLine(fr).includes('not possible now'));
    expect(statusLine(f)).toContain('its attachment is protected: p lifts the protection');
    await app.press('p');
    f = await app.waitFor('is no longer protected');
    expect(v.protected).toBe(false);
    await app.waitFor((fr) => footerLine(fr).includes('x detach'));
    await app.press('x');
    await app.waitFor(`Detach ${v.name} from`);
    await app.press('y');
    f = await app.waitFor((fr) => rowOf(fr, v.name).includes('detaching'));
    await app.advance(T.volumeAttachMs);
    f = await app.waitFor((fr) => rowOf(fr, v.name).includes('available'), 8000);
    expect(v.vmId).toBeNull();
  });
});

describe('Volumes screen: move and delete', () => {
  it('D on an attached volume is refused before anything is typed, with the reason', async () => {
    app = await open();
    const v = attached(app.sim);
    const vm = app.sim.world.vms.get(v.vmId!)!;
    await selectRow(app, v.name);
    await app.waitFor((fr) => rowOf(fr, v.name).includes(` ${vm.name} `));
    await app.press('D');
    const f = await app.waitFor((fr) => statusLine(fr).includes('not possible now'));
    expect(statusLine(f)).toContain(`it is attached to ${vm.name}: detach it first (x)`);
    expect(app.store.getState().modal).toBeNull();
  });

  it('a volume the service names with null is listed, and deleted, as #ID (the rest of the list unharmed)', async () => {
    let nameless = 0;
    app = await open({
      before: (sim) => {
        const v = loose(sim);
        nameless = v.id;
        // the service's own shape for a field it has no value for
        (v as { name: string | null }).name = null;
      },
    });
    const label = `#${nameless}`;
    const named = vols(app.sim).filter((v) => v.id !== nameless);
    const f = await app.waitFor((fr) => rowOf(fr, label) !== '');
    for (const v of named) expect(rowOf(f, v.name)).not.toBe('');
    await selectRow(app, label);
    await app.press('D');
    await app.waitFor(`Delete volume ${label}?`);
    await app.waitFor(`Type ${label} to confirm`);
    await app.press(...label, KEY.enter);
    await app.waitFor(
      (fr) => statusLine(fr).toLowerCase().includes(`volume ${label}`) && /deleted/.test(statusLine(fr)),
    );
    expect(app.sim.world.volumes.has(nameless)).toBe(false);
  });

  it('D deletes once the exact name is typed; a refusal of the service is said in its words', async () => {
    app = await open();
    const v = loose(app.sim);
    await selectRow(app, v.name);
    await app.press('D');
    await app.waitFor(`Delete volume ${v.name}?`);
    await app.press(...v.name.slice(0, -1), KEY.enter);
    expect(app.exchanges.some((e) => e.startsWith('DELETE'))).toBe(false);
    await app.press(v.name.slice(-1), KEY.enter);
    // said by the action ("Volume … deleted"), then once more when its follow sees it gone ("… is deleted after 1 s")
    await app.waitFor((fr) => new RegExp(`volume ${v.name} (is )?deleted`, 'i').test(statusLine(fr)));
    expect(app.sim.world.volumes.has(v.id)).toBe(false);
    await app.waitFor((fr) => rowOf(fr, v.name) === '');

    // attached behind the list's back: the service refuses, and says why
    const other = vols(app.sim).find((x) => x.vmId === null)!;
    await selectRow(app, other.name);
    const vm = activeVmIn(app.sim, other.envId);
    await app.api.volumes.attach(vm.id, [other.id]);
    await app.press('D');
    await app.waitFor(`Delete volume ${other.name}?`);
    await app.press(...other.name, KEY.enter);
    const f = await app.waitFor((fr) => statusLine(fr).includes('failed'));
    expect(flat(statusLine(f))).toContain(`Volume ${other.name} is attaching`);
  });

  it('m moves a volume to another environment of its region; those of other regions are offered disabled', async () => {
    app = await open();
    const v = loose(app.sim);
    const here = envOf(app.sim, v);
    const target = [...app.sim.world.envs.values()].find(
      (e) => e.region === here.region && e.id !== here.id,
    )!;
    await selectRow(app, v.name);
    await app.press('m');
    await app.waitFor(`Move volume ${v.name}`);
    await app.press(KEY.enter);
    const list = await app.waitFor(
      `in ${here.region === 'NORWAY-1' ? 'CANADA-1' : 'NORWAY-1'}: a volume stays`,
    );
    expect(flat(list)).toContain(target.name);
    await app.press(...target.name, KEY.enter, CTRL_S);
    await app.waitFor(`moved to ${target.name}`);
    expect(v.envId).toBe(target.id);
    expect(app.exchanges).toContain(`PATCH /core/volumes/${v.id}`);
  });

  it('read-only: create, attach, detach, move and delete are hidden and their keys refused', async () => {
    app = await open({ readOnly: true });
    const v = attached(app.sim);
    await selectRow(app, v.name);
    const f = await app.waitFor((fr) => footerLine(fr).includes('Enter details'));
    for (const k of ['detach', 'protect', 'move', 'delete']) expect(footerLine(f)).not.toContain(k);
    for (const k of ['c', 'x', 'p', 'm', 'D']) {
      await app.press(k);
      await app.waitFor((fr) => statusLine(fr).includes('read-only'));
      expect(app.store.getState().modal).toBeNull();
      app.store.setState({ status: null });
    }
    expect(app.exchanges.some((e) => !e.startsWith('GET'))).toBe(false);
  });
});
