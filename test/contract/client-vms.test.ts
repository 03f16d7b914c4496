/**
 * Contract: the real client (transport + api.vms) against the running simulator over HTTP. Every VM operation,
 * its success and its main refusal. Time moves only through the ManualClock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SSH_RULE } from '../fixtures/api/vm.js';
import {
  activeVm,
  apiError,
  closeSimClients,
  DEFAULT_TIMINGS,
  SEED,
  type SimClient,
  startSimClient,
  vmBody,
} from '../support/sim-client.js';

const T = DEFAULT_TIMINGS;

let s: SimClient;
afterEach(closeSimClients);

describe('vms.create and vms.get', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('creates a VM in CREATING that becomes ACTIVE when the clock passes its creation time', async () => {
    const created = await s.api.vms.create(vmBody('ct-create-1', { labels: ['contract'] }));
    expect(created).toHaveLength(1);
    const vm = created[0]!;
    expect(vm).toMatchObject({ name: 'ct-create-1', status: 'CREATING' });
    expect(vm.environment?.name).toBe(SEED.env);
    expect(vm.flavor?.name).toBe(SEED.cpuFlavor);
    expect(vm.image?.name).toBe(SEED.image);
    expect(vm.keypair?.name).toBe(SEED.key);
    expect(vm.labels).toEqual(['contract']);

    expect((await s.api.vms.get(vm.id)).status).toBe('CREATING');
    s.clock.advance(T.vmCreateMs - 1);
    expect((await s.api.vms.get(vm.id)).status).not.toBe('ACTIVE');
    s.clock.advance(1);
    const active = await s.api.vms.get(vm.id);
    expect(active).toMatchObject({ id: vm.id, status: 'ACTIVE', power_state: 'RUNNING', vm_state: 'active' });
    expect(active.flavor).toMatchObject({ name: SEED.cpuFlavor, cpu: 8, ram: 8, disk: 100, gpu_count: 0 });
    expect(typeof active.fixed_ip).toBe('string');
  });

  it('creates `count` VMs named name-1 … name-N', async () => {
    const created = await s.api.vms.create(vmBody('ct-many', { count: 3 }));
    expect(created.map((v) => v.name)).toEqual(['ct-many-1', 'ct-many-2', 'ct-many-3']);
    expect(new Set(created.map((v) => v.id)).size).toBe(3);
    expect(created.every((v) => v.status === 'CREATING')).toBe(true);
  });

  it('assigns a public IP once ACTIVE when assign_floating_ip is true', async () => {
    const vm = await activeVm(s, 'ct-with-ip', { assign_floating_ip: true });
    expect(vm.floating_ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(vm.floating_ip_status).toBe('ATTACHED');
  });

  it('refuses a name longer than 50 characters with 400 naming the field', async () => {
    const e = await apiError(s.api.vms.create(vmBody('x'.repeat(51))));
    expect(e.status).toBe(400);
    expect(e.kind).toBe('http');
    expect(e.serviceMessage).toMatch(/name/);
    expect(e.serviceMessage).toMatch(/50/);
    expect(e.message).toContain('POST /core/virtual-machines');
    // exactly 50 is fine
    await expect(s.api.vms.create(vmBody('y'.repeat(50)))).resolves.toHaveLength(1);
  });

  it.each([
    ['flavor', { flavor_name: 'n9-nonexistent-flavor' }, 'n9-nonexistent-flavor'],
    ['image', { image_name: 'Plan9 from Bell Labs' }, 'Plan9 from Bell Labs'],
    ['key pair', { key_name: 'nobodys-key' }, 'nobodys-key'],
    ['environment', { environment_name: 'no-such-env' }, 'no-such-env'],
  ])('refuses an unknown %s with a 4xx that names it', async (_what, patch, name) => {
    const e = await apiError(s.api.vms.create(vmBody('ct-unknown', patch)));
    expect(e.status).toBeGreaterThanOrEqual(400);
    expect(e.status).toBeLessThan(500);
    expect(e.serviceMessage).toContain(name);
    expect(e.message).toContain(name);
  });

  it('refuses a callback_url longer than 250 characters (400)', async () => {
    const url = `https://hooks.example.com/${'x'.repeat(230)}`;
    const e = await apiError(s.api.vms.create(vmBody('ct-cb-long', { callback_url: url })));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/callback_url/);
  });

  it('refuses a second VM with the same name (409 naming it)', async () => {
    await s.api.vms.create(vmBody('ct-dup'));
    const e = await apiError(s.api.vms.create(vmBody('ct-dup')));
    expect(e.status).toBe(409);
    expect(e.serviceMessage).toContain('ct-dup');
  });

  it('answers 404 for an unknown VM id', async () => {
    const e = await apiError(s.api.vms.get(999_999));
    expect(e.status).toBe(404);
    expect(e.kind).toBe('http');
    expect(e.message).toMatch(/not found/i);
  });
});

describe('vms.list and vms.listAll (450 VMs and the clusters’ nodes, paged)', () => {
  /** Every VM of the organisation: the 450 seeded, and the clusters' nodes (VMs too). */
  let total = 0;
  beforeEach(async () => {
    s = await startSimClient({ vmCount: 450 });
    total = s.sim.world.vms.size;
    expect(total).toBeGreaterThan(400);
    expect(total).toBeLessThanOrEqual(500);
  });

  it('list returns one page with its pagination fields', async () => {
    s.delta();
    const p1 = await s.api.vms.list({ page: 1, pageSize: 100 });
    const p5 = await s.api.vms.list({ page: 5, pageSize: 100 });
    expect(s.delta()).toBe(2);
    expect(p1.items).toHaveLength(100);
    expect(p1).toMatchObject({ page: 1, pageSize: 100, count: total });
    expect(p5.items).toHaveLength(total - 400);
    expect(p5).toMatchObject({ page: 5, count: total });
    const ids1 = new Set(p1.items.map((v) => v.id));
    expect(p5.items.some((v) => ids1.has(v.id))).toBe(false);
  });

  it('listAll collects every VM exactly once and stops after the last page', async () => {
    s.delta();
    const all = await s.api.vms.listAll({ pageSize: 100 });
    expect(all).toHaveLength(total);
    expect(new Set(all.map((v) => v.id)).size).toBe(total);
    expect(s.delta()).toBe(5);
    const pages = s.exchanges.filter((x) => x.path === '/core/virtual-machines');
    expect(pages).toHaveLength(5);
    expect(pages.every((x) => x.status === 200)).toBe(true);
  });

  it('listAll without a page size asks once, unpaged, and gets all of them', async () => {
    s.delta();
    const all = await s.api.vms.listAll();
    expect(all).toHaveLength(total);
    expect(s.delta()).toBe(1); // the simulator, like a service that does not paginate unasked, sends all at once
  });

  it('list and listAll filter by environment and search', async () => {
    const inEnv = await s.api.vms.listAll({ environment: SEED.env, pageSize: 100 });
    expect(inEnv.length).toBeGreaterThan(0);
    expect(inEnv.length).toBeLessThan(total);
    expect(inEnv.every((v) => v.environment?.name === SEED.env)).toBe(true);

    const target = inEnv[0]!;
    const found = await s.api.vms.list({ search: target.name });
    expect(found.items.map((v) => v.id)).toContain(target.id);
    expect(found.items.every((v) => v.name.toLowerCase().includes(target.name.toLowerCase()))).toBe(true);
  });
});

describe('vms power actions', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('stop, start, hard reboot, hibernate and restore each pass through their transition', async () => {
    const vm = await activeVm(s, 'ct-power');
    const id = vm.id;
    const steps: [() => Promise<string>, string, string][] = [
      [() => s.api.vms.stop(id), 'STOPPING', 'SHUTOFF'],
      [() => s.api.vms.start(id), 'STARTING', 'ACTIVE'],
      [() => s.api.vms.hardReboot(id), 'REBOOTING', 'ACTIVE'],
      [() => s.api.vms.hibernate(id), 'HIBERNATING', 'HIBERNATED'],
      [() => s.api.vms.hibernateRestore(id), 'RESTORING', 'ACTIVE'],
    ];
    for (const [act, via, to] of steps) {
      const msg = await act();
      expect(msg).toContain('ct-power');
      expect((await s.api.vms.get(id)).status).toBe(via);
      s.clock.advance(T.vmPowerMs);
      expect((await s.api.vms.get(id)).status).toBe(to);
    }
    const final = await s.api.vms.get(id);
    expect(final).toMatchObject({ status: 'ACTIVE', power_state: 'RUNNING' });
  });

  it('refuses an action mid-transition with 400 "VM … is currently …"', async () => {
    const vm = await activeVm(s, 'ct-busy');
    await s.api.vms.stop(vm.id);
    for (const act of [
      () => s.api.vms.start(vm.id),
      () => s.api.vms.stop(vm.id),
      () => s.api.vms.hardReboot(vm.id),
      () => s.api.vms.hibernate(vm.id),
      () => s.api.vms.delete(vm.id),
    ]) {
      const e = await apiError(act());
      expect(e.status).toBe(400);
      expect(e.serviceMessage).toMatch(/^VM ct-busy is currently stopping/);
      expect(e.message).toContain('VM ct-busy is currently stopping');
    }
  });

  it('refuses an action on a VM that is still being created', async () => {
    const [vm] = await s.api.vms.create(vmBody('ct-young'));
    const e = await apiError(s.api.vms.stop(vm!.id));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/VM ct-young is currently being created/);
  });

  it('refuses an action that the state does not allow (start of an ACTIVE VM)', async () => {
    const vm = await activeVm(s, 'ct-running');
    const e = await apiError(s.api.vms.start(vm.id));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/ct-running is ACTIVE/);
    const r = await apiError(s.api.vms.hibernateRestore(vm.id));
    expect(r.status).toBe(400);
  });

  it('answers 404 for an action on an unknown VM', async () => {
    for (const act of [s.api.vms.start, s.api.vms.stop, s.api.vms.hardReboot, s.api.vms.hibernateRestore]) {
      const e = await apiError(act(999_999));
      expect(e.status).toBe(404);
    }
    expect((await apiError(s.api.vms.hibernate(999_999))).status).toBe(404);
  });

  it('hibernate keeps the public IP only with retainIp', async () => {
    const keep = await activeVm(s, 'ct-keep-ip', { assign_floating_ip: true });
    const drop = await activeVm(s, 'ct-drop-ip', { assign_floating_ip: true });
    await s.api.vms.hibernate(keep.id, { retainIp: true });
    await s.api.vms.hibernate(drop.id);
    s.clock.advance(T.vmPowerMs);
    const k = await s.api.vms.get(keep.id);
    const d = await s.api.vms.get(drop.id);
    expect(k.status).toBe('HIBERNATED');
    expect(k.floating_ip).toBe(keep.floating_ip);
    expect(d.status).toBe('HIBERNATED');
    expect(d.floating_ip ?? null).toBeNull();
  });
});

describe('vms.resize and vms.delete', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('resizes an ACTIVE VM through RESIZING to the new flavor', async () => {
    const vm = await activeVm(s, 'ct-resize');
    const msg = await s.api.vms.resize(vm.id, SEED.biggerCpuFlavor);
    expect(msg).toContain(SEED.biggerCpuFlavor);
    expect((await s.api.vms.get(vm.id)).status).toBe('RESIZING');
    s.clock.advance(T.vmResizeMs);
    const after = await s.api.vms.get(vm.id);
    expect(after.status).toBe('ACTIVE');
    expect(after.flavor).toMatchObject({ name: SEED.biggerCpuFlavor, cpu: 16 });
  });

  it('refuses a resize to an unknown flavor (naming it) and a resize mid-creation', async () => {
    const vm = await activeVm(s, 'ct-resize-bad');
    const e = await apiError(s.api.vms.resize(vm.id, 'n9-imaginary'));
    expect(e.status).toBeGreaterThanOrEqual(400);
    expect(e.status).toBeLessThan(500);
    expect(e.serviceMessage).toContain('n9-imaginary');

    const [young] = await s.api.vms.create(vmBody('ct-resize-young'));
    const busy = await apiError(s.api.vms.resize(young!.id, SEED.biggerCpuFlavor));
    expect(busy.status).toBe(400);
    expect(busy.serviceMessage).toMatch(/VM ct-resize-young is currently being created/);
  });

  it('deletes a VM: DELETING, then gone (get → 404)', async () => {
    const vm = await activeVm(s, 'ct-delete');
    const msg = await s.api.vms.delete(vm.id);
    expect(msg).toContain('ct-delete');
    expect((await s.api.vms.get(vm.id)).status).toBe('DELETING');
    const again = await apiError(s.api.vms.delete(vm.id));
    expect(again.status).toBe(400);
    s.clock.advance(T.vmDeleteMs);
    const e = await apiError(s.api.vms.get(vm.id));
    expect(e.status).toBe(404);
    expect((await apiError(s.api.vms.delete(vm.id))).status).toBe(404);
  });

  it('refuses to delete a VM that is still being created', async () => {
    const [vm] = await s.api.vms.create(vmBody('ct-delete-young'));
    const e = await apiError(s.api.vms.delete(vm!.id));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/VM ct-delete-young is currently being created/);
  });
});

describe('vms.metrics and vms.events', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('returns metric series keyed by name, for the asked duration; none asked: all kept', async () => {
    const vm = await activeVm(s, 'ct-metrics');
    const booted = s.clock.now();
    s.clock.advance(3 * 3_600_000);
    const m = await s.api.vms.metrics(vm.id, { duration: '1h' });
    expect(Object.keys(m)).toEqual(expect.arrayContaining(['cpu', 'memory.usages', 'network.in']));
    const cpu = m.cpu!;
    expect(cpu.data.length).toBeGreaterThan(0);
    expect(cpu.columns).toEqual(['time', 'granularity', 'value']);
    const day = await s.api.vms.metrics(vm.id, { duration: '1d' });
    const first = (series: typeof cpu) => Date.parse(String(series.data[0]![0]));
    // a longer duration reaches further back (here: to the VM's boot)
    expect(first(day.cpu!)).toBeLessThan(first(cpu));
    expect(first(day.cpu!) - booted).toBeLessThan(30 * 60_000);
    const all = await s.api.vms.metrics(vm.id);
    expect(first(all.cpu!) - booted).toBeLessThanOrEqual(5 * 60_000);
  });

  it('metrics of an unknown VM → 404', async () => {
    expect((await apiError(s.api.vms.metrics(999_999))).status).toBe(404);
  });

  it('records the VM history: events appear after actions', async () => {
    const vm = await activeVm(s, 'ct-events');
    const before = await s.api.vms.events(vm.id);
    expect(before.map((e) => e.reason)).toEqual(['CreateRequested', 'Building', 'Created']);
    await s.api.vms.stop(vm.id);
    s.clock.advance(T.vmPowerMs);
    const after = await s.api.vms.events(vm.id);
    expect(after.map((e) => e.reason)).toEqual([
      'CreateRequested',
      'Building',
      'Created',
      'Stopping',
      'Stopped',
    ]);
    expect(after.every((e) => e.instance_id === vm.id)).toBe(true);
    expect(after.at(-1)!.message).toContain('ct-events');
  });

  it('events of an unknown VM → 404', async () => {
    expect((await apiError(s.api.vms.events(999_999))).status).toBe(404);
  });
});

describe('vms security rules, public IP, callbacks, console', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('adds a rule to a VM and deletes it again', async () => {
    const vm = await activeVm(s, 'ct-rules');
    const rule = await s.api.vms.addRule(vm.id, SSH_RULE);
    expect(rule).toMatchObject({
      direction: 'ingress',
      protocol: 'tcp',
      port_range_min: 22,
      port_range_max: 22,
    });
    expect((await s.api.vms.get(vm.id)).security_rules?.map((r) => r.id)).toContain(rule.id);
    const msg = await s.api.vms.deleteRule(vm.id, rule.id);
    expect(msg).toMatch(/deleted/i);
    expect((await s.api.vms.get(vm.id)).security_rules?.map((r) => r.id)).not.toContain(rule.id);
    const e = await apiError(s.api.vms.deleteRule(vm.id, rule.id));
    expect(e.status).toBe(404);
    expect(e.serviceMessage).toContain(String(rule.id));
  });

  it('refuses a rule whose remote_ip_prefix is not a CIDR (400 naming the field)', async () => {
    const vm = await activeVm(s, 'ct-rules-bad');
    const e = await apiError(
      s.api.vms.addRule(vm.id, {
        direction: 'ingress',
        protocol: 'tcp',
        ethertype: 'IPv4',
        remote_ip_prefix: 'everywhere',
        port_range_min: 22,
        port_range_max: 22,
      }),
    );
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('remote_ip_prefix');
  });

  it('attaches and detaches a public IP', async () => {
    const vm = await activeVm(s, 'ct-fip');
    expect(vm.floating_ip_status).toBe('NO FLOATING IP');
    expect(await s.api.vms.attachFloatingIp(vm.id)).toContain('ct-fip');
    expect((await s.api.vms.get(vm.id)).floating_ip_status).toBe('ATTACHING');
    s.clock.advance(T.floatingIpMs);
    const attached = await s.api.vms.get(vm.id);
    expect(attached.floating_ip_status).toBe('ATTACHED');
    expect(attached.floating_ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const twice = await apiError(s.api.vms.attachFloatingIp(vm.id));
    expect(twice.status).toBe(400);
    expect(twice.serviceMessage).toMatch(/already has a public IP/);

    expect(await s.api.vms.detachFloatingIp(vm.id)).toContain('ct-fip');
    expect((await s.api.vms.get(vm.id)).floating_ip_status).toBe('DETACHING');
    s.clock.advance(T.floatingIpMs);
    const detached = await s.api.vms.get(vm.id);
    expect(detached.floating_ip_status).toBe('NO FLOATING IP');
    expect(detached.floating_ip ?? null).toBeNull();
    const none = await apiError(s.api.vms.detachFloatingIp(vm.id));
    expect(none.status).toBe(400);
    expect(none.serviceMessage).toMatch(/no public IP/);
  });

  it('attaches, updates and deletes a callback URL', async () => {
    const vm = await activeVm(s, 'ct-callback');
    const url1 = 'https://hooks.example.com/vm-events';
    const url2 = 'https://hooks.example.com/vm-events-v2';
    expect(await s.api.vms.attachCallback(vm.id, url1)).toBe(url1);
    expect((await s.api.vms.get(vm.id)).callback_url).toBe(url1);
    // Attach_callback documents 400 and 404 but no 409: a VM that already has a callback is a 400
    const dup = await apiError(s.api.vms.attachCallback(vm.id, url2));
    expect(dup.status).toBe(400);
    expect(dup.serviceMessage).toMatch(/update-callback/);

    expect(await s.api.vms.updateCallback(vm.id, url2)).toBe(url2);
    expect((await s.api.vms.get(vm.id)).callback_url).toBe(url2);

    expect(await s.api.vms.deleteCallback(vm.id)).toMatch(/deleted/i);
    expect((await s.api.vms.get(vm.id)).callback_url ?? null).toBeNull();
    expect((await apiError(s.api.vms.deleteCallback(vm.id))).status).toBe(404);
    expect((await apiError(s.api.vms.updateCallback(vm.id, url1))).status).toBe(404);
    const reasons = (await s.api.vms.events(vm.id)).map((e) => e.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['CallbackAttached', 'CallbackUpdated', 'CallbackDeleted']),
    );
  });

  it('refuses a callback URL that is not http(s) (400)', async () => {
    const vm = await activeVm(s, 'ct-callback-bad');
    const e = await apiError(s.api.vms.attachCallback(vm.id, 'ftp://example.com/x'));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/url/);
  });

  it('requests a console and follows the returned path to the VNC URL', async () => {
    const vm = await activeVm(s, 'ct-console');
    const next = await s.api.vms.requestConsole(vm.id);
    const m = new RegExp(`^/core/virtual-machines/${vm.id}/console/(\\d+)$`).exec(next);
    expect(m).not.toBeNull();
    const url = await s.api.vms.consoleUrl(vm.id, Number(m![1]));
    expect(url).toMatch(/^https:\/\//);
    const e = await apiError(s.api.vms.consoleUrl(vm.id, 1));
    expect(e.status).toBe(404);
  });

  it('refuses a console for a VM that is not ACTIVE', async () => {
    const [vm] = await s.api.vms.create(vmBody('ct-console-young'));
    const e = await apiError(s.api.vms.requestConsole(vm!.id));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/VM ct-console-young is currently being created/);
  });
});

describe('vms.editLabels (Add_VM_Label, OpenAPI)', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('replaces the labels; the VM carries them after; a label with a space is refused on its field', async () => {
    const vm = await activeVm(s, 'ct-labels');
    expect(await s.api.vms.editLabels(vm.id, ['gpu', 'training'])).toMatch(/Labels edited/);
    expect((await s.api.vms.get(vm.id)).labels).toEqual(['gpu', 'training']);
    await s.api.vms.editLabels(vm.id, []);
    expect((await s.api.vms.get(vm.id)).labels).toEqual([]);
    const e = await apiError(s.api.vms.editLabels(vm.id, ['two words']));
    expect(e.status).toBe(400);
    expect(e.fieldErrors?.labels?.[0] ?? e.serviceMessage).toMatch(/must not contain spaces/);
    expect((await apiError(s.api.vms.editLabels(999_999, ['x']))).status).toBe(404);
  });
});

describe('vms.requestLogs and vms.logs (Request_VM_Logs, Get_VM_Logs, OpenAPI)', () => {
  beforeEach(async () => {
    s = await startSimClient();
  });

  it('a request for the last n lines, then its lines; an unknown request → 404', async () => {
    const vm = await activeVm(s, 'ct-logs');
    s.clock.advance(3 * 3_600_000);
    const id = await s.api.vms.requestLogs(vm.id, 5);
    const text = await s.api.vms.logs(vm.id, id);
    const lines = text.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toMatch(/train\.py|checkpoint|NVRM/);
    const all = await s.api.vms.logs(vm.id, await s.api.vms.requestLogs(vm.id, 1000));
    expect(all).toContain('Linux version');
    expect((await apiError(s.api.vms.logs(vm.id, 424_242))).status).toBe(404);
    expect((await apiError(s.api.vms.requestLogs(vm.id, 0))).status).toBe(400);
  });
});
