/**
 * Create VM and the environment's VM quota (Get_environment_VM_quota): the quota left is said beside each
 * environment, and a count over it is refused before anything is sent. The sandbox's subnet is a /28 in the
 * simulator: 10 VMs at most.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVmForm } from '../../screens/forms/vm-create.js';
import { loadVmQuotas } from '../../screens/forms/vm-quota.js';
import { readData, storeKey } from '../../src/store/state/resources.js';
import { FormDriver, type FormEnv, formEnv, loadAll } from './forms-harness.js';

let env: FormEnv;
beforeEach(async () => {
  env = await formEnv();
});
afterEach(async () => {
  await env.close();
});

describe('Create VM: the quota of its environment', () => {
  it('says what is left beside each environment, and refuses a count over it before sending', async () => {
    const data = await loadAll(env);
    const sandbox = data.environments!.find((e) => e.name === 'sandbox')!;
    loadVmQuotas(env.deps, data.environments ?? []);
    await expect
      .poll(() => readData(env.store, storeKey('vm-quota', sandbox.id)), { timeout: 10_000 })
      .toBeDefined();
    const q = readData(env.store, storeKey('vm-quota', sandbox.id))!;
    expect(q.max).toBe(10);
    const left = q.available!;

    const d = new FormDriver(createVmForm({ deps: env.deps, data }));
    const hint = d.options('environment').find((o) => o.value === 'sandbox')?.hint;
    expect(hint).toBe(`${sandbox.region} · quota: ${left} of 10 VM${left === 1 ? '' : 's'} left`);

    const key = data.keypairs!.find(
      (k) => (typeof k.environment === 'string' ? k.environment : k.environment?.name) === 'sandbox',
    )!;
    d.fill('name', 'quota-try');
    d.choose('environment', 'sandbox');
    d.choose('image', data.images!.find((g) => g.region_name === sandbox.region)!.images[0]!.name);
    d.choose('flavor', 'n1-cpu-small');
    d.choose('keypair', key.name);
    d.fill('count', String(left + 1));
    const requests = env.sc.exchanges.length;
    expect(await d.submit()).toBeUndefined();
    expect(d.shown('count')).toContain(`sandbox has room for ${left} more VM`);
    // The environment has room (for fewer): the count is what to change, and only it is flagged.
    expect(d.errors().environment).toBeUndefined();
    expect(env.sc.exchanges.length).toBe(requests);

    d.fill('count', String(Math.min(left, 2)));
    expect(d.shown('count')).toBeUndefined();

    // Filled up: no count fits, so the environment is what to change, and only it is flagged.
    d.fill('count', String(left));
    expect(await d.submit()).toBe('done');
    loadVmQuotas(env.deps, [sandbox]);
    await expect
      .poll(() => readData(env.store, storeKey('vm-quota', sandbox.id))?.available, { timeout: 10_000 })
      .toBe(0);
    const full = new FormDriver(createVmForm({ deps: env.deps, data }));
    full.choose('environment', 'sandbox');
    full.fill('count', '1');
    expect(full.errors().environment).toContain('sandbox has room for 0 more VMs');
    expect(full.errors().count).toBeUndefined();
  });
});
