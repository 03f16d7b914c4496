import { afterEach, describe, expect, it, vi } from 'vitest';
import { perHour } from '../../src/domain/format.js';
import type { Simulator } from '../../src/sim/server.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { createVms } from '../../src/sim/world/vm-create.js';
import { footerLine, selectedRow, statusLine, stripSgr } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupApps();
});

const vmsOf = (sim: Simulator) => [...sim.world.vms.values()];
const regionOf = (sim: Simulator, vm: VmRecord) => sim.world.envs.get(vm.envId)!.region;
const envOf = (sim: Simulator, vm: VmRecord) => sim.world.envs.get(vm.envId)!.name;
const activeWithIp = (sim: Simulator) => vmsOf(sim).find((v) => v.status === 'ACTIVE' && v.floatingIp)!;
const rowOf = (f: string, name: string) => f.split('\n').find((l) => l.slice(2).startsWith(`${name} `)) ?? '';

/** Each value appears in the line, in this order. */
function expectInOrder(line: string, values: string[]) {
  let at = 0;
  for (const v of values) {
    const i = line.indexOf(v, at);
    expect(i, `"${v}" after column ${at} in:\n${line}`).toBeGreaterThanOrEqual(0);
    at = i + v.length;
  }
}

describe('VMs screen: the table', () => {
  it('shows name, status, power, flavor, GPUs, env/region, fixed IP, floating IP and age', async () => {
    app = await renderApp();
    const vm = activeWithIp(app.sim);
    const f = await app.waitFor(vm.name);
    const header = f.split('\n').find((l) => l.includes('NAME'))!;
    expectInOrder(header, [
      'NAME',
      'STATUS',
      'POWER',
      'FLAVOR',
      'GPUS',
      'ENVIRONMENT/REGION',
      'FIXED IP',
      'FLOATING IP',
      'AGE',
    ]);
    expectInOrder(rowOf(f, vm.name), [
      vm.name,
      'ACTIVE',
      vm.powerState,
      vm.flavor.name,
      ` ${vm.flavor.gpuCount} `,
      `${envOf(app.sim, vm)}/${regionOf(app.sim, vm)}`,
      vm.fixedIp,
      vm.floatingIp!,
    ]);
    expect(rowOf(f, vm.name)).toMatch(/\d+[dhms]( \d+[hms])?$/);
    const noIp = vmsOf(app.sim).find((v) => !v.floatingIp)!;
    expectInOrder(rowOf(f, noIp.name), [noIp.name, noIp.status, noIp.fixedIp, '—']);
  });

  it('shows only the actions valid for the selected VM in the footer', async () => {
    app = await renderApp({ width: 200 });
    const active = activeWithIp(app.sim);
    const shutoff = vmsOf(app.sim).find((v) => v.status === 'SHUTOFF')!;
    const hibernated = vmsOf(app.sim).find((v) => v.status === 'HIBERNATED')!;
    let f = await selectRow(app, active.name);
    f = await app.waitFor((fr) => footerLine(fr).includes('x stop'));
    for (const on of ['x stop', 'b hard reboot', 'h hibernate', 'D delete', 'C copy ssh']) {
      expect(footerLine(f)).toContain(on);
    }
    for (const off of ['s start', 'w wake']) expect(footerLine(f)).not.toContain(off);

    f = await selectRow(app, shutoff.name);
    f = await app.waitFor((fr) => footerLine(fr).includes('s start'));
    expect(footerLine(f)).not.toContain('x stop');
    // stopped, it is billed in full: hibernate is offered
    expect(footerLine(f)).toContain('h hibernate');

    f = await selectRow(app, hibernated.name);
    f = await app.waitFor((fr) => footerLine(fr).includes('w wake'));
    for (const off of ['s start', 'x stop', 'b hard reboot']) expect(footerLine(f)).not.toContain(off);
  });

  it('/ filters live as you type; Esc clears the filter', async () => {
    app = await renderApp();
    const all = vmsOf(app.sim);
    const benches = all.filter((v) => v.name.includes('bench'));
    const other = all.find((v) => !v.name.includes('bench'))!;
    expect(benches.length).toBeGreaterThan(1);
    await app.waitFor(other.name);
    await app.press('/', ...'bench');
    // No Enter yet: the rows narrow while typing.
    let f = await app.waitFor((fr) => !fr.includes(` ${other.name} `));
    for (const b of benches) expect(f).toContain(` ${b.name} `);
    const rows = f.split('\n').filter((l) => /^[› ] \S/.test(l) && !l.includes('NAME'));
    expect(rows).toHaveLength(benches.length);
    await app.press(KEY.esc);
    f = await app.waitFor(` ${other.name} `);
    for (const v of all.slice(0, 20)) expect(f).toContain(` ${v.name} `);
  });

  it('tells the store which VMs are on screen (the poller reads those alone in a big list)', async () => {
    app = await renderApp();
    const all = vmsOf(app.sim);
    await app.waitFor(all[0]!.name);
    const shownIds = (f: string) =>
      all.filter((v) => f.split('\n').some((l) => l.slice(2).startsWith(`${v.name} `))).map((v) => v.id);
    await vi.waitFor(() => {
      const ids = app!.store.getState().visibleIds.vms ?? [];
      expect(ids.length).toBeGreaterThan(3);
      expect([...ids].sort()).toEqual(shownIds(app!.frame()).sort());
    });
    const bench = all.filter((v) => v.name.includes('bench')).map((v) => v.id);
    await app.press('/', ...'bench');
    await vi.waitFor(() =>
      expect([...(app!.store.getState().visibleIds.vms ?? [])].sort()).toEqual(bench.sort()),
    );
  });

  it('keeps the selection on the same VM when a refresh inserts and re-sorts rows', async () => {
    // Tall enough to show every VM, the inserted one included.
    app = await renderApp({ height: 60 });
    const target = vmsOf(app.sim).find((v) => v.name.startsWith('jupyter'))!;
    await app.waitFor(target.name);
    await app.press('o'); // order by name
    await app.waitFor((f) => /NAME\s*[▲▼↑↓]/.test(f) || /[▲▼↑↓]\s*NAME/.test(f));
    const before = await selectRow(app, target.name);
    const position = (f: string) =>
      /(\d+)\/(\d+)\s*$/m.exec(f.split('\n').filter((l) => /\d+\/\d+\s*$/.test(l))[0] ?? '');
    const [, at, total] = position(before)!;
    createVms(app.sim.world, {
      name: 'aaa-inserted',
      environmentName: 'prod-canada',
      imageName: 'Ubuntu Server 22.04 LTS',
      flavorName: 'n1-cpu-medium',
      keyName: 'ci-deploy',
      count: 1,
    });
    await app.press('r');
    const after = await app.waitFor(' aaa-inserted ');
    expect(selectedRow(after).startsWith(`› ${target.name} `)).toBe(true);
    const [, at2, total2] = position(after)!;
    expect(Number(total2)).toBe(Number(total) + 1);
    expect(Number(at2)).toBe(Number(at) + 1);
    // The new VM sorts first.
    const names = after.split('\n').filter((l) => /^[› ] [a-z]/.test(l));
    expect(names[0]).toContain('aaa-inserted');
  });

  it('C copies "ssh USER@IP" with OSC 52, the user its image logs in as', async () => {
    let name = '';
    app = await renderApp({
      before: (sim) => {
        const vm = activeWithIp(sim);
        vm.imageName = 'Rocky Linux 9';
        name = vm.name;
      },
    });
    const vm = activeWithIp(app.sim);
    expect(vm.name).toBe(name);
    await selectRow(app, vm.name);
    await app.waitFor((f) => footerLine(f).includes('x stop'));
    await app.press('C');
    const f = await app.waitFor('copied to the clipboard');
    expect(statusLine(f)).toContain(`copied to the clipboard: ssh rocky@${vm.floatingIp}`);
    const osc = app.copied.join('').match(/\]52;c;([A-Za-z0-9+/=]+)/);
    expect(osc).not.toBeNull();
    expect(Buffer.from(osc![1]!, 'base64').toString('utf8')).toBe(`ssh rocky@${vm.floatingIp}`);
  });

  it('C and i refuse a public IP that is not an address: nothing reaches the clipboard', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's ${IFS}, verbatim, as a hostile service sent it
    const hostile = '1.2.3.4 -oProxyCommand=touch${IFS}/tmp/x;\n';
    let name = '';
    app = await renderApp({
      before: (sim) => {
        const vm = activeWithIp(sim);
        vm.floatingIp = hostile;
        name = vm.name;
      },
    });
    await selectRow(app, name);
    await app.waitFor((f) => footerLine(f).includes('x stop'));
    for (const key of ['C', 'i']) {
      await app.press(key);
      const f = await app.waitFor('not copied');
      expect(statusLine(f)).toContain(`not copied: the public IP of ${name} is not an IP address`);
      app.store.setState({ status: null });
    }
    expect(app.copied.join('')).not.toContain(']52;');
  });

  it('renders names with escape sequences inert', async () => {
    const clear = 'evil\x1b[2J-name';
    const clip = 'clip\x1b]52;c;aGFja2Vk\x07-x';
    app = await renderApp({
      height: 100,
      before: (sim) => {
        const [a, b] = vmsOf(sim);
        for (const [vm, name] of [
          [a!, clear],
          [b!, clip],
        ] as const) {
          sim.world.vmByName.delete(vm.name);
          vm.name = name;
          sim.world.vmByName.set(name, vm);
        }
      },
    });
    const inert = (f: string) => {
      expect(stripSgr(f)).not.toMatch(/[\x1b\x07]/);
    };
    let f = await app.waitFor('evil␛[2J-name');
    expect(f).toContain('clip␛]52;c;aGFja2Vk␇');
    inert(f);
    await app.press(KEY.enter);
    f = await app.waitFor((fr) => fr.includes('you pay') && fr.includes('Events'));
    inert(f);
    await app.press('y');
    f = await app.waitFor('(raw JSON)');
    inert(f);
  });
});

describe('VMs screen: the detail pane', () => {
  it('Enter shows every field, volumes, rules, labels, contract, callback, events and the hourly cost', async () => {
    let vm!: VmRecord;
    app = await renderApp({
      height: 120,
      before: (sim) => {
        vm = vmsOf(sim).find((v) => v.status === 'ACTIVE' && v.volumeIds.length > 0 && v.floatingIp)!;
        vm.labels = ['team-nlp', 'prod'];
        vm.callbackUrl = 'https://hooks.example.com/vm-events';
        vm.contractId = [...sim.world.contracts.keys()][0]!;
      },
    });
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    // the contract's terms come from a read of its own ("#11 Active · dates · price"): wait for them too
    const f = await app.waitFor(
      (fr) => fr.includes('you pay') && !fr.includes('loading…') && /^contract +#\d+ /m.test(fr),
    );
    const field = (label: string, value: string | number) =>
      expect(f).toMatch(
        new RegExp(`^${label.replace(/[/()]/g, '\\$&')} +${String(value).replace(/[.()+]/g, '\\$&')}`, 'm'),
      );
    field('id', vm.id);
    expect(f.split('\n')).toContain(vm.name); // the pane's title
    field('state', `● ACTIVE · ${vm.powerState}`);
    field('vm state', vm.vmState);
    field('where', `${envOf(app.sim, vm)} · ${regionOf(app.sim, vm)}`);
    field('GPU', `${vm.flavor.gpuCount} × ${vm.flavor.gpu} · ${vm.flavor.name}`);
    field('image', vm.imageName);
    field('os', vm.os);
    field('key pair', vm.keypairName);
    field('IP', `${vm.floatingIp!} public · ${vm.fixedIp} private`);
    field('floating IP status', vm.floatingIpStatus);
    field('contract', `#${vm.contractId!} Active`);
    field('callback', 'https://hooks.example.com/vm-events');
    field('labels', 'team-nlp, prod');
    expect(f).toMatch(/^created +\d{4}-\d\d-\d\d/m);
    expect(f).toContain(`Volumes (${vm.volumeIds.length})`);
    for (const id of vm.volumeIds) expect(f).toContain(app.sim.world.volumes.get(id)!.name);
    expect(f).toContain(`Security rules (${vm.rules.length})`);
    expect(f).toMatch(/^(ingress|egress) /m);
    expect(f).toContain('Events');
    for (const e of vm.events) expect(f).toContain(e.message);
    const rate = await app.api.billing.resourceRate('instance', vm.id);
    expect(f).toMatch(
      new RegExp(`^list price +${perHour(rate.resource.price).replace(/[$.()]/g, '\\$&')}`, 'm'),
    );
    expect(f).toMatch(
      new RegExp(`^you pay +${perHour(rate.resource.actual_price).replace(/[$.()]/g, '\\$&')}`, 'm'),
    );
    for (const c of rate.resource.resources ?? []) expect(f).toMatch(new RegExp(`^${c.type}\\b`, 'm'));
    expect(app.exchanges).toEqual(
      expect.arrayContaining([
        `GET /core/virtual-machines/${vm.id}/events`,
        `GET /pricebook/calculate/resource/instance/${vm.id}`,
      ]),
    );
  });

  it('y toggles raw JSON; Esc closes the pane', async () => {
    app = await renderApp();
    const vm = activeWithIp(app.sim);
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    let f = await app.waitFor('esc back');
    expect(f).toMatch(/^state +/m);
    await app.press('y');
    f = await app.waitFor(`${vm.name} (raw JSON)`);
    expect(f).toContain(`"id": ${vm.id},`);
    expect(f).toContain(`"name": "${vm.name}",`);
    await app.press('y');
    f = await app.waitFor((fr) => !fr.includes('(raw JSON)') && /^state +/m.test(fr));
    await app.press(KEY.esc);
    f = await app.waitFor((fr) => !fr.includes('esc back'));
    expect(selectedRow(f).startsWith(`› ${vm.name} `)).toBe(true);
    expect(f).not.toMatch(/^state/m);
  });
});

describe('VMs screen: a dialog or the help on top', () => {
  it('keeps the selection, the filter and the open detail underneath', async () => {
    app = await renderApp();
    const vm = vmsOf(app.sim).filter((v) => v.status === 'ACTIVE')[2]!;
    await app.waitFor(vm.name);
    await app.press('/', ...vm.name.slice(0, -1), KEY.enter);
    await selectRow(app, vm.name);
    await app.press(KEY.enter);
    await app.waitFor('esc back');
    await app.press('x');
    await app.waitFor(`Stop ${vm.name}?`);
    await app.press('n');
    let f = await app.waitFor((fr) => !fr.includes(`Stop ${vm.name}?`));
    expect(f).toContain('esc back');
    expect(selectedRow(f).startsWith(`› ${vm.name} `)).toBe(true);
    await app.press('?');
    await app.waitFor('Esc or ? closes');
    await app.press(KEY.esc);
    f = await app.waitFor((fr) => !fr.includes('Esc or ? closes'));
    expect(f).toContain('esc back');
    expect(selectedRow(f).startsWith(`› ${vm.name} `)).toBe(true);
    await app.press(KEY.esc);
    f = await app.waitFor((fr) => !fr.includes('esc back'));
    // The filter is still there (only matching rows).
    expect(f).toContain(`filter: ${vm.name.slice(0, -1)}`);
    expect(f).not.toContain(
      ` ${vmsOf(app.sim).find((v) => !v.name.startsWith(vm.name.slice(0, -1)))!.name} `,
    );
  });
});
