/**
 * Contract: the volume client against the running simulator over HTTP: types, name availability, create (creating
 * → available on the clock), read, attach (attaching → in-use) and detach, protected attachments, move to another
 * environment, delete; and the service's refusals with its words.
 */
import { describe, expect, it } from 'vitest';
import { apiError, DEFAULT_TIMINGS, SEED, simPerTest, vmBody } from '../support/sim-client.js';

const T = DEFAULT_TIMINGS;

const s = simPerTest();

async function activeVm(name: string) {
  const [vm] = await s.api.vms.create(vmBody(name));
  s.clock.advance(T.vmCreateMs);
  return s.api.vms.get(vm!.id);
}

async function readyVolume(name: string, env: string = SEED.env, size = 50) {
  const v = await s.api.volumes.create({ name, environment_name: env, volume_type: 'Cloud-SSD', size });
  s.clock.advance(T.volumeCreateMs);
  return v;
}

describe('volumes', () => {
  it('lists the volume types, and says whether a name is taken', async () => {
    const types = await s.api.volumes.types();
    expect(types).toContain('Cloud-SSD');
    const taken = [...s.sim.world.volumes.values()][0]!.name;
    expect((await s.api.volumes.nameAvailable(taken)).available).toBe(false);
    expect(await s.api.volumes.nameAvailable('never-used-name')).toMatchObject({ available: true });
  });

  it('creates a volume: creating, then available after a while; read alone and in the list', async () => {
    const v = await s.api.volumes.create({
      name: 'data-1',
      environment_name: SEED.env,
      volume_type: 'Cloud-SSD',
      size: 100,
      description: 'scratch',
    });
    expect(v).toMatchObject({ name: 'data-1', status: 'creating', size: 100, bootable: false });
    expect(v.environment).toMatchObject({ name: SEED.env, region: SEED.envRegion });
    s.clock.advance(T.volumeCreateMs - 1);
    expect((await s.api.volumes.get(v.id)).status).toBe('creating');
    s.clock.advance(1);
    expect((await s.api.volumes.get(v.id)).status).toBe('available');
    expect((await s.api.volumes.listAll()).map((x) => x.name)).toContain('data-1');
  });

  it('creates a bootable volume from an image of the region', async () => {
    const image = s.sim.world.images.find((i) => i.region === SEED.envRegion)!;
    const v = await s.api.volumes.create({
      name: 'boot-1',
      environment_name: SEED.env,
      volume_type: 'Cloud-SSD',
      size: 100,
      image_id: image.id,
    });
    expect(v).toMatchObject({ bootable: true, image_id: image.id, os_image: image.name });
  });

  it('refuses a name taken (409), an unknown environment (404), a type or size out of bounds (400, on the field)', async () => {
    await readyVolume('dup');
    const dup = await apiError(
      s.api.volumes.create({ name: 'dup', environment_name: SEED.env, volume_type: 'Cloud-SSD', size: 1 }),
    );
    expect(dup.status).toBe(409);
    expect(dup.message).toContain('already exists');
    const env = await apiError(
      s.api.volumes.create({ name: 'x', environment_name: 'nowhere', volume_type: 'Cloud-SSD', size: 1 }),
    );
    expect(env.status).toBe(404);
    const type = await apiError(
      s.api.volumes.create({ name: 'x', environment_name: SEED.env, volume_type: 'Floppy', size: 1 }),
    );
    expect(type.fieldErrors?.volume_type?.[0]).toContain('Cloud-SSD');
    const size = await apiError(
      s.api.volumes.create({ name: 'x', environment_name: SEED.env, volume_type: 'Cloud-SSD', size: 0 }),
    );
    expect(size.fieldErrors?.size).toBeDefined();
  });

  it('attaches to a VM (attaching → in-use, listed in the VM), refuses delete while attached, detaches', async () => {
    const vm = await activeVm('vol-host');
    const v = await readyVolume('att-1');
    const [att] = await s.api.volumes.attach(vm.id, [v.id]);
    expect(att).toMatchObject({ volume_id: v.id, instance_id: vm.id, status: 'ATTACHING', protected: false });
    expect((await s.api.volumes.get(v.id)).status).toBe('attaching');
    s.clock.advance(T.volumeAttachMs);
    const got = await s.api.volumes.get(v.id);
    expect(got.status).toBe('in-use');
    expect(got.attachments?.[0]).toMatchObject({ instance_id: vm.id, status: 'ATTACHED' });
    const inVm = (await s.api.vms.get(vm.id)).volume_attachments ?? [];
    expect(inVm.map((a) => a.volume?.name)).toContain('att-1');

    const del = await apiError(s.api.volumes.delete(v.id));
    expect(del.status).toBe(400);
    expect(del.message).toContain('is attached to virtual machine vol-host');

    await s.api.volumes.detach(vm.id, [v.id]);
    expect((await s.api.volumes.get(v.id)).status).toBe('detaching');
    s.clock.advance(T.volumeAttachMs);
    expect(await s.api.volumes.get(v.id)).toMatchObject({ status: 'available', attachments: [] });
    expect(await s.api.volumes.delete(v.id)).toContain('deleted');
    expect((await s.api.volumes.listAll()).some((x) => x.id === v.id)).toBe(false);
  });

  it('refuses a second attachment: a volume attached elsewhere, a VM busy attaching another, a volume still creating', async () => {
    const a = await activeVm('vm-a');
    const b = await activeVm('vm-b');
    const v1 = await readyVolume('one');
    const v2 = await readyVolume('two');
    await s.api.volumes.attach(a.id, [v1.id]);
    // a VM takes one attachment change at a time
    const busy = await apiError(s.api.volumes.attach(a.id, [v2.id]));
    expect(busy.message).toContain('is already attaching volume one');
    s.clock.advance(T.volumeAttachMs);
    const elsewhere = await apiError(s.api.volumes.attach(b.id, [v1.id]));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.message).toContain('already attached to virtual machine vm-a');
    const fresh = await s.api.volumes.create({
      name: 'fresh',
      environment_name: SEED.env,
      volume_type: 'Cloud-SSD',
      size: 1,
    });
    expect((await apiError(s.api.volumes.attach(b.id, [fresh.id]))).message).toContain('still being created');
  });

  it('refuses a volume of another environment', async () => {
    const vm = await activeVm('vm-env');
    const v = await readyVolume('elsewhere', 'staging-canada');
    const e = await apiError(s.api.volumes.attach(vm.id, [v.id]));
    expect(e.message).toContain('is in environment staging-canada');
  });

  it('a protected attachment is not detached until its protection is lifted', async () => {
    const vm = await activeVm('vm-p');
    const v = await readyVolume('guarded');
    const [att] = await s.api.volumes.attach(vm.id, [v.id], { protected: true });
    s.clock.advance(T.volumeAttachMs);
    const e = await apiError(s.api.volumes.detach(vm.id, [v.id]));
    expect(e.message).toContain('is protected');
    const [updated] = await s.api.volumes.setAttachmentProtected(att!.id!, false);
    expect(updated).toMatchObject({ protected: false });
    await s.api.volumes.detach(vm.id, [v.id]);
    s.clock.advance(T.volumeAttachMs);
    expect((await s.api.volumes.get(v.id)).status).toBe('available');
  });

  it('moves a volume to another environment of its region, never to another region', async () => {
    const v = await readyVolume('mover');
    const moved = await s.api.volumes.moveTo(v.id, 'staging-canada');
    expect(moved.volume?.environment?.name).toBe('staging-canada');
    const far = await apiError(s.api.volumes.moveTo(v.id, 'research-norway'));
    expect(far.message).toContain('same region');
  });
});
