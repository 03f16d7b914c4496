// Every number a form takes is bounded by what the service accepts, the bound is shown and enforced while typing,
// and nothing does per-unit work beyond it; every text input is capped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLUSTER_NODES_MAX } from '../../screens/forms/cluster-create.js';
import { PORT_MAX, PORT_MIN } from '../../screens/forms/firewall-rule.js';
import { createVmForm, USER_DATA_MAX, VM_COUNT_MAX } from '../../screens/forms/vm-create.js';
import type { Profile } from '../../src/api/schemas/profile.js';
import type { FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { numberCap, textCap } from '../../src/ui/form/fields.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { fieldErrors } from '../../src/ui/form/validation.js';
import { TEXT_INPUT_MAX } from '../../src/ui/TextInput.js';
import { allForms } from './all-forms.js';
import { FormDriver, type FormEnv, formEnv, loadAll } from './forms-harness.js';

let env: FormEnv;
beforeEach(async () => {
  env = await formEnv();
});
afterEach(async () => {
  await env.close();
});

const field = (spec: FormSpec, id: string) => spec.fields.find((f) => f.id === id) as FieldSpec;

describe('the bounds of every number field', () => {
  it('are the service’s: VM count 1–20, worker nodes 1–20, ports 1–65535', async () => {
    const forms = Object.fromEntries((await allForms(env)).map((f) => [f.name, f.spec]));
    const bounds = (spec: FormSpec | undefined, id: string) => {
      const f = spec && field(spec, id);
      return f?.kind === 'number' ? [f.min, f.max] : undefined;
    };
    expect(bounds(forms['create VM'], 'count')).toEqual([1, VM_COUNT_MAX]);
    expect(bounds(forms['create cluster'], 'node_count')).toEqual([1, CLUSTER_NODES_MAX]);
    expect(bounds(forms['add firewall rule'], 'port_min')).toEqual([PORT_MIN, PORT_MAX]);
    expect(bounds(forms['add firewall rule'], 'port_max')).toEqual([PORT_MIN, PORT_MAX]);
    expect([VM_COUNT_MAX, CLUSTER_NODES_MAX, PORT_MIN, PORT_MAX]).toEqual([20, 20, 1, 65535]);
  });

  it('refuse a digit that would go past the bound, in every form, and say why', async () => {
    for (const { name, spec } of await allForms(env)) {
      for (const f of spec.fields) {
        if (f.kind !== 'number') continue;
        const { hidden: _shownHere, ...shown } = f;
        const d = new FormDriver({ ...spec, fields: [shown] }); // the field on its own, shown and focused
        d.key('ctrl+u');
        for (const ch of `${f.max}9`) d.key(ch);
        expect(d.state.values[f.id], `${name}: ${f.id}`).toBe(f.max);
        expect(d.state.notice, `${name}: ${f.id}`).toEqual({
          field: f.id,
          text: `9 not typed: from ${f.min} to ${f.max}`,
          hint: true,
        });
        expect(d.state.inputs[f.id]?.value.length).toBeLessThanOrEqual(numberCap(f));
      }
    }
  });
});

describe('Create VM: nothing works per VM beyond the count the service accepts', () => {
  it('the name check looks at name-1 … name-20 at most, whatever the count says', async () => {
    await env.api.vms.create({
      name: 'clash-21',
      environment_name: 'prod-canada',
      image_name: 'Ubuntu Server 22.04 LTS',
      flavor_name: 'n1-cpu-small',
      key_name: 'ci-deploy',
      count: 1,
    });
    const spec = createVmForm({ deps: env.deps, data: await loadAll(env) });
    const base = { ...spec.initial, name: 'clash' };
    expect(fieldErrors(spec, { ...base, count: 20 }).name).toBeUndefined();
    // Past the bound the count is in error, and no name past clash-20 is built (let alone 100000000 of them).
    expect(fieldErrors(spec, { ...base, count: 21 })).toMatchObject({ count: 'at most 20' });
    expect(fieldErrors(spec, { ...base, count: 21 }).name).toBeUndefined();
    expect(fieldErrors(spec, { ...base, count: 100_000_000 }).name).toBeUndefined();
    expect(spec.summary?.({ ...base, environment: 'prod-canada', flavor: 'n1-cpu-small', count: 21 })).toBe(
      'n1-cpu-small in CANADA-1 (prod-canada): a count from 1 to 20',
    );
  });

  it('a profile asking for 100000000 VMs opens the form at 20, and the form says so', async () => {
    const data = await loadAll(env);
    const profile: Profile = {
      id: 9,
      name: 'huge',
      data: { environment_name: 'prod-canada', count: 100_000_000 },
    };
    const d = new FormDriver(createVmForm({ deps: env.deps, data }, { profile }));
    expect(d.state.values.count).toBe(VM_COUNT_MAX);
    expect(d.state.notice).toEqual({
      field: 'count',
      text: `100000000 is out of bounds (1 to ${VM_COUNT_MAX}): set to ${VM_COUNT_MAX}`,
    });
  });
});

describe('the cap of every text field', () => {
  it('is the default 4096 characters, but 64 KiB for user data', async () => {
    for (const { name, spec } of await allForms(env)) {
      for (const f of spec.fields) {
        if (f.kind !== 'text') continue;
        expect(textCap(f), `${name}: ${f.id}`).toBe(f.id === 'user_data' ? USER_DATA_MAX : TEXT_INPUT_MAX);
        if (f.maxLength !== undefined) expect(textCap(f)).toBeGreaterThan(f.maxLength);
      }
    }
  });

  it('a paste of 500 KB into user data keeps 64 KiB and says how much was left out', async () => {
    const spec = createVmForm({ deps: env.deps, data: await loadAll(env) });
    const d = new FormDriver(spec);
    d.focus('user_data');
    const r = formReduce(spec, d.state, 'paste', 'x'.repeat(500_000), {});
    expect((r.state.values.user_data as string).length).toBe(USER_DATA_MAX);
    expect(r.state.notice).toEqual({
      field: 'user_data',
      text: `at most ${USER_DATA_MAX} characters here: ${500_000 - USER_DATA_MAX} left out`,
    });
  });
});
