import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { directSim } from '../support/sim-direct.js';

function sim() {
  const { clock, world, call, fail } = directSim();
  return { clock, world, call, fail };
}

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHRlc3Qta2V5LW1hdGVyaWFsLTMyLWJ5dGVzLSEhISEh me@host';

describe('environments', () => {
  it('creates, reads, renames and deletes an environment', () => {
    const s = sim();
    const env = s.call('POST', '/core/environments', {}, { name: 'eu-trials', region: 'NORWAY-1' }).body
      .environment;
    expect(env).toMatchObject({ name: 'eu-trials', region: 'NORWAY-1', features: { green_status: 'GREEN' } });
    const id = String(env.id);
    expect(s.call('GET', '/core/environments/:id', { id }).body.environment.name).toBe('eu-trials');
    expect(
      s.call('PUT', '/core/environments/:id', { id }, { name: 'eu-trials-2' }).body.environment.name,
    ).toBe('eu-trials-2');
    // Update_environment documents no 409: a taken name is a 400 bad_request
    expect(s.fail('PUT', '/core/environments/:id', { id }, { name: 'sandbox' })).toMatchObject({
      status: 400,
      reason: 'bad_request',
    });
    s.call('DELETE', '/core/environments/:id', { id });
    expect(s.fail('GET', '/core/environments/:id', { id }).status).toBe(404);
  });

  it.each([
    [{ name: 'Prod_EU', region: 'NORWAY-1' }, 400, 'only lowercase letters, digits and hyphens'],
    [{ name: 'x'.repeat(51), region: 'NORWAY-1' }, 400, 'name: Longer than maximum length 50.'],
    [{ name: 'ok', region: 'EU-9' }, 400, 'region must be one of NORWAY-1, CANADA-1, US-1'],
    [{ region: 'NORWAY-1' }, 400, "name: 'name' is a required property"],
    [{ name: 'sandbox', region: 'CANADA-1' }, 409, 'already exists'],
  ])('refuses %j', (body, status, message) => {
    const e = sim().fail('POST', '/core/environments', {}, body);
    expect(e.status).toBe(status);
    expect(e.message).toContain(message);
  });

  it('refuses to delete an environment that still holds resources', () => {
    const s = sim();
    const e = s.fail('DELETE', '/core/environments/:id', { id: '101' });
    // not allowed while it holds resources (405 not_allowed), the message listing them
    expect([e.status, e.reason]).toEqual([405, 'not_allowed']);
    expect(e.message).toMatch(/still contains \d+ virtual machines?, .*key pairs?.*\. Delete them first\./);
  });

  it('paginates and searches', () => {
    const body = sim().call('GET', '/core/environments').body;
    expect(body).toMatchObject({ count: body.environments.length, page: 1 });
  });
});

describe('key pairs', () => {
  it('imports a key with its MD5 fingerprint, renames and deletes it', () => {
    const s = sim();
    const kp = s.call(
      'POST',
      '/core/keypairs',
      {},
      { name: 'me', environment_name: 'sandbox', public_key: ED25519 },
    ).body.keypair;
    // an object (the OpenAPI's Keypair_Environment_Fields), not service-api.md's name
    expect(kp).toMatchObject({
      name: 'me',
      public_key: ED25519,
      environment: { name: 'sandbox', region: 'CANADA-1', features: { green_status: 'GREEN' } },
    });
    expect(kp.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    const id = String(kp.id);
    expect(s.call('PUT', '/core/keypair/:id', { id }, { name: 'me-2' }).body.keypair.name).toBe('me-2');
    s.call('DELETE', '/core/keypair/:id', { id });
    expect(s.fail('DELETE', '/core/keypair/:id', { id }).status).toBe(404);
  });

  it.each([
    [`${ED25519}\nssh-ed25519 AAAA second`, 'single line'],
    ['ssh-ed25519', 'not an OpenSSH public key'],
    ['not a key', 'unsupported key type'],
    ['ssh-foo AAAAB3NzaC1yc2EAAAADAQABAAABAQ== x', 'unsupported key type'],
    ['ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIHRlc3Qta2V5LW1hdGVyaWFsLTMyLWJ5dGVzLSEhISEh x', 'does not match'],
    ['ssh-ed25519 AAAA x', 'truncated'],
  ])('refuses the public key %j', (publicKey, message) => {
    const e = sim().fail(
      'POST',
      '/core/keypairs',
      {},
      { name: 'k', environment_name: 'sandbox', public_key: publicKey },
    );
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('refuses an unknown environment, a duplicate name, and names over 50 characters', () => {
    const s = sim();
    expect(
      s.fail('POST', '/core/keypairs', {}, { name: 'k', environment_name: 'mars', public_key: ED25519 })
        .status,
    ).toBe(404);
    const dup = { name: 'chen-macbook', environment_name: 'sandbox', public_key: ED25519 };
    expect(s.fail('POST', '/core/keypairs', {}, dup).status).toBe(409);
    const e = s.fail('PUT', '/core/keypair/:id', { id: '301' }, { name: 'k'.repeat(51) });
    expect([e.status, e.message, e.fields]).toEqual([
      400,
      'name: Length must be between 1 and 50.',
      { errors: { name: ['Length must be between 1 and 50.'] }, form: 'fields' },
    ]);
    expect(s.fail('PUT', '/core/keypair/:id', { id: '301' }, {}).message).toBe(
      "name: 'name' is a required property",
    );
    // Update_key_pair_name documents no 409: a taken name is a 400
    expect(s.fail('PUT', '/core/keypair/:id', { id: '301' }, { name: 'bob-workstation' })).toMatchObject({
      status: 400,
      reason: 'bad_request',
    });
  });
});

describe('firewalls', () => {
  const RULE = { direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', remote_ip_prefix: '10.0.0.0/8' };

  it('creates a firewall, adds and removes rules, attaches VMs, and deletes it once detached', () => {
    const s = sim();
    const fw = s.call(
      'POST',
      '/core/firewalls',
      {},
      { name: 'db', environment_id: 101, description: 'Postgres' },
    ).body.firewall;
    expect(fw).toMatchObject({
      name: 'db',
      description: 'Postgres',
      environment: { id: 101, name: 'research-norway' },
    });
    const fid = String(fw.id);
    const rule = s.call(
      'POST',
      '/core/firewalls/:firewall_id/firewall-rules',
      { firewall_id: fid },
      {
        ...RULE,
        port_range_min: 5432,
        port_range_max: 5432,
      },
    ).body.firewall_rule;
    expect(rule).toMatchObject({ port_range_min: 5432, status: 'SUCCESS' });
    const vms = [...s.world.vms.values()].filter((v) => v.envId === 101).map((v) => v.id);
    s.call(
      'POST',
      '/core/firewalls/:firewall_id/update-attachments',
      { firewall_id: fid },
      { vms: vms.slice(0, 2) },
    );
    let detail = s.call('GET', '/core/firewalls/:id', { id: fid }).body.firewall;
    expect(detail.attachments.map((a: any) => a.vm.id)).toEqual(vms.slice(0, 2));
    expect(detail.rules).toHaveLength(1);
    // an attached firewall cannot be deleted: a 400
    expect(s.fail('DELETE', '/core/firewalls/:id', { id: fid })).toMatchObject({
      status: 400,
      reason: 'bad_request',
      message: expect.stringMatching(/attached to 2 virtual machine\(s\)\. Detach it first\./),
    });
    s.call('DELETE', '/core/firewalls/:firewall_id/firewall-rules/:firewall_rule_id', {
      firewall_id: fid,
      firewall_rule_id: String(rule.id),
    });
    s.call('POST', '/core/firewalls/:firewall_id/update-attachments', { firewall_id: fid }, { vms: [] });
    detail = s.call('GET', '/core/firewalls/:id', { id: fid }).body.firewall;
    expect([detail.rules.length, detail.attachments.length]).toEqual([0, 0]);
    s.call('DELETE', '/core/firewalls/:id', { id: fid });
    expect(s.fail('GET', '/core/firewalls/:id', { id: fid }).status).toBe(404);
  });

  it('refuses bad input', () => {
    const s = sim();
    expect(s.fail('POST', '/core/firewalls', {}, { name: 'x', environment_id: 9999 }).status).toBe(404);
    expect(s.fail('POST', '/core/firewalls', {}, { name: 'x', environment_id: '101' }).message).toBe(
      'environment_id: "101" is not of type \'integer\'',
    );
    expect(s.fail('POST', '/core/firewalls', {}, { name: 'allow-ssh', environment_id: 101 }).status).toBe(
      409,
    );
    const other = [...s.world.vms.values()].find((v) => v.envId !== 101)!.id;
    const e = s.fail(
      'POST',
      '/core/firewalls/:firewall_id/update-attachments',
      { firewall_id: '501' },
      { vms: [other] },
    );
    expect([e.status, e.message]).toEqual([400, expect.stringContaining('is not in environment')]);
    expect(
      s.fail(
        'POST',
        '/core/firewalls/:firewall_id/update-attachments',
        { firewall_id: '501' },
        { vms: [999999] },
      ).status,
    ).toBe(404);
    expect(
      s.fail('POST', '/core/firewalls/:firewall_id/update-attachments', { firewall_id: '501' }, {}).status,
    ).toBe(400);
    expect(
      s.fail(
        'POST',
        '/core/firewalls/:firewall_id/firewall-rules',
        { firewall_id: '501' },
        { ...RULE, protocol: 'x' },
      ).status,
    ).toBe(400);
    // Add_rule_to_firewall documents no 404: an unknown firewall is a 400 bad_request
    expect(
      s.fail('POST', '/core/firewalls/:firewall_id/firewall-rules', { firewall_id: '999999' }, RULE),
    ).toMatchObject({ status: 400, reason: 'bad_request', message: 'Firewall with id 999999 not found.' });
  });

  it('detaches a deleted VM', () => {
    const s = sim();
    const att = s.world.firewalls.get(501)!.attachments[0]!;
    const vm = s.world.vms.get(att.vmId)!;
    if (vm.status === 'CREATING' || vm.status === 'BUILD') s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    s.call('DELETE', '/core/virtual-machines/:id', { id: String(vm.id) });
    s.clock.advance(DEFAULT_TIMINGS.vmDeleteMs);
    const fw = s.call('GET', '/core/firewalls/:id', { id: '501' }).body.firewall;
    expect(fw.attachments.map((a: any) => a.vm.id)).not.toContain(vm.id);
  });
});

describe('snapshots', () => {
  function snapshotSource(s: ReturnType<typeof sim>) {
    return [...s.world.vms.values()].find((v) => v.status === 'ACTIVE' && !v.snapshotting)!;
  }

  it('takes a snapshot (201, CREATING → SUCCESS), one at a time per VM', () => {
    const s = sim();
    const vm = snapshotSource(s);
    const res = s.call(
      'POST',
      '/core/virtual-machines/:vm_id/snapshots',
      { vm_id: String(vm.id) },
      { name: 'snap-a' },
    );
    expect(res.status).toBe(201);
    expect(res.body.snapshot).toMatchObject({ name: 'snap-a', status: 'CREATING', vm_id: vm.id });
    const again = s.fail(
      'POST',
      '/core/virtual-machines/:vm_id/snapshots',
      { vm_id: String(vm.id) },
      { name: 'snap-b' },
    );
    expect(again.status).toBe(400); // Create_Snapshot_for_VM documents no 409
    s.clock.advance(DEFAULT_TIMINGS.snapshotMs);
    const got = s.call('GET', '/core/snapshots/:id', { id: String(res.body.snapshot.id) }).body.snapshot;
    expect(got.status).toBe('SUCCESS');
    // objects and an array, as service-api.md describes the real service (the OpenAPI says strings)
    // strings, as SnapshotRetrieveFields declares them, holding the objects (and the labels array) as JSON
    expect(JSON.parse(got.vm_environment)).toMatchObject({ id: vm.envId });
    expect(JSON.parse(got.vm_flavor)).toMatchObject({ name: vm.flavor.name });
    expect(JSON.parse(got.vm_image)).toMatchObject({ name: vm.imageName });
    expect(JSON.parse(got.vm_keypair)).toMatchObject({ name: vm.keypairName });
    expect(got.labels).toBe('[]');
    expect(got.region).toBe(s.world.envs.get(vm.envId)!.region);
    // the list's SnapshotFields carry labels as an array and no region
    const listed = s.call('GET', '/core/snapshots').body.snapshots.find((x: any) => x.id === got.id);
    expect(listed.labels).toEqual([]);
    expect(listed).not.toHaveProperty('region');
  });

  it('refuses a snapshot of a VM in the wrong state and a duplicate name', () => {
    const s = sim();
    const hib = [...s.world.vms.values()].find((v) => v.status === 'HIBERNATED')!;
    const e = s.fail(
      'POST',
      '/core/virtual-machines/:vm_id/snapshots',
      { vm_id: String(hib.id) },
      { name: 'x' },
    );
    expect(e.message).toMatch(/is HIBERNATED and cannot be snapshotted/);
    const existing = [...s.world.snapshots.values()][0]!.name;
    const vm = snapshotSource(s);
    expect(
      s.fail('POST', '/core/virtual-machines/:vm_id/snapshots', { vm_id: String(vm.id) }, { name: existing })
        .status,
    ).toBe(400);
    expect(
      s.fail('POST', '/core/virtual-machines/:vm_id/snapshots', { vm_id: String(vm.id) }, {}).message,
    ).toBe("name: 'name' is a required property");
  });

  it('restores a snapshot into a new CREATING VM', () => {
    const s = sim();
    const snap = [...s.world.snapshots.values()].find((x) => x.status === 'SUCCESS')!;
    const inst = s.call(
      'POST',
      '/core/snapshots/:id/restore',
      { id: String(snap.id) },
      { new_vm_name: 'restored' },
    ).body.instance;
    expect(inst).toMatchObject({ name: 'restored', status: 'CREATING', flavor: { name: snap.flavor.name } });
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    expect(s.call('GET', '/core/virtual-machines/:id', { id: String(inst.id) }).body.instance.status).toBe(
      'ACTIVE',
    );
    expect(
      s.fail('POST', '/core/snapshots/:id/restore', { id: String(snap.id) }, { new_vm_name: 'restored' })
        .status,
    ).toBe(400); // Restore_snapshot documents neither 404 nor 409
    expect(
      s.fail('POST', '/core/snapshots/:id/restore', { id: '999999' }, { new_vm_name: 'r2' }),
    ).toMatchObject({
      status: 400,
      reason: 'bad_request',
    });
    expect(s.fail('POST', '/core/snapshots/:id/restore', { id: String(snap.id) }, {}).message).toBe(
      "new_vm_name: 'new_vm_name' is a required property",
    );
  });

  it('deletes through /core/snapshots/:id and through the VM path; refuses one still CREATING', () => {
    const s = sim();
    const [a, b] = [...s.world.snapshots.values()].filter((x) => x.status === 'SUCCESS');
    s.call('DELETE', '/core/snapshots/:id', { id: String(a!.id) });
    // Get_snapshot documents no 404 (200, 400, 401, 500); Delete_snapshot does
    expect(s.fail('GET', '/core/snapshots/:id', { id: String(a!.id) })).toMatchObject({
      status: 400,
      reason: 'bad_request',
    });
    expect(s.fail('DELETE', '/core/snapshots/:id', { id: String(a!.id) }).status).toBe(404);
    s.call('DELETE', '/core/virtual-machines/:vm_id/snapshots/:snapshot_id', {
      vm_id: String(b!.vmId),
      snapshot_id: String(b!.id),
    });
    expect(s.fail('GET', '/core/snapshots/:id', { id: String(b!.id) }).status).toBe(400);
    const creating = [...s.world.snapshots.values()].find((x) => x.status === 'CREATING')!;
    expect(s.fail('DELETE', '/core/snapshots/:id', { id: String(creating.id) }).status).toBe(400);
  });
});

describe('names: a limit only where the document gives one', () => {
  it('takes a long firewall, snapshot, image or description (none documented)', () => {
    const s = sim();
    const long = 'x'.repeat(120);
    const fw = s.call('POST', '/core/firewalls', {}, { name: long, environment_id: 101, description: long });
    expect(fw.body.firewall.name).toBe(long);
    const vm = [...s.world.vms.values()].find((v) => v.status === 'ACTIVE' && !v.snapshotting)!;
    const snap = s.call(
      'POST',
      '/core/virtual-machines/:vm_id/snapshots',
      { vm_id: String(vm.id) },
      { name: long },
    );
    expect(snap.body.snapshot.name).toBe(long);
    const done = [...s.world.snapshots.values()].find((x) => x.status === 'SUCCESS')!;
    const image = s.call(
      'POST',
      '/core/snapshots/:snapshot_id/image',
      { snapshot_id: String(done.id) },
      { name: long },
    );
    expect(JSON.stringify(image.body)).toContain(long);
  });

  it("refuses a volume name over Create_Volume_Payload's maxLength 50", () => {
    const s = sim();
    const e = s.fail(
      'POST',
      '/core/volumes',
      {},
      {
        name: 'v'.repeat(51),
        environment_name: [...s.world.envs.values()][0]!.name,
        volume_type: 'Cloud-SSD',
        size: 10,
      },
    );
    expect([e.status, e.message]).toEqual([400, expect.stringContaining('50')]);
  });
});

describe('profiles', () => {
  it('creates (201) and returns data as a JSON string (Profile_Fields), reads, lists and deletes', () => {
    const s = sim();
    const data = {
      environment_name: 'sandbox',
      flavor_name: 'n1-cpu-small',
      count: 2,
      assign_floating_ip: true,
    };
    const res = s.call('POST', '/core/profiles', {}, { name: 'p1', description: 'd', data });
    expect(res.status).toBe(201);
    // a string holding the object, in the create answer, the detail and the list (service-api.md: an object)
    expect(JSON.parse(res.body.profile.data)).toEqual(data);
    const id = String(res.body.profile.id);
    const got = s.call('GET', '/core/profiles/:id', { id }).body.profile;
    expect(got.name).toBe('p1');
    expect(JSON.parse(got.data)).toEqual(data);
    const listed = s.call('GET', '/core/profiles').body.profiles.find((p: any) => p.name === 'p1');
    expect(JSON.parse(listed.data)).toEqual(data);
    s.call('DELETE', '/core/profiles/:id', { id });
    expect(s.fail('GET', '/core/profiles/:id', { id }).status).toBe(404);
  });

  it.each([
    [{ name: 'p', data: 'x' }, 'data: "x" is not of type \'object\''],
    [{ name: 'p' }, "data: 'data' is a required property"],
    [{ name: 'p', data: { count: 'two' } }, 'data.count must be an integer.'],
    [{ name: 'p', data: {}, description: 'd'.repeat(151) }, 'description: Longer than maximum length 150.'],
    [{ name: 'h100-training-node', data: {} }, 'already exists'],
  ])('refuses %j', (body, message) => {
    expect(sim().fail('POST', '/core/profiles', {}, body).message).toContain(message);
  });
});
