import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS, type WorldOptions } from '../../src/sim/world.js';
import { SSH_RULE } from '../fixtures/api/vm.js';
import { directSim } from '../support/sim-direct.js';

/** Calls route handlers directly, as the server would after matching method and path template. */
function sim(opts: WorldOptions = {}) {
  const { clock, world, call, fail } = directSim(opts);
  const vm = (id: number): any =>
    (call('GET', '/core/virtual-machines/:id', { id: String(id) }).body as any).instance;
  const act = (id: number, action: string, query = '') =>
    call('GET', `/core/virtual-machines/:id/${action}`, { id: String(id) }, undefined, query);
  const firstWith = (status: string): number => {
    for (const v of world.vms.values()) if (v.status === status) return v.id;
    throw new Error(`no ${status} VM`);
  };
  return { clock, world, call, fail, vm, act, firstWith };
}

const CREATE = {
  name: 'demo-7',
  environment_name: 'prod-canada',
  image_name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2',
  flavor_name: 'n1-cpu-medium',
  key_name: 'ci-deploy',
  count: 1,
};

describe('POST /core/virtual-machines', () => {
  it('creates VMs that go CREATING → BUILD → ACTIVE with the clock, then get their public IP', () => {
    const s = sim();
    const res: any = s.call('POST', '/core/virtual-machines', {}, { ...CREATE, assign_floating_ip: true });
    expect(res.body.status).toBe(true);
    const created = res.body.instances[0];
    expect(created).toMatchObject({
      name: 'demo-7',
      status: 'CREATING',
      power_state: 'NOSTATE',
      floating_ip: null,
    });
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs * 0.4);
    expect(s.vm(created.id).status).toBe('BUILD');
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs * 0.6);
    const active = s.vm(created.id);
    expect(active).toMatchObject({ status: 'ACTIVE', power_state: 'RUNNING', vm_state: 'active' });
    expect(active.floating_ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(active.floating_ip_status).toBe('ATTACHED');
    const events: any[] = (
      s.call('GET', '/core/virtual-machines/:id/events', { id: String(created.id) }).body as any
    ).instance_events;
    expect(events.map((e) => e.reason)).toEqual(['CreateRequested', 'Building', 'Created']);
  });

  it('names several VMs name-1 … name-N and creates a boot volume when asked', () => {
    const s = sim();
    const res: any = s.call(
      'POST',
      '/core/virtual-machines',
      {},
      { ...CREATE, count: 3, create_bootable_volume: true },
    );
    expect(res.body.instances.map((v: any) => v.name)).toEqual(['demo-7-1', 'demo-7-2', 'demo-7-3']);
    expect(res.body.instances[0].volume_attachments[0].volume).toMatchObject({ bootable: true, size: 100 });
  });

  it('applies a named profile for the fields the body leaves out', () => {
    const s = sim();
    const res: any = s.call(
      'POST',
      '/core/virtual-machines',
      {},
      { name: 'from-profile', profile: { name: 'cpu-bastion' } },
    );
    expect(res.body.instances[0]).toMatchObject({
      flavor: { name: 'n1-cpu-small' },
      environment: { name: 'sandbox' },
    });
    expect(
      s.fail('POST', '/core/virtual-machines', {}, { name: 'x', profile: { name: 'nope' } }).status,
    ).toBe(404);
  });

  it('refuses a name over 50 characters', () => {
    const e = sim().fail('POST', '/core/virtual-machines', {}, { ...CREATE, name: 'x'.repeat(51) });
    // a value out of its field's bounds: the `{status: false, errors: {field: [...]}}` form
    expect([e.status, e.message, e.fields]).toEqual([
      400,
      'name: Longer than maximum length 50.',
      { errors: { name: ['Longer than maximum length 50.'] }, form: 'fields' },
    ]);
    expect(
      sim().call('POST', '/core/virtual-machines', {}, { ...CREATE, name: 'x'.repeat(50) }).body,
    ).toBeTruthy();
  });

  it.each(['name', 'environment_name', 'image_name', 'flavor_name', 'key_name', 'count'])(
    'refuses a body without %s, naming it',
    (field) => {
      const body: Record<string, unknown> = { ...CREATE };
      delete body[field];
      const e = sim().fail('POST', '/core/virtual-machines', {}, body);
      expect(e.status).toBe(400);
      expect(e.message).toContain(field);
    },
  );

  it('refuses wrong types and a non-object body', () => {
    const s = sim();
    // a wrong type fails the payload schema: the "Input payload validation failed" form
    expect(s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, count: '2' })).toMatchObject({
      message: 'count: "2" is not of type \'integer\'',
      fields: { errors: { count: ['"2" is not of type \'integer\''] }, form: 'payload' },
    });
    expect(s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, count: 0 }).message).toContain('count');
    expect(
      s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, assign_floating_ip: 'yes' }).message,
    ).toContain('assign_floating_ip');
    expect(s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, labels: [1] }).message).toContain(
      'labels',
    );
    expect(s.fail('POST', '/core/virtual-machines', {}, [CREATE]).status).toBe(400);
    expect(s.fail('POST', '/core/virtual-machines', {}, undefined).status).toBe(400);
  });

  it.each([
    ['environment_name', 'nowhere', 'Environment "nowhere"'],
    ['flavor_name', 'n9-Z900x1', 'Flavor "n9-Z900x1"'],
    ['image_name', 'Plan 9', 'Image "Plan 9"'],
    ['key_name', 'no-such-key', 'Key pair "no-such-key"'],
  ])('answers 404 naming an unknown %s', (field, value, named) => {
    const e = sim().fail('POST', '/core/virtual-machines', {}, { ...CREATE, [field]: value });
    expect(e.status).toBe(404);
    expect(e.message).toContain(named);
  });

  it('refuses a flavor of another region and a key pair of another environment', () => {
    const s = sim();
    // RTX-A6000 is only sold in NORWAY-1; prod-canada is in CANADA-1
    expect(
      s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, flavor_name: 'n3-RTX-A6000x1' }).status,
    ).toBe(404);
    expect(s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, key_name: 'alice-laptop' }).status).toBe(
      404,
    );
  });

  it('refuses a duplicate name with 409', () => {
    const s = sim();
    const existing = [...s.world.vms.values()][0]!.name;
    const e = s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, name: existing });
    expect([e.status, e.reason]).toEqual([409, 'already_exist']);
  });

  it('refuses an out-of-stock flavor', () => {
    const s = sim();
    // H100 SXM5 is sold out in NORWAY-1 whatever the seed
    const e = s.fail(
      'POST',
      '/core/virtual-machines',
      {},
      {
        ...CREATE,
        environment_name: 'research-norway',
        key_name: 'alice-laptop',
        flavor_name: 'n3-H100x8',
      },
    );
    expect(e.status).toBe(400);
    expect(e.message).toContain('out of stock');
  });

  it('validates security_rules and a callback_url', () => {
    const s = sim();
    const bad = { direction: 'sideways', ethertype: 'IPv4', protocol: 'tcp', remote_ip_prefix: '0.0.0.0/0' };
    expect(
      s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, security_rules: [bad] }).message,
    ).toContain('security_rules[0].direction');
    expect(s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, callback_url: 'ftp://x' }).status).toBe(
      400,
    );
    const ok: any = s.call(
      'POST',
      '/core/virtual-machines',
      {},
      {
        ...CREATE,
        security_rules: [{ ...bad, direction: 'ingress', port_range_min: 22, port_range_max: 22 }],
      },
    );
    expect(ok.body.instances[0].security_rules.at(-1)).toMatchObject({
      direction: 'ingress',
      port_range_min: 22,
    });
  });
});

describe('GET /core/virtual-machines', () => {
  it('paginates, searches and filters by environment', () => {
    const s = sim();
    const page: any = s.call('GET', '/core/virtual-machines', {}, undefined, 'page=2&pageSize=7').body;
    expect(page).toMatchObject({ count: s.world.vms.size, page: 2, page_size: 7 });
    expect(page.instances.map((v: any) => v.id)).toEqual([...s.world.vms.keys()].slice(7, 14));
    const name = [...s.world.vms.values()][3]!.name;
    const found: any = s.call('GET', '/core/virtual-machines', {}, undefined, `search=${name}`).body;
    expect(found.instances.map((v: any) => v.name)).toContain(name);
    const env: any = s.call('GET', '/core/virtual-machines', {}, undefined, 'environment=ml-training').body;
    expect(env.instances.length).toBeGreaterThan(0);
    expect(env.instances.every((v: any) => v.environment.name === 'ml-training')).toBe(true);
    expect(s.fail('GET', '/core/virtual-machines', {}, undefined, 'page=zero').message).toContain('page');
  });

  it("returns one VM as `instance` only (not service-api.md's `instances[]`); unknown id 404, bad id 400", () => {
    const s = sim();
    const body: any = s.call('GET', '/core/virtual-machines/:id', { id: '4101' }).body;
    expect(body.instance.id).toBe(4101);
    expect(body).not.toHaveProperty('instances');
    expect(s.fail('GET', '/core/virtual-machines/:id', { id: '999999' }).status).toBe(404);
    expect(s.fail('GET', '/core/virtual-machines/:id', { id: 'abc' }).status).toBe(400);
  });
});

describe('VM actions', () => {
  const P = DEFAULT_TIMINGS.vmPowerMs;

  it('stop: ACTIVE → STOPPING → SHUTOFF', () => {
    const s = sim();
    const id = s.firstWith('ACTIVE');
    expect((s.act(id, 'stop').body as any).status).toBe(true);
    expect(s.vm(id)).toMatchObject({ status: 'STOPPING', power_state: 'RUNNING', vm_state: 'active' });
    s.clock.advance(P);
    expect(s.vm(id)).toMatchObject({ status: 'SHUTOFF', power_state: 'SHUTDOWN', vm_state: 'stopped' });
  });

  it('start: SHUTOFF → STARTING → ACTIVE', () => {
    const s = sim();
    const id = s.firstWith('SHUTOFF');
    s.act(id, 'start');
    expect(s.vm(id).status).toBe('STARTING');
    s.clock.advance(P);
    expect(s.vm(id)).toMatchObject({ status: 'ACTIVE', power_state: 'RUNNING' });
  });

  it('hard-reboot: REBOOTING → ACTIVE, also out of ERROR', () => {
    const s = sim();
    for (const id of [s.firstWith('ACTIVE'), s.firstWith('ERROR')]) {
      s.act(id, 'hard-reboot');
      expect(s.vm(id).status).toBe('REBOOTING');
      s.clock.advance(P);
      expect(s.vm(id).status).toBe('ACTIVE');
    }
  });

  it('hibernate: HIBERNATING → HIBERNATED, releasing the public IP unless retain_ip=true', () => {
    const s = sim();
    const withIp = [...s.world.vms.values()].filter((v) => v.status === 'ACTIVE' && v.floatingIp !== null);
    const [a, b] = withIp.map((v) => v.id) as [number, number];
    s.act(a, 'hibernate');
    s.act(b, 'hibernate', 'retain_ip=true');
    expect(s.vm(a).status).toBe('HIBERNATING');
    s.clock.advance(P);
    expect(s.vm(a)).toMatchObject({ status: 'HIBERNATED', vm_state: 'shelved_offloaded', floating_ip: null });
    expect(s.vm(b).floating_ip).not.toBeNull();
    // restore gives it a public IP again
    s.act(a, 'hibernate-restore');
    expect(s.vm(a).status).toBe('RESTORING');
    s.clock.advance(P);
    expect(s.vm(a)).toMatchObject({ status: 'ACTIVE', floating_ip_status: 'ATTACHED' });
  });

  it('refuses actions in the wrong state, in the service style', () => {
    const s = sim();
    const active = s.firstWith('ACTIVE');
    const e1 = s.fail('GET', '/core/virtual-machines/:id/start', { id: String(active) });
    expect([e1.status, e1.reason]).toEqual([400, 'bad_request']);
    expect(e1.message).toMatch(/is ACTIVE and cannot be started\. Only a SHUTOFF VM can be started\./);
    expect(
      s.fail('GET', '/core/virtual-machines/:id/stop', { id: String(s.firstWith('SHUTOFF')) }).message,
    ).toMatch(/is SHUTOFF and cannot be stopped/);
    expect(
      s.fail('GET', '/core/virtual-machines/:id/hibernate-restore', { id: String(active) }).message,
    ).toMatch(/Only a HIBERNATED VM can be restored/);
    expect(
      s.fail('GET', '/core/virtual-machines/:id/hibernate', { id: String(s.firstWith('HIBERNATED')) }).status,
    ).toBe(400);
  });

  it('refuses to delete a VM that is being created until it is ACTIVE', () => {
    const s = sim();
    const created: any = s.call('POST', '/core/virtual-machines', {}, CREATE).body;
    const id = String(created.instances[0].id);
    const e = s.fail('DELETE', '/core/virtual-machines/:id', { id });
    expect(e.message).toBe(
      'VM demo-7 is currently being created and cannot be deleted yet. Please wait until it is ACTIVE.',
    );
    // mid-transition the message names where it is going
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    s.act(Number(id), 'stop');
    expect(s.fail('GET', '/core/virtual-machines/:id/start', { id }).message).toBe(
      'VM demo-7 is currently stopping and cannot be started yet. Please wait until it is SHUTOFF.',
    );
    expect(s.fail('GET', '/core/virtual-machines/:id/stop', { id }).message).toBe(
      'VM demo-7 is currently stopping already; it will be SHUTOFF shortly.',
    );
  });

  it('delete: DELETING, then gone (404) and billed as a terminated resource', () => {
    const s = sim();
    const id = s.firstWith('SHUTOFF');
    s.call('DELETE', '/core/virtual-machines/:id', { id: String(id) });
    expect(s.vm(id).status).toBe('DELETING');
    expect(s.fail('GET', '/core/virtual-machines/:id/start', { id: String(id) }).message).toMatch(
      /being deleted/,
    );
    s.clock.advance(DEFAULT_TIMINGS.vmDeleteMs);
    expect(s.fail('GET', '/core/virtual-machines/:id', { id: String(id) }).status).toBe(404);
    const gone: any[] = (s.call('GET', '/billing/billing/usage', {}, undefined, 'deleted=true').body as any)
      .data;
    expect(gone.find((r) => r.resource_id === id)).toMatchObject({ active: false, bill_per_minute: null });
  });

  it('resize: RESIZING → back to its state with the new flavor', () => {
    const s = sim();
    const id = s.firstWith('SHUTOFF');
    const target = s.world.vms.get(id)!.flavor.name === 'n1-cpu-large' ? 'n1-cpu-small' : 'n1-cpu-large';
    s.call('POST', '/core/virtual-machines/:id/resize', { id: String(id) }, { flavor_name: target });
    expect(s.vm(id).status).toBe('RESIZING');
    s.clock.advance(DEFAULT_TIMINGS.vmResizeMs);
    expect(s.vm(id)).toMatchObject({ status: 'SHUTOFF', flavor: { name: target } });
    expect(s.fail('POST', '/core/virtual-machines/:id/resize', { id: String(id) }, {}).message).toBe(
      "flavor_name: 'flavor_name' is a required property",
    );
    expect(
      s.fail('POST', '/core/virtual-machines/:id/resize', { id: String(id) }, { flavor_name: target })
        .message,
    ).toMatch(/already has flavor/);
  });

  it('drops a pending step of a VM deleted meanwhile', () => {
    const s = sim();
    const v = [...s.world.vms.values()].find((x) => x.status === 'ACTIVE' && x.floatingIp === null)!;
    s.call('POST', '/core/virtual-machines/:id/attach-floatingip', { id: String(v.id) });
    s.call('DELETE', '/core/virtual-machines/:id', { id: String(v.id) });
    s.clock.advance(Math.max(DEFAULT_TIMINGS.vmDeleteMs, DEFAULT_TIMINGS.floatingIpMs));
    s.world.advance();
    expect(s.world.vms.has(v.id)).toBe(false);
    expect(v.floatingIp).toBeNull();
  });
});

describe('VM networking, callbacks, console, metrics', () => {
  it('attach-floatingip: ATTACHING → ATTACHED; detach: DETACHING → NO FLOATING IP', () => {
    const s = sim();
    const v = [...s.world.vms.values()].find((x) => x.status === 'ACTIVE' && x.floatingIp === null)!;
    const id = String(v.id);
    s.call('POST', '/core/virtual-machines/:id/attach-floatingip', { id });
    expect(s.vm(v.id).floating_ip_status).toBe('ATTACHING');
    expect(s.fail('POST', '/core/virtual-machines/:id/attach-floatingip', { id }).status).toBe(400);
    s.clock.advance(DEFAULT_TIMINGS.floatingIpMs);
    expect(s.vm(v.id)).toMatchObject({ floating_ip_status: 'ATTACHED' });
    s.call('POST', '/core/virtual-machines/:id/detach-floatingip', { id });
    expect(s.vm(v.id).floating_ip_status).toBe('DETACHING');
    s.clock.advance(DEFAULT_TIMINGS.floatingIpMs);
    expect(s.vm(v.id)).toMatchObject({ floating_ip: null, floating_ip_status: 'NO FLOATING IP' });
    expect(s.fail('POST', '/core/virtual-machines/:id/detach-floatingip', { id }).message).toMatch(
      /no public IP/,
    );
  });

  it('adds and deletes a VM firewall rule, validating it', () => {
    const s = sim();
    const id = '4101';
    const rule = SSH_RULE;
    const added: any = s.call('POST', '/core/virtual-machines/:id/sg-rules', { id }, rule).body;
    expect(added.security_rule).toMatchObject({ ...rule, status: 'SUCCESS' });
    expect(s.vm(4101).security_rules.map((r: any) => r.id)).toContain(added.security_rule.id);
    s.call('DELETE', '/core/virtual-machines/:id/sg-rules/:sg_rule_id', {
      id,
      sg_rule_id: String(added.security_rule.id),
    });
    expect(s.vm(4101).security_rules.map((r: any) => r.id)).not.toContain(added.security_rule.id);
    expect(
      s.fail('DELETE', '/core/virtual-machines/:id/sg-rules/:sg_rule_id', { id, sg_rule_id: '1' }).status,
    ).toBe(404);
    const bad = (patch: object) =>
      s.fail('POST', '/core/virtual-machines/:id/sg-rules', { id }, { ...rule, ...patch });
    expect(bad({ remote_ip_prefix: '300.1.1.1/8' }).message).toContain('remote_ip_prefix');
    expect(bad({ ethertype: 'IPv6' }).message).toContain('not an IPv6 network');
    expect(bad({ protocol: 'smtp' }).message).toContain('protocol');
    expect(bad({ port_range_min: 100, port_range_max: 10 }).message).toContain('port_range_min');
    expect(bad({ port_range_max: 70000 }).message).toContain('port_range_max');
  });

  it('attaches, updates and deletes a callback URL', () => {
    const s = sim();
    const id = '4101';
    const a: any = s.call(
      'POST',
      '/core/virtual-machines/:id/attach-callback',
      { id },
      { url: 'https://h.example/a' },
    );
    expect(a.body.url).toBe('https://h.example/a');
    expect(s.vm(4101).callback_url).toBe('https://h.example/a');
    expect(
      s.fail('POST', '/core/virtual-machines/:id/attach-callback', { id }, { url: 'https://h.example/b' })
        .status,
    ).toBe(400); // Attach_callback_to_VM documents no 409
    s.call('PUT', '/core/virtual-machines/:id/update-callback', { id }, { url: 'https://h.example/b' });
    expect(s.vm(4101).callback_url).toBe('https://h.example/b');
    s.call('DELETE', '/core/virtual-machines/:id/delete-callback', { id });
    expect(s.vm(4101).callback_url).toBeNull();
    expect(s.fail('DELETE', '/core/virtual-machines/:id/delete-callback', { id }).status).toBe(404);
    expect(
      s.fail('PUT', '/core/virtual-machines/:id/update-callback', { id }, { url: 'https://x.example' })
        .status,
    ).toBe(404);
    expect(s.fail('POST', '/core/virtual-machines/:id/attach-callback', { id }, {}).message).toBe(
      "url: 'url' is a required property",
    );
  });

  it('request-console returns the path to ask next, which gives the VNC URL', () => {
    const s = sim();
    const req: any = s.call('GET', '/core/virtual-machines/:id/request-console', { id: '4101' }).body;
    const m = /^\/core\/virtual-machines\/4101\/console\/(\d+)$/.exec(req.url)!;
    expect(m).not.toBeNull();
    const vnc: any = s.call('GET', '/core/virtual-machines/:id/console/:job_id', {
      id: '4101',
      job_id: m[1]!,
    }).body;
    expect(vnc.vnc_url.id).toBe(Number(m[1]));
    expect(vnc.vnc_url.vnc_url).toMatch(/^https:\/\//);
    expect(
      s.fail('GET', '/core/virtual-machines/:id/console/:job_id', { id: '4101', job_id: '1' }).status,
    ).toBe(404);
    const off = String(s.firstWith('SHUTOFF'));
    expect(s.fail('GET', '/core/virtual-machines/:id/request-console', { id: off }).status).toBe(400);
  });

  it('metrics: series for the duration; a stopped VM reports up to when it stopped, nothing after', () => {
    const s = sim();
    const m: any = s.call(
      'GET',
      '/core/virtual-machines/:id/metrics',
      { id: '4101' },
      undefined,
      'duration=6h',
    ).body;
    for (const k of ['cpu', 'memory.usages', 'network.in', 'network.out', 'disk.read', 'disk.write']) {
      expect(m[k].columns).toEqual(['time', 'granularity', 'value']);
    }
    expect(m.cpu.data.length).toBeGreaterThan(10);
    expect(m.cpu.data.some((row: any[]) => row[2] > 0)).toBe(true);
    const off = s.world.vms.get(s.firstWith('SHUTOFF'))!;
    const stopped = off.runs.at(-1)!.to!;
    const z: any = s.call('GET', '/core/virtual-machines/:id/metrics', { id: String(off.id) }).body;
    expect(z.cpu.data.length).toBeGreaterThan(0);
    expect(z.cpu.data.every((row: any[]) => Date.parse(row[0]) <= stopped)).toBe(true);
    expect(
      s.fail('GET', '/core/virtual-machines/:id/metrics', { id: '4101' }, undefined, 'duration=2w').status,
    ).toBe(400);
  });

  it('records an event for every action', () => {
    const s = sim();
    const id = s.firstWith('ACTIVE');
    s.act(id, 'stop');
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    s.act(id, 'start');
    s.clock.advance(DEFAULT_TIMINGS.vmPowerMs);
    const events: any[] = (s.call('GET', '/core/virtual-machines/:id/events', { id: String(id) }).body as any)
      .instance_events;
    expect(events.slice(-4).map((e) => e.reason)).toEqual(['Stopping', 'Stopped', 'Starting', 'Started']);
    expect(events.at(-1)).toMatchObject({
      instance_id: id,
      type: 'Normal',
      object: expect.stringContaining('Instance/'),
    });
  });
});
