import { ui } from '../../src/store/state/app-store.js';
/**
 * The firewall FormSpecs on their own: their validation as the form engine computes it (fieldErrors), their
 * summaries, and their onSubmit calling the real client against the simulator.
 */

import { render } from 'ink-testing-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attachmentChanges, firewallAttachForm } from '../../screens/forms/firewall-attach.js';
import { firewallCreateForm } from '../../screens/forms/firewall-create.js';
import { firewallRuleForm, ruleFromValues } from '../../screens/forms/firewall-rule.js';
import type { Environment } from '../../src/api/schemas/environment.js';
import type { Firewall } from '../../src/api/schemas/firewall.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { createAppStore } from '../../src/store/state/app-store.js';
import type { FormSpec, FormValues } from '../../src/store/state/form-spec.js';
import { resourcePoller } from '../../src/store/state/resources.js';
import { FormView } from '../../src/ui/form/FormView.js';
import { visibleFields } from '../../src/ui/form/fields.js';
import { initFormState } from '../../src/ui/form/form-state.js';
import { fieldErrors } from '../../src/ui/form/validation.js';
import { createTheme } from '../../src/ui/theme.js';
import { SSH_RULE } from '../fixtures/api/vm.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

let sc: SimClient;
let deps: ActionDeps;
let envs: Environment[];
let vms: Vm[];
let firewalls: Firewall[];

beforeAll(async () => {
  sc = await startSimClient();
});
afterAll(async () => {
  deps?.poller.stop();
  await sc.close();
});
beforeEach(async () => {
  deps?.poller.stop();
  const store = createAppStore({ screen: 'firewalls', readOnly: false });
  deps = {
    api: sc.api,
    store,
    poller: resourcePoller(sc.api, store, { intervalMs: 60_000 }),
  };
  envs = (await sc.api.environments.list()).items;
  vms = await sc.api.vms.listAll();
  firewalls = (await sc.api.firewalls.list()).items;
});

const fw = (name: string) => firewalls.find((f) => f.name === name)!;
/** The errors the form shows for these values (on top of the spec's initial values). */
const errorsOf = (spec: FormSpec, values: FormValues) =>
  fieldErrors(spec, { ...initFormState(spec).values, ...values });
const shown = (spec: FormSpec, values: FormValues) =>
  visibleFields(spec, { ...initFormState(spec).values, ...values }).map((f) => f.id);

describe('add-rule form', () => {
  it('offers the presets SSH 22, HTTP 80, HTTPS 443, ICMP and custom; ports show only for a custom tcp/udp rule', () => {
    const spec = firewallRuleForm(deps, fw('web-public'));
    const preset = spec.fields.find((f) => f.id === 'preset')!;
    expect(
      preset.kind === 'select' && preset.options(spec.initial).map((o) => `${o.value}:${o.hint}`),
    ).toEqual([
      'ssh:tcp 22',
      'http:tcp 80',
      'https:tcp 443',
      'icmp:no ports',
      'custom:any protocol and ports',
    ]);
    expect(shown(spec, {})).toEqual(['preset', 'direction', 'ethertype', 'remote']);
    expect(shown(spec, { preset: 'custom', protocol: 'udp' })).toEqual([
      'preset',
      'direction',
      'protocol',
      'port_min',
      'port_max',
      'ethertype',
      'remote',
    ]);
    expect(shown(spec, { preset: 'custom', protocol: 'icmp' })).not.toContain('port_min');
    expect(errorsOf(spec, {})).toEqual({});
  });

  it('builds the rule of each preset', () => {
    const base = {
      direction: 'ingress',
      ethertype: 'IPv4',
      remote: '',
      protocol: undefined,
      port_min: undefined,
      port_max: undefined,
    };
    expect(ruleFromValues({ ...base, preset: 'ssh' })).toEqual(SSH_RULE);
    expect(ruleFromValues({ ...base, preset: 'http' })).toMatchObject({
      port_range_min: 80,
      port_range_max: 80,
    });
    expect(ruleFromValues({ ...base, preset: 'https' })).toMatchObject({
      port_range_min: 443,
      port_range_max: 443,
    });
    const icmp = ruleFromValues({ ...base, preset: 'icmp', ethertype: 'IPv6' })!;
    expect(icmp).toEqual({
      direction: 'ingress',
      protocol: 'icmp',
      ethertype: 'IPv6',
      remote_ip_prefix: '::/0',
    });
    expect(
      ruleFromValues({
        ...base,
        preset: 'custom',
        protocol: 'udp',
        port_min: 5000,
        port_max: undefined,
        direction: 'egress',
      }),
    ).toMatchObject({ direction: 'egress', protocol: 'udp', port_range_min: 5000, port_range_max: 5000 });
  });

  it('validates ports 1–65535 with the first not above the last', () => {
    const spec = firewallRuleForm(deps, fw('web-public'));
    const custom = { preset: 'custom', protocol: 'tcp' };
    // The fields' own bounds (1 and 65535, shown beside them) speak first.
    expect(errorsOf(spec, { ...custom, port_min: 0 }).port_min).toBe('at least 1');
    expect(errorsOf(spec, { ...custom, port_min: 70000 }).port_min).toBe('at most 65535');
    expect(errorsOf(spec, { ...custom, port_min: 22.5 }).port_min).toBeDefined();
    expect(errorsOf(spec, { ...custom, port_min: 8080, port_max: 80 }).port_max).toBe(
      'the last port must not be below the first (8080)',
    );
    expect(errorsOf(spec, { ...custom, port_min: 8000, port_max: 65536 }).port_max).toBe('at most 65535');
    expect(errorsOf(spec, { ...custom, port_min: 8000, port_max: 8100 })).toEqual({});
    expect(errorsOf(spec, { ...custom }).port_min).toBe('required');
  });

  it('validates the CIDR for its ethertype, IPv4 and IPv6', () => {
    const spec = firewallRuleForm(deps, fw('web-public'));
    expect(errorsOf(spec, { remote: '10.0.0.0/33' }).remote).toBe(
      '10.0.0.0/33 is not an IPv4 CIDR (e.g. 10.0.0.0/8 or 0.0.0.0/0)',
    );
    expect(errorsOf(spec, { remote: '300.1.1.1/8' }).remote).toContain('is not an IPv4 CIDR');
    expect(errorsOf(spec, { remote: '10.1.2.3' }).remote).toContain('is not an IPv4 CIDR');
    expect(errorsOf(spec, { remote: '2001:db8::/32' }).remote).toBe(
      '2001:db8::/32 is an IPv6 CIDR but the ethertype is IPv4',
    );
    expect(errorsOf(spec, { ethertype: 'IPv6', remote: '10.0.0.0/8' }).remote).toBe(
      '10.0.0.0/8 is an IPv4 CIDR but the ethertype is IPv6',
    );
    expect(errorsOf(spec, { ethertype: 'IPv6', remote: '2001:db8::/129' }).remote).toContain(
      'is not an IPv6 CIDR',
    );
    expect(errorsOf(spec, { ethertype: 'IPv6', remote: '2001:db8::/32' })).toEqual({});
    expect(errorsOf(spec, { remote: '192.168.0.0/16' })).toEqual({});
  });

  it('summarises the rule it will send, and sends it', async () => {
    const target = fw('internal-only');
    const spec = firewallRuleForm(deps, target);
    const values = {
      ...spec.initial,
      preset: 'custom',
      protocol: 'tcp',
      port_min: 8000,
      port_max: 8100,
      remote: '10.0.0.0/8',
    };
    expect(spec.summary?.(values)).toBe('ingress tcp ports 8000-8100 from 10.0.0.0/8 (IPv4)');
    expect(spec.summary?.(spec.initial)).toBe('ingress tcp port 22 from anywhere (0.0.0.0/0, IPv4)');
    await spec.onSubmit(values);
    const after = await sc.api.firewalls.get(target.id);
    expect(after.rules?.at(-1)).toMatchObject({
      protocol: 'tcp',
      port_range_min: 8000,
      port_range_max: 8100,
      remote_ip_prefix: '10.0.0.0/8',
    });
    expect(deps.store.getState().status?.text).toContain('added to internal-only');
  });
});

describe('the rule form drawn by the form engine', () => {
  const draw = (spec: FormSpec, values: FormValues) => {
    const state = initFormState(spec);
    const r = render(
      <FormView
        spec={spec}
        state={{ ...state, values: { ...state.values, ...values }, showAllErrors: true }}
        width={100}
        theme={createTheme({ color: false })}
      />,
    );
    const f = (r.lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '');
    r.unmount();
    return f;
  };

  it('shows the port and CIDR messages under their fields', () => {
    const spec = firewallRuleForm(deps, fw('web-public'));
    let f = draw(spec, { preset: 'custom', protocol: 'tcp', port_min: 8080, port_max: 80 });
    expect(f).toContain('the last port must not be below the first (8080)');
    f = draw(spec, { preset: 'custom', protocol: 'udp', port_min: 0 });
    expect(f).toContain('at least 1');
    expect(f).toContain('1–65535');
    f = draw(spec, { ethertype: 'IPv6', remote: '10.0.0.0/8' });
    expect(f).toContain('10.0.0.0/8 is an IPv4 CIDR but the ethertype is IPv6');
    f = draw(spec, { preset: 'http' });
    expect(f).toContain('ingress tcp port 80 from anywhere (0.0.0.0/0, IPv4)');
  });
});

describe('create form', () => {
  it('asks name, environment and description; refuses a name taken in that environment', () => {
    const spec = firewallCreateForm(deps, envs, firewalls);
    expect(spec.fields.map((f) => f.id)).toEqual(['name', 'environment', 'description']);
    const prod = envs.find((e) => e.name === 'prod-canada')!;
    expect(errorsOf(spec, { name: 'web-public', environment: String(prod.id) }).name).toBe(
      'a firewall named web-public already exists in prod-canada',
    );
    expect(errorsOf(spec, { name: '', environment: String(prod.id) }).name).toBe('required');
    // CreateFirewallPayload documents no length for a name: a long one is not refused here
    expect(errorsOf(spec, { name: 'x'.repeat(200), environment: String(prod.id) }).name).toBeUndefined();
    expect(errorsOf(spec, { name: ' web', environment: String(prod.id) }).name).toBe(
      'no spaces at the start or the end',
    );
    expect(errorsOf(spec, { name: 'ok' }).environment).toBe('required');
    expect(errorsOf(spec, { name: 'ok', environment: String(prod.id) })).toEqual({});
  });

  it('creates the firewall; a refusal of the service rejects, so the form stays open with the error', async () => {
    const spec = firewallCreateForm(deps, envs, []);
    const env = envs[0]!;
    await spec.onSubmit({ name: 'from-form', environment: String(env.id), description: 'made by a test' });
    const made = (await sc.api.firewalls.list()).items.find((f) => f.name === 'from-form')!;
    expect(made.environment?.name).toBe(env.name);
    expect(made.description).toBe('made by a test');
    // The same again: the simulator refuses the duplicate name.
    await expect(
      spec.onSubmit({ name: 'from-form', environment: String(env.id), description: '' }),
    ).rejects.toThrow(/already exists/);
    expect(deps.store.getState().status?.tone).toBe('error');
  });

  it('read-only: submitting is refused before any request', async () => {
    deps.store.setState({ readOnly: true });
    const spec = firewallCreateForm(deps, envs, []);
    await expect(
      spec.onSubmit({ name: 'nope', environment: String(envs[0]!.id), description: '' }),
    ).rejects.toThrow(/read-only/);
    expect((await sc.api.firewalls.list()).items.some((f) => f.name === 'nope')).toBe(false);
  });
});

describe('attach form', () => {
  it('offers only the VMs of the firewall environment, starting with the attached ones', () => {
    const target = fw('web-public');
    const spec = firewallAttachForm(deps, target, vms);
    const field = spec.fields[0]!;
    const options = field.kind === 'multi-select' ? field.options({ vms: [] }) : [];
    const inEnv = vms.filter((v) => v.environment?.name === target.environment?.name);
    expect(options.map((o) => o.value).sort()).toEqual(inEnv.map((v) => String(v.id)).sort());
    expect(spec.initial.vms).toEqual((target.attachments ?? []).map((a) => String(a.vm!.id)));
    expect(spec.notes?.join(' ')).toContain('REPLACES the current attachments: a VM left out is detached');
  });

  it('says which VMs a change attaches and which it DETACHES', () => {
    const target = fw('web-public');
    const spec = firewallAttachForm(deps, target, vms);
    const [a, b] = (target.attachments ?? []).map((x) => x.vm!);
    const other = vms.find(
      (v) => v.environment?.name === target.environment?.name && v.id !== a!.id && v.id !== b!.id,
    )!;
    expect(spec.summary?.({ vms: [String(a!.id), String(b!.id)] })).toBe('keep 2');
    expect(spec.summary?.({ vms: [String(a!.id), String(other.id)] })).toBe(
      `attach ${other.name} · DETACH ${b!.name} · keep 1`,
    );
    expect(spec.summary?.({ vms: [] })).toBe(`DETACH ${a!.name}, ${b!.name}`);
    expect(attachmentChanges([1, 2], [2, 3])).toEqual({ attach: [3], detach: [1], keep: [2] });
  });

  it('sends the whole list: a VM left out is detached', async () => {
    const target = fw('allow-ssh');
    const [keep] = (target.attachments ?? []).map((x) => x.vm!.id);
    const spec = firewallAttachForm(deps, target, vms);
    await spec.onSubmit({ vms: [String(keep)] });
    const after = await sc.api.firewalls.get(target.id);
    expect(after.attachments?.map((x) => x.vm?.id)).toEqual([keep]);
  });
});

describe('ui.openForm', () => {
  it('opens the spec as a form modal', () => {
    const spec = firewallCreateForm(deps, envs, []);
    ui.openForm(deps.store, spec);
    expect(deps.store.getState().modal).toEqual({ kind: 'form', spec });
  });
});
