/**
 * Contract: the real client against the running simulator over HTTP, for environments, key pairs, firewalls,
 * snapshots and provisioning profiles: every operation, its success and its main refusal.
 */
import { describe, expect, it } from 'vitest';
import type { Region } from '../../src/api/schemas/environment.js';
import type { FirewallRuleInput } from '../../src/api/schemas/firewall.js';
import { SSH_RULE } from '../fixtures/api/vm.js';
import {
  activeVm,
  apiError,
  DEFAULT_TIMINGS,
  SEED,
  simPerTest,
  sshPublicKey,
  vmBody,
} from '../support/sim-client.js';

const T = DEFAULT_TIMINGS;

const s = simPerTest();

async function envId(name: string): Promise<number> {
  const all = await s.api.environments.list();
  const env = all.items.find((e) => e.name === name);
  if (!env) throw new Error(`no environment ${name}`);
  return env.id;
}

describe('environments', () => {
  it('lists the environments with pagination fields, and filters with search', async () => {
    const page = await s.api.environments.list();
    expect(page.items.map((e) => e.name)).toEqual(
      expect.arrayContaining(['research-norway', 'prod-canada', 'staging-canada', 'ml-training', 'sandbox']),
    );
    expect(page.count).toBe(page.items.length);
    for (const e of page.items) expect(['NORWAY-1', 'CANADA-1', 'US-1']).toContain(e.region);

    const paged = await s.api.environments.list({ page: 2, pageSize: 2 });
    expect(paged).toMatchObject({ page: 2, pageSize: 2, count: page.items.length });
    expect(paged.items).toEqual(page.items.slice(2, 4));

    const canada = await s.api.environments.list({ search: 'canada' });
    expect(canada.items.length).toBeGreaterThan(0);
    expect(canada.items.every((e) => /canada/i.test(e.name) || e.region === 'CANADA-1')).toBe(true);
  });

  it('gets one environment by id, and 404 for an unknown id', async () => {
    const id = await envId('prod-canada');
    expect(await s.api.environments.get(id)).toMatchObject({ id, name: 'prod-canada', region: 'CANADA-1' });
    const e = await apiError(s.api.environments.get(999_999));
    expect(e.status).toBe(404);
  });

  it('creates an environment that then appears in the list', async () => {
    const env = await s.api.environments.create({ name: 'ct-env', region: 'NORWAY-1' });
    expect(env).toMatchObject({ name: 'ct-env', region: 'NORWAY-1' });
    expect(typeof env.id).toBe('number');
    expect((await s.api.environments.list()).items.map((e) => e.name)).toContain('ct-env');
    expect((await s.api.environments.get(env.id)).name).toBe('ct-env');
  });

  it('refuses an invalid name (400 naming it) and a duplicate (409)', async () => {
    const bad = await apiError(s.api.environments.create({ name: 'Bad Name!', region: 'CANADA-1' }));
    expect(bad.status).toBe(400);
    expect(bad.serviceMessage).toContain('Bad Name!');
    const dup = await apiError(s.api.environments.create({ name: 'prod-canada', region: 'CANADA-1' }));
    expect([dup.status, dup.reason]).toEqual([409, 'already_exist']);
    expect(dup.serviceMessage).toContain('prod-canada');
    expect(dup.message).toMatch(/^already exists \(HTTP 409/);
  });

  it('refuses a name of more than 50 characters (400)', async () => {
    const e = await apiError(s.api.environments.create({ name: 'e'.repeat(51), region: 'CANADA-1' }));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/50/);
    await expect(
      s.api.environments.create({ name: 'e'.repeat(50), region: 'CANADA-1' }),
    ).resolves.toMatchObject({
      name: 'e'.repeat(50),
    });
  });

  it('refuses an unknown region (400)', async () => {
    const e = await apiError(s.api.environments.create({ name: 'ct-mars', region: 'MARS-1' as Region }));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('MARS-1');
  });

  // Update_environment documents 400 and 404 but no 409: a taken name is a 400
  it('renames an environment; a taken name is refused (400)', async () => {
    const env = await s.api.environments.create({ name: 'ct-rename', region: 'CANADA-1' });
    const renamed = await s.api.environments.update(env.id, { name: 'ct-renamed' });
    expect(renamed).toMatchObject({ id: env.id, name: 'ct-renamed' });
    expect((await s.api.environments.get(env.id)).name).toBe('ct-renamed');
    const taken = await apiError(s.api.environments.update(env.id, { name: 'sandbox' }));
    expect(taken.status).toBe(400);
    expect(taken.serviceMessage).toContain('sandbox');
    expect((await apiError(s.api.environments.update(999_999, { name: 'x-y' }))).status).toBe(404);
  });

  // Delete_environment documents 400 and 404 but no 409: an environment in use is a 400
  it('deletes an empty environment; one holding resources is refused (405 not_allowed, listing them)', async () => {
    const env = await s.api.environments.create({ name: 'ct-delete', region: 'CANADA-1' });
    expect(await s.api.environments.delete(env.id)).toContain('ct-delete');
    expect((await apiError(s.api.environments.get(env.id))).status).toBe(404);
    expect((await apiError(s.api.environments.delete(env.id))).status).toBe(404);

    const busy = await apiError(s.api.environments.delete(await envId('prod-canada')));
    expect([busy.status, busy.reason]).toEqual([405, 'not_allowed']);
    expect(busy.serviceMessage).toMatch(/still contains \d+ virtual machines, .*key pairs/);
    expect(busy.message).toMatch(/^not allowed \(HTTP 405/);
  });
});

describe('keypairs', () => {
  it('lists the key pairs', async () => {
    const page = await s.api.keypairs.list();
    expect(page.items.length).toBeGreaterThanOrEqual(7);
    expect(page.items.map((k) => k.name)).toEqual(expect.arrayContaining(['ci-deploy', 'alice-laptop']));
    for (const k of page.items) {
      expect(k.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      expect(k.public_key).toMatch(/^ssh-/);
    }
    const found = await s.api.keypairs.list({ search: 'ci-dep' });
    expect(found.items.map((k) => k.name)).toEqual(['ci-deploy']);
  });

  it('imports a public key, which then appears in the list', async () => {
    const kp = await s.api.keypairs.import({
      name: 'ct-key',
      environment_name: SEED.env,
      public_key: sshPublicKey('ct@host'),
    });
    expect(kp.name).toBe('ct-key');
    expect(kp.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    const envName = typeof kp.environment === 'string' ? kp.environment : kp.environment?.name;
    expect(envName).toBe(SEED.env);
    expect((await s.api.keypairs.list()).items.map((k) => k.id)).toContain(kp.id);
    // the imported key can be used at once
    await expect(s.api.vms.create(vmBody('ct-key-user', { key_name: 'ct-key' }))).resolves.toHaveLength(1);
  });

  it('refuses a public key with a line break (400)', async () => {
    const key = sshPublicKey('ct@host');
    const broken = `${key.slice(0, 40)}\n${key.slice(40)}`;
    const e = await apiError(
      s.api.keypairs.import({ name: 'ct-broken', environment_name: SEED.env, public_key: broken }),
    );
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/single line/);
  });

  it('refuses an unknown environment with a 4xx naming it', async () => {
    const e = await apiError(
      s.api.keypairs.import({ name: 'ct-k', environment_name: 'atlantis', public_key: sshPublicKey() }),
    );
    expect(e.status).toBeGreaterThanOrEqual(400);
    expect(e.status).toBeLessThan(500);
    expect(e.serviceMessage).toContain('atlantis');
  });

  it('refuses a name of more than 50 characters (400)', async () => {
    const e = await apiError(
      s.api.keypairs.import({ name: 'k'.repeat(51), environment_name: SEED.env, public_key: sshPublicKey() }),
    );
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/50/);
  });

  it('refuses a name taken in the same environment (409)', async () => {
    const e = await apiError(
      s.api.keypairs.import({ name: 'ci-deploy', environment_name: SEED.env, public_key: sshPublicKey() }),
    );
    expect(e.status).toBe(409);
    expect(e.serviceMessage).toContain('ci-deploy');
  });

  it('renames a key pair (50 characters allowed, 51 refused with 400)', async () => {
    const kp = await s.api.keypairs.import({
      name: 'ct-rename-me',
      environment_name: SEED.env,
      public_key: sshPublicKey(),
    });
    const renamed = await s.api.keypairs.rename(kp.id, 'k'.repeat(50));
    expect(renamed).toMatchObject({ id: kp.id, name: 'k'.repeat(50) });
    const e = await apiError(s.api.keypairs.rename(kp.id, 'k'.repeat(51)));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/50/);
    expect((await apiError(s.api.keypairs.rename(999_999, 'x'))).status).toBe(404);
    // Update_key_pair_name documents 400 and 404 but no 409: a name taken in the environment is a 400
    const taken = await apiError(s.api.keypairs.rename(kp.id, SEED.key));
    expect(taken.status).toBe(400);
    expect(taken.serviceMessage).toContain(SEED.key);
  });

  it('deletes a key pair; deleting it again → 404', async () => {
    const kp = await s.api.keypairs.import({
      name: 'ct-delete-me',
      environment_name: SEED.env,
      public_key: sshPublicKey(),
    });
    expect(await s.api.keypairs.delete(kp.id)).toContain('ct-delete-me');
    expect((await s.api.keypairs.list()).items.map((k) => k.id)).not.toContain(kp.id);
    const e = await apiError(s.api.keypairs.delete(kp.id));
    expect(e.status).toBe(404);
  });
});

const SSH: FirewallRuleInput = SSH_RULE;

describe('firewalls', () => {
  it('lists firewalls with rules and attachments, filtered by environment', async () => {
    const all = await s.api.firewalls.list();
    expect(all.items.map((f) => f.name)).toEqual(
      expect.arrayContaining(['allow-ssh', 'web-public', 'internal-only']),
    );
    const web = all.items.find((f) => f.name === 'web-public')!;
    expect(web.rules?.length).toBeGreaterThan(0);
    expect(web.environment?.name).toBe('prod-canada');

    const canada = await s.api.firewalls.list({ environment: 'prod-canada' });
    expect(canada.items.map((f) => f.name)).toEqual(['web-public']);
  });

  it('gets one firewall with its rules and attachments; 404 for an unknown id', async () => {
    const { items } = await s.api.firewalls.list();
    const ssh = items.find((f) => f.name === 'allow-ssh')!;
    const fw = await s.api.firewalls.get(ssh.id);
    expect(fw).toMatchObject({ id: ssh.id, name: 'allow-ssh' });
    expect(fw.rules?.some((r) => r.port_range_min === 22)).toBe(true);
    expect(fw.attachments?.length).toBeGreaterThan(0);
    expect(fw.attachments?.[0]?.vm?.id).toEqual(expect.any(Number));
    expect((await apiError(s.api.firewalls.get(999_999))).status).toBe(404);
  });

  it('creates a firewall; an unknown environment id → 404; a duplicate → 409', async () => {
    const id = await envId(SEED.env);
    const fw = await s.api.firewalls.create({ name: 'ct-fw', environment_id: id, description: 'contract' });
    expect(fw).toMatchObject({ name: 'ct-fw', description: 'contract' });
    expect(fw.environment?.name).toBe(SEED.env);
    expect((await s.api.firewalls.get(fw.id)).rules).toEqual([]);

    const unknown = await apiError(s.api.firewalls.create({ name: 'ct-fw2', environment_id: 999_999 }));
    expect(unknown.status).toBe(404);
    const dup = await apiError(s.api.firewalls.create({ name: 'ct-fw', environment_id: id }));
    expect(dup.status).toBe(409);
  });

  it('adds and deletes a rule', async () => {
    const fw = await s.api.firewalls.create({ name: 'ct-fw-rules', environment_id: await envId(SEED.env) });
    const rule = await s.api.firewalls.addRule(fw.id, SSH);
    expect(rule).toMatchObject({ direction: 'ingress', protocol: 'tcp', port_range_min: 22 });
    expect((await s.api.firewalls.get(fw.id)).rules?.map((r) => r.id)).toEqual([rule.id]);

    const bad = await apiError(s.api.firewalls.addRule(fw.id, { ...SSH, ethertype: 'IPv6' }));
    expect(bad.status).toBe(400);
    expect(bad.serviceMessage).toContain('remote_ip_prefix');
    // Add_rule_to_firewall documents 400 but no 404: an unknown firewall is a 400
    const unknown = await apiError(s.api.firewalls.addRule(999_999, SSH));
    expect(unknown.status).toBe(400);
    expect(unknown.serviceMessage).toContain('999999');

    expect(await s.api.firewalls.deleteRule(fw.id, rule.id)).toMatch(/deleted/i);
    expect((await s.api.firewalls.get(fw.id)).rules).toEqual([]);
    expect((await apiError(s.api.firewalls.deleteRule(fw.id, rule.id))).status).toBe(404);
  });

  it('updates attachments; a VM of another environment is refused; an attached firewall cannot be deleted', async () => {
    const fw = await s.api.firewalls.create({ name: 'ct-fw-attach', environment_id: await envId(SEED.env) });
    const vm = await activeVm(s, 'ct-fw-vm');
    expect(await s.api.firewalls.updateAttachments(fw.id, [vm.id])).toContain('ct-fw-attach');
    const attached = await s.api.firewalls.get(fw.id);
    expect(attached.attachments?.map((a) => a.vm?.id)).toEqual([vm.id]);
    expect(attached.attachments?.[0]?.vm?.name).toBe('ct-fw-vm');

    const other = (await s.api.vms.listAll()).find((v) => v.environment?.name !== SEED.env)!;
    const e = await apiError(s.api.firewalls.updateAttachments(fw.id, [other.id]));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain(other.name);
    expect((await apiError(s.api.firewalls.updateAttachments(fw.id, [999_999]))).status).toBe(404);

    const busy = await apiError(s.api.firewalls.delete(fw.id));
    expect([busy.status, busy.reason]).toEqual([400, 'bad_request']);
    expect(busy.serviceMessage).toMatch(/attached/);

    await s.api.firewalls.updateAttachments(fw.id, []);
    expect((await s.api.firewalls.get(fw.id)).attachments).toEqual([]);
    expect(await s.api.firewalls.delete(fw.id)).toContain('ct-fw-attach');
    expect((await apiError(s.api.firewalls.get(fw.id))).status).toBe(404);
    expect((await apiError(s.api.firewalls.delete(fw.id))).status).toBe(404);
  });
});

describe('snapshots', () => {
  it('lists snapshots with pagination fields', async () => {
    const page = await s.api.snapshots.list();
    expect(page.items.length).toBeGreaterThanOrEqual(4);
    expect(page.count).toBe(page.items.length);
    expect(page.items.map((x) => x.status)).toEqual(expect.arrayContaining(['SUCCESS', 'CREATING']));
    const one = await s.api.snapshots.list({ page: 1, pageSize: 1 });
    expect(one.items).toHaveLength(1);
    expect(one.count).toBe(page.count);
  });

  it('listAll follows the pages to the whole list', async () => {
    const all = (await s.api.snapshots.list()).items.map((x) => x.id);
    expect(all.length).toBeGreaterThan(1);
    expect((await s.api.snapshots.listAll({ pageSize: 1 })).map((x) => x.id)).toEqual(all);
  });

  it('snapshots a VM: CREATING, then SUCCESS; the detail names the VM, its flavor and image', async () => {
    const vm = await activeVm(s, 'ct-snap-vm');
    const snap = await s.api.snapshots.create(vm.id, {
      name: 'ct-snap',
      description: 'contract snapshot',
      labels: ['ct'],
    });
    expect(snap).toMatchObject({ name: 'ct-snap', status: 'CREATING', vm_id: vm.id, labels: ['ct'] });
    expect((await s.api.snapshots.get(snap.id)).status).toBe('CREATING');
    s.clock.advance(T.snapshotMs);
    const done = await s.api.snapshots.get(snap.id);
    expect(done).toMatchObject({ id: snap.id, status: 'SUCCESS', vm_name: 'ct-snap-vm' });
    // the spec describes these as objects and `labels` as an array of strings
    expect(done.vm_flavor).toMatchObject({ name: SEED.cpuFlavor, cpu: 8 });
    expect(done.vm_image).toMatchObject({ name: SEED.image });
    expect(done.vm_environment).toMatchObject({ name: SEED.env, region: SEED.envRegion });
    expect(done.vm_keypair).toMatchObject({ name: SEED.key });
    expect(done.labels).toEqual(['ct']);
    expect((await s.api.snapshots.list()).items.map((x) => x.id)).toContain(snap.id);
  });

  it('refuses a snapshot of a VM still being created, and any action while one is being taken', async () => {
    const [young] = await s.api.vms.create(vmBody('ct-snap-young'));
    const e = await apiError(s.api.snapshots.create(young!.id, { name: 'ct-s1', description: 'x' }));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/currently being created/);

    const vm = await activeVm(s, 'ct-snap-twice');
    await s.api.snapshots.create(vm.id, { name: 'ct-s2', description: 'x' });
    // Create_Snapshot_for_VM documents 400 and 404 but no 409
    const twice = await apiError(s.api.snapshots.create(vm.id, { name: 'ct-s3', description: 'x' }));
    expect([twice.status, twice.reason]).toEqual([400, 'bad_request']);
    expect(twice.serviceMessage).toMatch(
      /is being snapshotted: no action is possible until the snapshot is done/,
    );
    // any action: the VM says so, and stop, hard reboot and delete are refused the same way
    expect((await s.api.vms.get(vm.id)).is_snapshotting).toBe(true);
    for (const refused of [s.api.vms.stop(vm.id), s.api.vms.hardReboot(vm.id), s.api.vms.delete(vm.id)])
      expect((await apiError(refused)).serviceMessage).toMatch(/is being snapshotted/);
    expect(
      (await apiError(s.api.snapshots.create(999_999, { name: 'ct-s4', description: 'x' }))).status,
    ).toBe(404);
  });

  it('deletes a finished snapshot (404 afterwards); one still being created is refused', async () => {
    const vm = await activeVm(s, 'ct-snap-del');
    const snap = await s.api.snapshots.create(vm.id, { name: 'ct-snap-del', description: 'x' });
    const early = await apiError(s.api.snapshots.delete(snap.id));
    expect(early.status).toBe(400);
    expect(early.serviceMessage).toMatch(/still being created/);
    s.clock.advance(T.snapshotMs);
    expect(await s.api.snapshots.delete(snap.id)).toContain('ct-snap-del');
    // Get_snapshot documents only 400 for a refusal (no 404)
    const gone = await apiError(s.api.snapshots.get(snap.id));
    expect(gone.status).toBe(400);
    expect(gone.serviceMessage).toContain(String(snap.id));
    expect((await apiError(s.api.snapshots.delete(snap.id))).status).toBe(404);
  });

  it('restores a snapshot into a new VM that becomes ACTIVE', async () => {
    const vm = await activeVm(s, 'ct-restore-src');
    const snap = await s.api.snapshots.create(vm.id, { name: 'ct-restore', description: 'x' });
    const early = await apiError(s.api.snapshots.restore(snap.id, { new_vm_name: 'ct-restored' }));
    expect(early.status).toBe(400);
    s.clock.advance(T.snapshotMs);
    const restored = await s.api.snapshots.restore(snap.id, { new_vm_name: 'ct-restored' });
    expect(restored).toMatchObject({ name: 'ct-restored', status: 'CREATING' });
    expect(restored.flavor?.name).toBe(SEED.cpuFlavor);
    s.clock.advance(T.vmCreateMs);
    expect((await s.api.vms.get(restored.id)).status).toBe('ACTIVE');

    // Restore_snapshot documents only 400 for a refusal (no 404, no 409)
    const dup = await apiError(s.api.snapshots.restore(snap.id, { new_vm_name: 'ct-restored' }));
    expect(dup.status).toBe(400);
    expect(dup.serviceMessage).toContain('ct-restored');
    const unknown = await apiError(s.api.snapshots.restore(999_999, { new_vm_name: 'ct-x' }));
    expect(unknown.status).toBe(400);
    expect(unknown.serviceMessage).toContain('999999');
  });

  it("keeps a snapshot's events: started, ready, restored, image made (List_Snapshot_Events)", async () => {
    const vm = await activeVm(s, 'ct-snap-ev');
    const snap = await s.api.snapshots.create(vm.id, { name: 'ct-snap-ev', description: 'x' });
    expect((await s.api.snapshots.events(snap.id)).map((e) => e.reason)).toEqual(['SnapshotStarted']);
    s.clock.advance(T.snapshotMs);
    await s.api.snapshots.restore(snap.id, { new_vm_name: 'ct-snap-ev-vm' });
    await s.api.snapshots.createImage(snap.id, { name: 'ct-snap-ev-image' });
    const events = await s.api.snapshots.events(snap.id);
    expect(events.map((e) => e.reason)).toEqual([
      'SnapshotStarted',
      'SnapshotCreated',
      'SnapshotRestored',
      'ImageCreated',
    ]);
    expect(events[2]?.message).toContain('ct-snap-ev-vm');
    for (const e of events) expect(Date.parse(e.time ?? '')).not.toBeNaN();
    // the seeded snapshots have a history too
    const seeded = (await s.api.snapshots.list()).items.find((x) => x.status === 'SUCCESS');
    expect((await s.api.snapshots.events(seeded!.id)).length).toBeGreaterThan(0);
    expect((await apiError(s.api.snapshots.events(999_999))).status).toBe(404);
  });

  it('makes a custom image of a finished snapshot: listed in its region, deleted with the snapshot', async () => {
    const vm = await activeVm(s, 'ct-snap-img');
    const snap = await s.api.snapshots.create(vm.id, { name: 'ct-snap-img', description: 'x' });
    const early = await apiError(s.api.snapshots.createImage(snap.id, { name: 'ct-image' }));
    expect(early.status).toBe(400);
    expect(early.serviceMessage).toMatch(/still being created/);
    s.clock.advance(T.snapshotMs);
    const made = await s.api.snapshots.createImage(snap.id, { name: 'ct-image', labels: ['ct'] });
    expect(made.id).toEqual(expect.any(Number));
    const images = (await s.api.catalog.images()).flatMap((g) => g.images ?? []);
    const image = images.find((i) => i.id === made.id);
    expect(image).toMatchObject({ name: 'ct-image', is_public: false });
    const detail = await s.api.snapshots.get(snap.id);
    expect(detail.is_image).toBe(true);
    expect(detail.custom_image).toMatchObject({ name: 'ct-image', type: 'Snapshot', is_public: false });
    // one image per snapshot; Create_custom_image documents no 409: a taken name is a 400
    expect((await apiError(s.api.snapshots.createImage(snap.id, { name: 'ct-image-2' }))).status).toBe(400);
    expect((await apiError(s.api.snapshots.createImage(999_999, { name: 'ct-x' }))).status).toBe(404);
    // deleting the snapshot deletes its image, and says the image's id
    expect(await s.api.snapshots.delete(snap.id)).toContain(String(made.id));
    const after = (await s.api.catalog.images()).flatMap((g) => g.images ?? []);
    expect(after.some((i) => i.id === made.id)).toBe(false);
  });
});

describe('profiles', () => {
  const data = {
    environment_name: SEED.env,
    image_name: SEED.image,
    flavor_name: SEED.cpuFlavor,
    key_name: SEED.key,
    assign_floating_ip: true,
    create_bootable_volume: false,
    count: 2,
    user_data: '#cloud-config\npackages:\n  - htop\n',
    callback_url: 'https://hooks.example.com/x',
  };

  it('lists the seeded profiles with their data as objects', async () => {
    const list = await s.api.profiles.list();
    expect(list.length).toBeGreaterThanOrEqual(2);
    const h100 = list.find((p) => p.name === 'h100-training-node')!;
    expect(h100.data).toMatchObject({ flavor_name: 'n3-H100x1', count: 1, assign_floating_ip: true });
  });

  it('creates a profile whose data round-trips as an object through create, get and list', async () => {
    const p = await s.api.profiles.create({ name: 'ct-profile', description: 'contract', data });
    expect(p).toMatchObject({ name: 'ct-profile', description: 'contract' });
    expect(p.data).toEqual(data);
    expect((await s.api.profiles.get(p.id)).data).toEqual(data);
    expect((await s.api.profiles.list()).find((x) => x.id === p.id)?.data).toEqual(data);
  });

  it('refuses a duplicate name (409), a 51-character name (400) and mistyped data (400 naming the field)', async () => {
    await s.api.profiles.create({ name: 'ct-profile-dup', data });
    expect((await apiError(s.api.profiles.create({ name: 'ct-profile-dup', data }))).status).toBe(409);
    expect((await apiError(s.api.profiles.create({ name: 'p'.repeat(51), data }))).status).toBe(400);
    const longDesc = await apiError(
      s.api.profiles.create({ name: 'ct-profile-desc', description: 'd'.repeat(151), data }),
    );
    expect(longDesc.status).toBe(400);
    expect(longDesc.serviceMessage).toMatch(/description/);
    const e = await apiError(
      s.api.profiles.create({ name: 'ct-profile-bad', data: { ...data, count: 'two' as unknown as number } }),
    );
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('count');
  });

  it('gets 404 for an unknown profile; deletes a profile (404 afterwards)', async () => {
    expect((await apiError(s.api.profiles.get(999_999))).status).toBe(404);
    const p = await s.api.profiles.create({ name: 'ct-profile-del', data });
    expect(await s.api.profiles.delete(p.id)).toContain('ct-profile-del');
    expect((await apiError(s.api.profiles.get(p.id))).status).toBe(404);
    expect((await apiError(s.api.profiles.delete(p.id))).status).toBe(404);
  });
});
