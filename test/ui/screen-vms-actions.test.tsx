import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { perHour } from '../../src/domain/format.js';
import { flavorPrice, PUBLIC_IP_RATE, VOLUME_GB_RATE } from '../../src/sim/catalog.js';
import type { Simulator } from '../../src/sim/server.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { vmAction } from '../../src/sim/world/vm-actions.js';
import { footerLine, selectedRow, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const vmsOf = (sim: Simulator) => [...sim.world.vms.values()];
const withStatus = (sim: Simulator, status: string, nth = 0) =>
  vmsOf(sim).filter((v) => v.status === status)[nth]!;
/** Requests other than reads: the ones that change something (VM power actions are GETs, so by path too). */
const actions = (a: AppHarness) =>
  a.exchanges.filter(
    (e) => !e.startsWith('GET ') || /\/(start|stop|hard-reboot|hibernate|hibernate-restore)$/.test(e),
  );
const worldStatus = (a: AppHarness, vm: VmRecord) => a.sim.world.vms.get(vm.id)?.status;
/** A dialog's words on one line (its box and its wrapping taken out). */
const dialogText = (f: string) => f.replace(/[│╭╮╰╯─\s]+/g, ' ');
/** An ACTIVE VM with a public IP, no contract, that can hibernate (its rate is the catalogue's price). */
const ipVm = (sim: Simulator, nth = 0) =>
  vmsOf(sim).filter(
    (v) =>
      v.status === 'ACTIVE' &&
      v.floatingIp !== null &&
      v.contractId === null &&
      v.clusterId === null &&
      !v.locked &&
      !v.flavor.limits.noHibernation,
  )[nth]!;

/** Selects the VM and waits until its keys are in the footer. */
async function select(a: AppHarness, vm: VmRecord, key: string) {
  await selectRow(a, vm.name);
  await a.waitFor((f) => footerLine(f).includes(key));
}

describe('VM actions', () => {
  it('stop asks first: n sends nothing, y sends one stop; STOPPING at once, SHUTOFF once the clock moves', async () => {
    app = await renderApp();
    const vm = withStatus(app.sim, 'ACTIVE');
    await select(app, vm, 'x stop');

    await app.press('x');
    let f = await app.waitFor(`Stop ${vm.name}?`);
    expect(f).toContain('[y] stop   [h] hibernate instead   [n] cancel');
    expect(f).not.toContain('FLOATING IP'); // the table is hidden under the dialog
    await app.press('n');
    await app.waitFor((fr) => !fr.includes(`Stop ${vm.name}?`));
    expect(actions(app)).toEqual([]);
    expect(worldStatus(app, vm)).toBe('ACTIVE');

    await app.press('x');
    await app.waitFor(`Stop ${vm.name}?`);
    await app.press('y');
    f = await app.waitFor((fr) => selectedRow(fr).includes('STOPPING'));
    expect(selectedRow(f).startsWith(`› ${vm.name} `)).toBe(true);
    await app.waitFor((fr) => statusLine(fr).includes(`Stop requested for ${vm.name}`));
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/stop`]);
    expect(worldStatus(app, vm)).toBe('STOPPING');

    await app.advance(app.sim.world.timings.vmPowerMs);
    await app.press('r');
    f = await app.waitFor((fr) => selectedRow(fr).includes('SHUTOFF'));
    expect(selectedRow(f)).toContain(vm.name);
    expect(worldStatus(app, vm)).toBe('SHUTOFF');
    expect(actions(app)).toHaveLength(1);
    // Now it can be started, not stopped.
    f = await app.waitFor((fr) => footerLine(fr).includes('s start'));
    expect(footerLine(f)).not.toContain('x stop');
  });

  it('hard reboot asks (as a dangerous action) and sends one request', async () => {
    app = await renderApp();
    const vm = withStatus(app.sim, 'ACTIVE', 1);
    await select(app, vm, 'b hard reboot');
    await app.press('b');
    const f = await app.waitFor(`Hard reboot ${vm.name}?`);
    expect(f).toContain('⚠');
    await app.press('y');
    await app.waitFor((fr) => selectedRow(fr).includes('REBOOTING'));
    await app.waitFor((fr) => statusLine(fr).includes(`Hard reboot requested for ${vm.name}`));
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/hard-reboot`]);
    expect(worldStatus(app, vm)).toBe('REBOOTING');
    await app.advance(app.sim.world.timings.vmPowerMs);
    await app.press('r');
    await app.waitFor((fr) => selectedRow(fr).includes('● ACTIVE'));
  });

  it('a reply dropped after the work was done: "outcome unknown", reloaded, and the real state followed', async () => {
    app = await renderApp();
    const vm = withStatus(app.sim, 'ACTIVE', 1);
    await select(app, vm, 'b hard reboot');
    app.sim.faults.set({ dropRate: 1, paths: [`/core/virtual-machines/${vm.id}/hard-reboot`] });
    await app.press('b');
    await app.waitFor(`Hard reboot ${vm.name}?`);
    await app.press('y');
    const f = await app.waitFor((fr) => statusLine(fr).includes('reloaded'));
    expect(statusLine(f)).toContain(`Hard rebooting ${vm.name}: outcome unknown, reloaded, now REBOOTING`);
    expect(statusLine(f)).toContain('the connection closed before the answer');
    expect(statusLine(f)).not.toContain('failed');
    expect(selectedRow(f)).toContain('REBOOTING');
    // Sent once, never retried.
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/hard-reboot`]);
    expect(worldStatus(app, vm)).toBe('REBOOTING');
  });

  it('a 5xx on hard reboot is an unknown outcome: not "refused", and reboot is not offered again until the state is known', async () => {
    app = await renderApp({ width: 200 });
    const vm = withStatus(app.sim, 'ACTIVE', 1);
    await select(app, vm, 'b hard reboot');
    app.sim.faults.set({ error5xxRate: 1, paths: [`/core/virtual-machines/${vm.id}/hard-reboot`] });
    await app.press('b');
    await app.waitFor(`Hard reboot ${vm.name}?`);
    await app.press('y');
    let f = await app.waitFor((fr) => statusLine(fr).includes('reloaded'));
    expect(statusLine(f)).toContain(`Hard rebooting ${vm.name}: outcome unknown, reloaded, now ACTIVE`);
    expect(statusLine(f)).toMatch(/service error, HTTP 50[023]/);
    expect(statusLine(f)).not.toMatch(/refused|failed/);
    // The row says it may be rebooting; the key that would send a second reboot is held back.
    expect(selectedRow(f)).toContain('? REBOOTING');
    expect(footerLine(f)).not.toContain('b hard reboot');
    expect(footerLine(f)).toContain('x stop');
    await app.press('b');
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/hard-reboot`]);
    // Once the mark has run its time (the state is known: still ACTIVE), the key is back.
    const key = `vm:${vm.id}`;
    const mark = app.store.getState().pending[key]!;
    expect(mark.unknown).toBe(true);
    app.store.setState({ pending: { [key]: { ...mark, at: mark.at - 61_000 } } });
    f = await app.waitFor((fr) => footerLine(fr).includes('b hard reboot'));
    expect(selectedRow(f)).toContain('● ACTIVE');
  });

  it('a round trip that ends before the list is refreshed does not leave the row marked pending', async () => {
    app = await renderApp();
    const vm = withStatus(app.sim, 'ACTIVE', 1);
    await select(app, vm, 'b hard reboot');
    // The reboot is over by the time the app's refresh after the action reaches the service.
    app.onExchange((e) => {
      if (e.endsWith('/hard-reboot')) app!.clock.advance(app!.sim.world.timings.vmPowerMs);
    });
    await app.press('b');
    await app.waitFor(`Hard reboot ${vm.name}?`);
    await app.press('y');
    await app.waitFor((fr) => statusLine(fr).includes(`Hard reboot requested for ${vm.name}`));
    const f = await app.waitFor((fr) => selectedRow(fr).includes('● ACTIVE'));
    expect(selectedRow(f)).not.toContain('REBOOTING');
    expect(app.store.getState().pending).toEqual({});
  });

  it('stop says what the stopped VM keeps costing, and h hibernates instead (its own dialog)', async () => {
    app = await renderApp({ width: 160 });
    const vm = ipVm(app.sim);
    const full = flavorPrice(vm.flavor) + PUBLIC_IP_RATE;
    await select(app, vm, 'x stop');
    await app.press('x');
    let f = dialogText(await app.waitFor(`Stop ${vm.name}?`));
    expect(f).toContain(`keeps costing ${perHour(full)} while SHUTOFF`);
    expect(f).toContain(
      `Hibernated it would cost ${perHour(vm.flavor.disk * VOLUME_GB_RATE + PUBLIC_IP_RATE)}`,
    );
    await app.press('h');
    f = await app.waitFor(`Hibernate ${vm.name}?`);
    await app.press('y');
    await app.waitFor((fr) =>
      statusLine(fr).includes(`Hibernation requested for ${vm.name}, its public IP kept`),
    );
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/hibernate`]);
  });

  it('hibernate asks whether to keep the public IP, with what each costs: y keeps it, r releases it', async () => {
    app = await renderApp({ width: 160 });
    const [keep, release] = [ipVm(app.sim, 0), ipVm(app.sim, 1)];
    const disk = (v: VmRecord) => v.flavor.disk * VOLUME_GB_RATE;
    await select(app, keep, 'h hibernate');
    await app.press('h');
    let f = dialogText(await app.waitFor(`Hibernate ${keep.name}?`));
    expect(f).toContain(`${perHour(flavorPrice(keep.flavor) + PUBLIC_IP_RATE)} now`);
    expect(f).toContain(`keep the public IP ${keep.floatingIp}: ${perHour(disk(keep) + PUBLIC_IP_RATE)}`);
    expect(f).toContain(`release it: ${perHour(disk(keep))}`);
    expect(f).toContain('[y] hibernate, keep the IP [r] release the IP [n] cancel');
    await app.press('y');
    await app.waitFor((fr) => selectedRow(fr).includes('HIBERNATING'));

    await select(app, release, 'h hibernate');
    await app.press('h');
    f = await app.waitFor(`Hibernate ${release.name}?`);
    await app.press('r');
    await app.waitFor((fr) => statusLine(fr).includes(`Hibernation requested for ${release.name}`));
    app.clock.advance(app.sim.world.timings.vmPowerMs);
    app.sim.world.advance();
    expect(worldStatus(app, keep)).toBe('HIBERNATED');
    expect(app.sim.world.vms.get(keep.id)!.floatingIp).toBe(keep.floatingIp);
    expect(worldStatus(app, release)).toBe('HIBERNATED');
    expect(app.sim.world.vms.get(release.id)!.floatingIp).toBeNull();
  });

  it('a stopped VM is started, then hibernated once ACTIVE (the service hibernates only running VMs)', async () => {
    app = await renderApp({ width: 200 });
    const vm = vmsOf(app.sim).find(
      (v) => v.status === 'SHUTOFF' && v.floatingIp !== null && !v.locked && !v.flavor.limits.noHibernation,
    )!;
    await select(app, vm, 'h hibernate');
    await app.press('h');
    const f = dialogText(await app.waitFor(`Hibernate ${vm.name}?`));
    expect(f).toContain('it is started first');
    await app.press('y');
    await app.waitFor((fr) =>
      statusLine(fr).includes(`Start requested for ${vm.name}: it is hibernated once ACTIVE`),
    );
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/start`]);
    app.clock.advance(app.sim.world.timings.vmPowerMs);
    await app.waitFor((fr) =>
      statusLine(fr).includes(`Hibernation requested for ${vm.name}, its public IP kept`),
    );
    expect(actions(app)).toEqual([
      `GET /core/virtual-machines/${vm.id}/start`,
      `GET /core/virtual-machines/${vm.id}/hibernate`,
    ]);
    app.clock.advance(app.sim.world.timings.vmPowerMs);
    app.sim.world.advance();
    expect(worldStatus(app, vm)).toBe('HIBERNATED');
    expect(app.sim.world.vms.get(vm.id)!.floatingIp).toBe(vm.floatingIp);
  });

  it('hibernate asks and sends one request', async () => {
    app = await renderApp();
    const vm = ipVm(app.sim, 2);
    await select(app, vm, 'h hibernate');
    await app.press('h');
    await app.waitFor(`Hibernate ${vm.name}?`);
    await app.press('n');
    await app.waitFor((fr) => !fr.includes(`Hibernate ${vm.name}?`));
    expect(actions(app)).toEqual([]);
    await app.press('h');
    await app.waitFor(`Hibernate ${vm.name}?`);
    await app.press('y');
    await app.waitFor((fr) => selectedRow(fr).includes('HIBERNATING'));
    await app.waitFor((fr) => statusLine(fr).includes(`Hibernation requested for ${vm.name}`));
    expect(actions(app)).toEqual([`GET /core/virtual-machines/${vm.id}/hibernate`]);
    expect(worldStatus(app, vm)).toBe('HIBERNATING');
  });

  it('p (open SSH to the world) is marked as a change and asks first, saying what it opens', async () => {
    app = await renderApp({ width: 200 });
    const vm = withStatus(app.sim, 'ACTIVE', 3);
    const before = app.sim.world.vms.get(vm.id)!.rules.length;
    await select(app, vm, 'p open SSH*');
    expect(footerLine(app.frame())).toContain('D delete*');
    await app.press('p');
    let f = await app.waitFor(`Open SSH on ${vm.name} to the whole internet?`);
    expect(f).toContain('TCP port 22');
    expect(f).toContain('from 0.0.0.0/0 (any address');
    expect(f).toContain('⚠');
    await app.press('n');
    await app.waitFor((fr) => !fr.includes('to the whole internet?'));
    expect(actions(app)).toEqual([]);
    expect(app.sim.world.vms.get(vm.id)!.rules).toHaveLength(before);

    await app.press('p');
    await app.waitFor('to the whole internet?');
    await app.press('y');
    f = await app.waitFor((fr) => statusLine(fr).includes('added to'));
    expect(actions(app)).toEqual([`POST /core/virtual-machines/${vm.id}/sg-rules`]);
    const added = app.sim.world.vms.get(vm.id)!.rules.at(-1)!;
    expect(added).toMatchObject({
      portMin: 22,
      portMax: 22,
      remoteIpPrefix: '0.0.0.0/0',
      direction: 'ingress',
    });
  });

  it('delete wants the exact name: a wrong one is refused, the right one deletes', async () => {
    // wide: a SHUTOFF VM's footer lists start, hibernate … before delete
    app = await renderApp({ width: 200 });
    const vm = withStatus(app.sim, 'SHUTOFF');
    await select(app, vm, 'D delete');
    await app.press('D');
    await app.waitFor(`Delete ${vm.name}?`);
    const wrong = vm.name.slice(0, -1);
    await app.press(...wrong, KEY.enter);
    let f = await app.waitFor('that is not the exact name: nothing was done');
    expect(f).toContain(`Delete ${vm.name}?`);
    expect(actions(app)).toEqual([]);
    expect(worldStatus(app, vm)).toBe('SHUTOFF');

    await app.press(vm.name.slice(-1));
    f = await app.waitFor('✓ matches: Enter confirms');
    await app.press(KEY.enter);
    f = await app.waitFor((fr) => selectedRow(fr).includes('DELETING'));
    await app.waitFor((fr) => statusLine(fr).includes(`Delete requested for ${vm.name}`));
    expect(actions(app)).toEqual([`DELETE /core/virtual-machines/${vm.id}`]);

    await app.advance(app.sim.world.timings.vmDeleteMs);
    await app.press('r');
    f = await app.waitFor((fr) => !fr.includes(` ${vm.name} `));
    expect(app.sim.world.vms.has(vm.id)).toBe(false);
    expect(actions(app)).toHaveLength(1);
  });

  it('shows the service’s message when it refuses (the VM changed state behind the app’s back)', async () => {
    app = await renderApp();
    const vm = withStatus(app.sim, 'SHUTOFF');
    await select(app, vm, 's start');
    // Someone else starts it; the app has not refreshed and still offers start.
    vmAction(app.sim.world, vm, 'start');
    await app.advance(app.sim.world.timings.vmPowerMs);
    await app.press('s');
    const f = await app.waitFor((fr) => statusLine(fr).includes('failed'));
    const err = await app.api.vms.start(vm.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const said = (err as ApiError).serviceMessage!;
    expect(said).toContain(vm.name);
    expect(statusLine(f)).toContain(`Starting ${vm.name} failed: ${said.slice(0, 40)}`);
    // The pending mark is gone: the row shows the data again.
    expect(selectedRow(f)).not.toContain('STARTING…');
  });

  it('shows the 403 of a key without the permission (app not in read-only mode)', async () => {
    app = await renderApp({ key: 'readonly' });
    const vm = withStatus(app.sim, 'ACTIVE');
    await select(app, vm, 'x stop');
    await app.press('x');
    await app.waitFor(`Stop ${vm.name}?`);
    await app.press('y');
    const f = await app.waitFor((fr) => statusLine(fr).includes('failed'));
    expect(statusLine(f)).toContain(`Stopping ${vm.name} failed: Permission denied`);
    expect(statusLine(f)).not.toContain('GET /core');
    expect(worldStatus(app, vm)).toBe('ACTIVE');
    await app.waitFor((fr) => selectedRow(fr).includes('ACTIVE') && !selectedRow(fr).includes('STOPPING'));
  });
});
