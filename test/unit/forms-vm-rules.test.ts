/**
 * Create VM refuses what the service would refuse, live: an image restricted to other flavors (a `hard` flavor
 * restriction), and a bootable volume on a flavor with local storage only. Nothing is sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVmForm } from '../../screens/forms/vm-create.js';
import { FormDriver, type FormEnv, formEnv, loadAll } from './forms-harness.js';

const FABRIC = 'Ubuntu Server 22.04 LTS H100 NVLink Fabric';

let env: FormEnv;
beforeEach(async () => {
  env = await formEnv();
});
afterEach(async () => {
  await env.close();
});

async function vmForm() {
  const data = await loadAll(env);
  return new FormDriver(createVmForm({ deps: env.deps, data }));
}

describe('Create VM: an image the flavor does not allow', () => {
  it('chosen first, the image turns into a field error as soon as another flavor is chosen', async () => {
    const d = await vmForm();
    d.fill('name', 'fabric-1');
    d.choose('environment', 'prod-canada');
    d.choose('image', FABRIC);
    expect(d.errors().image).toBeUndefined();
    d.choose('flavor', 'n1-cpu-small');
    expect(d.shown('image')).toBe(`${FABRIC} runs only on n3-H100x8`);
    d.choose('flavor', 'n3-H100x8');
    expect(d.errors().image).toBeUndefined();
  });

  it('the flavor chosen first: the image is offered but refused, and the form sends nothing', async () => {
    const d = await vmForm();
    d.fill('name', 'fabric-2');
    d.choose('environment', 'prod-canada');
    d.choose('flavor', 'n1-cpu-small');
    const option = d.options('image').find((o) => o.value === FABRIC);
    expect(option?.disabled).toBe(`${FABRIC} runs only on n3-H100x8`);
    expect(d.options('image').find((o) => o.value === 'Ubuntu Server 22.04 LTS')?.disabled).toBeUndefined();
    d.choose('image', FABRIC);
    expect(d.state.notice?.text).toBe(`${FABRIC} runs only on n3-H100x8`);
    expect(d.state.values.image).toBeUndefined();
  });

  it('a pre-filled restricted image is refused before sending', async () => {
    const data = await loadAll(env);
    const d = new FormDriver(
      createVmForm(
        { deps: env.deps, data },
        {
          profile: {
            id: 1,
            name: 'p',
            data: {
              environment_name: 'prod-canada',
              image_name: FABRIC,
              flavor_name: 'n1-cpu-small',
              key_name: 'ci-deploy',
              count: 1,
            },
          },
        },
      ),
    );
    d.fill('name', 'fabric-3');
    const requests = env.sc.exchanges.length;
    expect(await d.submit()).toBeUndefined();
    expect(d.shown('image')).toBe(`${FABRIC} runs only on n3-H100x8`);
    expect(env.sc.exchanges.length).toBe(requests);
  });
});

describe('Create VM: a bootable volume on a flavor with local storage only', () => {
  it('is a live error on the toggle, gone with another flavor or the toggle off', async () => {
    const d = await vmForm();
    d.choose('environment', 'prod-canada');
    d.choose('flavor', 'n3-H100x8');
    d.toggle('boot_volume', true);
    expect(d.shown('boot_volume')).toBe(
      'flavor n3-H100x8 has local storage only: it cannot boot from a volume',
    );
    d.toggle('boot_volume', false);
    expect(d.errors().boot_volume).toBeUndefined();
    d.toggle('boot_volume', true);
    d.choose('flavor', 'n1-cpu-small');
    expect(d.errors().boot_volume).toBeUndefined();
  });
});
