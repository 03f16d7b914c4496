/**
 * The create forms ask the service whether the typed name is free (Check_VM_name_availability,
 * Fetch_environment_name_availability, Fetch_Image_name_availability) as they are submitted, before the create: a
 * name the form's loaded lists do not know (made elsewhere since) is refused on the name field with the service's
 * words, and nothing is created; one request per distinct name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEnvironmentForm } from '../../screens/forms/environment-create.js';
import { snapshotImageForm } from '../../screens/forms/snapshot-image.js';
import { createVmForm } from '../../screens/forms/vm-create.js';
import { createVolumeForm } from '../../screens/forms/volume-create.js';
import { vmCommand } from '../../src/store/actions/vm-actions.js';
import { FormDriver, type FormEnv, formEnv, loadAll } from './forms-harness.js';

let env: FormEnv;
beforeEach(async () => {
  env = await formEnv();
});
afterEach(async () => {
  await env.close();
});

const asked = (part: string) =>
  env.sc.exchanges.filter((x) => x.path.includes(`${part}/name-availability/`)).length;
const sent = (method: string, path: string) =>
  env.sc.exchanges.filter((x) => x.method === method && x.path.endsWith(path)).length;

describe('name availability on submit', () => {
  it('Create VM: a name taken since the form loaded is refused on the name field, then another is created', async () => {
    const data = await loadAll(env);
    const sandbox = data.environments!.find((e) => e.name === 'sandbox')!;
    const key = data.keypairs!.find(
      (k) => (typeof k.environment === 'string' ? k.environment : k.environment?.name) === 'sandbox',
    )!;
    const image = data.images!.find((g) => g.region_name === sandbox.region)!.images[0]!.name;
    const d = new FormDriver(createVmForm({ deps: env.deps, data }));
    d.fill('name', 'made-elsewhere');
    d.choose('environment', 'sandbox');
    d.choose('image', image);
    d.choose('flavor', 'n1-cpu-small');
    d.choose('keypair', key.name);
    // made by someone else: the form's list does not have it, so its live check lets it pass
    await env.api.vms.create({
      name: 'made-elsewhere',
      environment_name: 'sandbox',
      image_name: image,
      flavor_name: 'n1-cpu-small',
      key_name: key.name,
      count: 1,
    });
    expect(d.errors().name).toBeUndefined();
    const creates = sent('POST', '/core/virtual-machines');
    expect(await d.submit()).toBe('error');
    expect(d.shown('name')).toBe('A virtual machine named made-elsewhere already exists.');
    expect(sent('POST', '/core/virtual-machines')).toBe(creates);
    expect(asked('virtual-machines')).toBe(1);

    d.fill('name', 'made-here');
    expect(await d.submit()).toBe('done');
    expect(asked('virtual-machines')).toBe(2);
    expect(sent('POST', '/core/virtual-machines')).toBe(creates + 1);
    expect(env.sc.sim.world.vmByName.has('made-here')).toBe(true);
  });

  it('New environment: a taken name is refused on its field; asked once per distinct name', async () => {
    const data = await loadAll(env);
    const region = data.environments![0]!.region;
    const d = new FormDriver(createEnvironmentForm({ deps: env.deps, data }, { region }));
    d.fill('name', 'team-new');
    await env.api.environments.create({ name: 'team-new', region });
    expect(await d.submit()).toBe('error');
    expect(d.shown('name')).toBe('An environment named team-new already exists.');
    expect(await d.submit()).toBe('error');
    expect(asked('environments')).toBe(1);
    expect(sent('POST', '/core/environments')).toBe(1); // the one made above
    d.fill('name', 'team-newer');
    expect(await d.submit()).toBe('done');
    expect(asked('environments')).toBe(2);
  });

  it('Image from a snapshot: a taken image name is refused on its field', async () => {
    const world = env.sc.sim.world;
    const imageless = (x: { id: number; status?: string | null }) =>
      x.status === 'SUCCESS' && world.snapshots.get(x.id)?.customImageId == null;
    const [other, snap] = (await env.api.snapshots.list()).items.filter(imageless);
    // one image per snapshot: the clash is made of another
    await env.api.snapshots.createImage(other!.id, { name: 'golden' });
    const d = new FormDriver(snapshotImageForm(env.deps, snap!, undefined));
    d.fill('name', 'golden');
    expect(await d.submit()).toBe('error');
    expect(d.shown('name')).toMatch(/golden/);
    expect(asked('image')).toBe(1);
    expect(sent('POST', `/core/snapshots/${snap!.id}/image`)).toBe(0);
    d.fill('name', 'golden-2');
    const out = await d.submit();
    expect([out, d.state.serviceError]).toEqual(['done', undefined]);
  });

  it('Snapshot a VM: a snapshot name already taken is refused on its field; a free one is snapshotted', async () => {
    const data = await loadAll(env);
    const vm = data.vms!.find((v) => v.status === 'ACTIVE')!;
    const taken = [...env.sc.sim.world.snapshots.values()][0]!.name;
    vmCommand(env.deps, vm, 'snapshot');
    // the check's code is loaded as the key is first pressed
    await expect.poll(() => env.store.getState().modal?.kind).toBe('form');
    const modal = env.store.getState().modal;
    if (modal?.kind !== 'form') throw new Error(`no form: ${modal?.kind}`);
    const d = new FormDriver(modal.spec);
    expect(d.state.values.name).toBe(`${vm.name}-snap`.slice(0, 50));
    d.fill('name', taken);
    expect(await d.submit()).toBe('error');
    expect(d.shown('name')).toBe(`A snapshot named ${taken} already exists.`);
    expect(asked('snapshots')).toBe(1);
    const before = env.sc.sim.world.snapshots.size;
    d.fill('name', 'fresh-snap');
    expect(await d.submit()).toBe('done');
    await expect.poll(() => env.sc.sim.world.snapshots.size, { timeout: 10_000 }).toBe(before + 1);
    expect([...env.sc.sim.world.snapshots.values()].some((x) => x.name === 'fresh-snap')).toBe(true);
  });

  it('New volume: a name taken since the form loaded is refused on its field, nothing created', async () => {
    const data = await loadAll(env);
    const volumes = await env.api.volumes.listAll();
    const types = await env.api.volumes.types();
    const d = new FormDriver(createVolumeForm(env.deps, { data, volumes, types }));
    d.fill('name', 'vol-elsewhere');
    d.fill('size', '10');
    const envName = d.state.values.environment as string;
    await env.api.volumes.create({
      name: 'vol-elsewhere',
      environment_name: envName,
      volume_type: d.state.values.type as string,
      size: 10,
    });
    expect(await d.submit()).toBe('error');
    expect(d.shown('name')).toBe('A volume named vol-elsewhere already exists.');
    expect(sent('POST', '/core/volumes')).toBe(1); // the one made above
    expect(asked('volume')).toBe(1);
  });
});
