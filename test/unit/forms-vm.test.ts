import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createVmForm,
  IMPORT_KEY,
  openCreateVm,
  openCreateVmFromProfile,
} from '../../screens/forms/vm-create.js';
import type { Profile } from '../../src/api/schemas/profile.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { keypairEnvName } from '../../src/domain/keypairs.js';
import { parseLease } from '../../src/domain/lease.js';
import { flavorsIn, imagesIn } from '../../src/store/actions/form-data.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { sshPublicKey, vmBody } from '../support/sim-client.js';
import { FormDriver, type FormEnv, formEnv, loadAll, refuseEveryField } from './forms-harness.js';

let env: FormEnv;
let dir: string;
beforeEach(async () => {
  env = await formEnv();
  dir = mkdtempSync(join(tmpdir(), 'hs-forms-vm-'));
});
afterEach(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

const vmCount = () => env.sc.sim.world.vms.size;
/** A VM made behind the form's back (the service's, not the form's): its name is then taken. */
const createVm = (name: string) => env.api.vms.create(vmBody(name, { flavor_name: 'n1-cpu-small' }));
const vmNamed = (name: string) => [...env.sc.sim.world.vms.values()].find((v) => v.name === name);

/**
 * A simulator whose VM name check always says free: a name taken between the form's check and its create (someone
 * else's create in between) reaches the create, which refuses it.
 */
async function checkSaysFree(): Promise<void> {
  await env.close();
  env = await formEnv({
    routes: (defaults) =>
      defaults.map((r) =>
        r.op === 'Check_VM_name_availability'
          ? { ...r, handle: () => ({ body: { name: '', available: true, message: '' } }) }
          : r,
      ),
  });
}

async function vmForm(opts: Parameters<typeof createVmForm>[1] = {}) {
  const data = await loadAll(env);
  return { data, d: new FormDriver(createVmForm({ deps: env.deps, data }, opts)) };
}

/** A CPU-only VM in `environment` whose key pair is imported with it, as `keyName` (its public key still to give). */
function fillImportingKey(d: FormDriver, name: string, environment: string, keyName: string) {
  d.fill('name', name);
  d.choose('environment', environment);
  d.choose('image', 'Ubuntu Server 22.04 LTS');
  d.choose('flavor', 'n1-cpu-small');
  d.choose('keypair', IMPORT_KEY);
  d.fill('new_key_name', keyName);
}

/** A valid CPU-only VM in prod-canada (always in stock). */
function fillValid(d: FormDriver, name: string) {
  d.fill('name', name);
  d.choose('environment', 'prod-canada');
  d.choose('image', 'Ubuntu Server 22.04 LTS');
  d.choose('flavor', 'n1-cpu-small');
  d.choose('keypair', 'ci-deploy');
}

describe('Create VM: name', () => {
  it('counts characters as they are typed: 50 pass, the 51st is refused, backspace fixes it', async () => {
    const { d } = await vmForm();
    d.focus('name');
    const name = 'a'.repeat(51);
    for (let i = 1; i <= 51; i++) {
      d.type(name[i - 1] ?? '');
      expect(d.state.values.name).toBe(name.slice(0, i));
      if (i <= 50) expect(d.errors().name, `after ${i} characters`).toBeUndefined();
    }
    expect(d.shown('name')).toBe('at most 50 characters (51)');
    d.key('backspace');
    expect(d.errors().name).toBeUndefined();
    const field = d.spec.fields.find((f) => f.id === 'name');
    expect(field).toMatchObject({ kind: 'text', maxLength: 50, counter: true });
  });

  it('is required, refuses blanks at the edges, and a name a VM already has', async () => {
    const { d, data } = await vmForm();
    d.focus('name');
    d.type('x');
    d.key('backspace');
    expect(d.shown('name')).toBe('required');
    d.type(' gpu');
    expect(d.shown('name')).toBe('no spaces at the start or the end');
    const taken = (data.vms ?? [])[0]?.name ?? '';
    d.fill('name', taken);
    expect(d.shown('name')).toBe(`a VM named ${taken} already exists`);
  });

  it('checks the names of several VMs (name-1 … name-N) against the existing ones', async () => {
    await createVm('batch-2');
    const { d } = await vmForm();
    d.fill('name', 'batch');
    expect(d.errors().name).toBeUndefined();
    d.focus('count');
    d.key('backspace');
    d.type('3');
    expect(d.errors().name).toBe('a VM named batch-2 already exists');
  });
});

describe('Create VM: the choices follow the environment', () => {
  it('a CANADA-1 environment offers only CANADA-1 images and flavors, and its own key pairs', async () => {
    const { d } = await vmForm();
    const images = await env.api.catalog.images();
    const flavors = await env.api.catalog.flavors();
    const keypairs = (await env.api.keypairs.list()).items;
    d.choose('environment', 'prod-canada');
    const canadaImages = images.flatMap((g) => g.images).filter((i) => i.region_name === 'CANADA-1');
    expect(d.options('image').map((o) => o.value)).toEqual(canadaImages.map((i) => i.name));
    expect(d.options('image').map((o) => o.value)).toContain('Windows Server 2022');
    expect(d.options('image').map((o) => o.value)).not.toContain('Ubuntu Server 20.04 LTS R470 CUDA 11.4');
    const canadaFlavors = flavors.flatMap((g) => g.flavors).filter((f) => f.region_name === 'CANADA-1');
    expect(d.options('flavor').map((o) => o.value)).toEqual(canadaFlavors.map((f) => f.name));
    expect(d.options('flavor').map((o) => o.value)).toContain('n3-L40x1');
    expect(d.options('flavor').map((o) => o.value)).not.toContain('n3-RTX-A6000x1');
    const mine = keypairs.filter((k) => keypairEnvName(k) === 'prod-canada').map((k) => k.name);
    expect(mine.sort()).toEqual(['ci-deploy', 'ops-bastion']);
    expect(d.options('keypair').map((o) => o.value)).toEqual([...mine, IMPORT_KEY]);
  });

  it('changing the environment drops the choices it no longer offers', async () => {
    const { d } = await vmForm();
    d.choose('environment', 'prod-canada');
    d.choose('image', 'Windows Server 2022');
    d.choose('flavor', 'n3-L40x1');
    d.choose('keypair', 'ops-bastion');
    d.choose('environment', 'research-norway');
    expect(d.state.values.image).toBeUndefined();
    expect(d.state.values.flavor).toBeUndefined();
    expect(d.state.values.keypair).toBeUndefined();
    expect(d.shown('flavor')).toBe('required');
    expect(d.options('keypair').map((o) => o.value)).toEqual(['alice-laptop', 'bob-workstation', IMPORT_KEY]);
    // an image both regions have stays chosen
    d.choose('image', 'Ubuntu Server 22.04 LTS');
    d.choose('environment', 'ml-training');
    expect(d.state.values.image).toBe('Ubuntu Server 22.04 LTS');
  });

  it('flavors show GPU × count, CPU, RAM, disk, price per hour and stock', async () => {
    const { d, data } = await vmForm();
    d.choose('environment', 'prod-canada');
    const h100 = d.options('flavor').find((o) => o.value === 'n3-H100x1');
    expect(h100?.hint).toMatch(
      /^\$1\.90\/h · stock: \d+ nodes? · 1× H100-80G-PCIe · 28 CPU · 180 GB RAM · 100 GB disk$/,
    );
    const cpu = d.options('flavor').find((o) => o.value === 'n1-cpu-small');
    expect(cpu?.hint).toMatch(/^\$0\.0\d+\/h · CPU only · 4 CPU · 4 GB RAM · 100 GB disk$/);
    expect(flavorsIn(data, 'CANADA-1').length).toBe(d.options('flavor').length);
    expect(imagesIn(data, 'CANADA-1').length).toBe(d.options('image').length);
  });

  it('the sold-out n3-H100x8 in NORWAY-1 is marked and refused with a clear message', async () => {
    const { d } = await vmForm();
    d.choose('environment', 'research-norway');
    const h100x8 = d.options('flavor').find((o) => o.value === 'n3-H100x8');
    expect(h100x8?.disabled).toBe('out of stock in NORWAY-1');
    d.choose('flavor', 'n3-H100x8');
    expect(d.state.notice?.text).toBe('n3-H100x8 is out of stock in NORWAY-1');
    expect(d.state.values.flavor).toBeUndefined();
    // In CANADA-1 the same flavor is in stock.
    d.key('esc');
    d.choose('environment', 'prod-canada');
    expect(d.options('flavor').find((o) => o.value === 'n3-H100x8')?.disabled).toBeUndefined();
  });

  it('a sold-out flavor that comes pre-filled (from a profile) is refused before sending', async () => {
    const profile: Profile = {
      id: 999,
      name: 'big',
      data: {
        environment_name: 'research-norway',
        image_name: 'Ubuntu Server 22.04 LTS',
        flavor_name: 'n3-H100x8',
        key_name: 'alice-laptop',
        count: 1,
      },
    };
    const { d } = await vmForm({ profile });
    d.fill('name', 'sold-out-try');
    const before = vmCount();
    const requests = env.sc.exchanges.length;
    expect(await d.submit()).toBeUndefined();
    expect(d.state.refusal).toBe('fix 1 field: Flavor');
    expect(d.shown('flavor')).toBe('n3-H100x8 is out of stock in NORWAY-1');
    expect(env.sc.exchanges.length).toBe(requests);
    expect(vmCount()).toBe(before);
  });
});

describe('Create VM: key pairs', () => {
  it('an environment without key pairs says so and imports one on submit', async () => {
    await env.api.environments.create({ name: 'empty-env', region: 'CANADA-1' });
    const { d } = await vmForm();
    d.fill('name', 'with-new-key');
    d.choose('environment', 'empty-env');
    d.choose('image', 'Ubuntu Server 22.04 LTS');
    d.choose('flavor', 'n1-cpu-small');
    expect(d.options('keypair').map((o) => o.value)).toEqual([IMPORT_KEY]);
    expect(d.errors().keypair).toBe('no key pair in empty-env: choose "＋ import a key pair…" to import one');
    expect(d.visible()).not.toContain('public_key');
    d.choose('keypair', IMPORT_KEY);
    expect(d.visible()).toEqual(expect.arrayContaining(['new_key_name', 'public_key']));
    d.fill('new_key_name', 'laptop');
    d.fill('public_key', 'ssh-ed25519 AAAA');
    expect(d.shown('public_key')).toMatch(/not valid base64|truncated/);
    const key = sshPublicKey('me@laptop');
    d.fill('public_key', key);
    expect(d.errors()).toEqual({});
    const kpsBefore = env.sc.sim.world.keypairs.size;
    expect(await d.submit()).toBe('done');
    expect(env.sc.sim.world.keypairs.size).toBe(kpsBefore + 1);
    const vm = vmNamed('with-new-key');
    expect(vm?.keypairName).toBe('laptop');
  });

  it('the public key can be read from a .pub file, checked live', async () => {
    await env.api.environments.create({ name: 'file-env', region: 'NORWAY-1' });
    const { d } = await vmForm();
    fillImportingKey(d, 'from-file', 'file-env', 'file-key');
    const path = join(dir, 'id_ed25519.pub');
    d.fill('public_key', path);
    expect(d.shown('public_key')).toBe(`cannot read ${path}: no such file`);
    writeFileSync(path, `${sshPublicKey('file@host')}\n`);
    d.key('backspace');
    d.type('b');
    expect(d.errors().public_key).toBeUndefined();
    expect(await d.submit()).toBe('done');
    expect(vmNamed('from-file')?.keypairName).toBe('file-key');
  });

  it('when the VM creation fails after the import, sending again does not import the key twice', async () => {
    await checkSaysFree();
    await env.api.environments.create({ name: 'retry-env', region: 'CANADA-1' });
    const { d } = await vmForm();
    fillImportingKey(d, 'retry-vm', 'retry-env', 'retry-key');
    d.fill('public_key', sshPublicKey());
    // someone else takes the name meanwhile
    await createVm('retry-vm');
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceError).toMatch(/already exists/);
    d.fill('name', 'retry-vm-2');
    expect(await d.submit()).toBe('done');
    const imported = [...env.sc.sim.world.keypairs.values()].filter((k) => k.name === 'retry-key');
    expect(imported).toHaveLength(1);
    expect(vmNamed('retry-vm-2')?.keypairName).toBe('retry-key');
  });
});

describe('Create VM: the service refusing fields', () => {
  /** A simulator whose every POST refuses each name of its body: the form's mapping meets the real payload. */
  async function refusingForm() {
    await env.close();
    env = await formEnv({ routes: refuseEveryField });
    return vmForm();
  }

  it('every name the VM creation sends lands under its field, none on the form line', async () => {
    const { d } = await refusingForm();
    fillValid(d, 'every-field');
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceFieldErrors).toEqual({
      name: 'name refused',
      environment: 'environment_name refused',
      image: 'image_name refused',
      flavor: 'flavor_name refused',
      keypair: 'key_name refused',
      count: 'count refused',
      public_ip: 'assign_floating_ip refused',
      boot_volume: 'create_bootable_volume refused',
    });
    expect(d.state.serviceError).toBeUndefined();
    expect(d.state.focus).toBe('name');
    expect(d.shown('flavor')).toBe('flavor_name refused');
    d.choose('flavor', 'n1-cpu-medium');
    expect(d.shown('flavor')).toBeUndefined();
    expect(d.shown('image')).toBe('image_name refused');
  });

  it("the key import's names go to the import fields; the profile's name to Save as profile, the rest named", async () => {
    const { d } = await refusingForm();
    fillValid(d, 'with-import');
    d.choose('keypair', IMPORT_KEY);
    d.fill('new_key_name', 'laptop');
    d.fill('public_key', sshPublicKey('me@laptop'));
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceFieldErrors).toEqual({
      new_key_name: 'name refused',
      environment: 'environment_name refused',
      public_key: 'public_key refused',
    });
    expect(d.state.serviceError).toBeUndefined();
    d.choose('keypair', 'ci-deploy');
    d.fill('save_profile', 'my-profile');
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceFieldErrors).toEqual({ save_profile: 'name refused' });
    expect(d.state.serviceError).toBe('description: description refused; data: data refused');
  });
});

describe('Create VM: count, toggles, user data, summary', () => {
  it('count is a whole number ≥ 1, typed digit by digit', async () => {
    const { d } = await vmForm();
    d.focus('count');
    expect(d.state.values.count).toBe(1);
    d.key('backspace');
    expect(d.errors().count).toBe('required');
    d.type('0');
    expect(d.errors().count).toBe('at least 1');
    d.key('backspace');
    d.type('x.');
    expect(d.state.values.count).toBeUndefined();
    d.type('12');
    expect(d.state.values.count).toBe(12);
    expect(d.errors().count).toBeUndefined();
  });

  it('the summary gives N × flavor in region and the cost per hour of them all', async () => {
    const { d } = await vmForm();
    expect(d.spec.summary?.(d.state.values)).toBeUndefined();
    d.choose('environment', 'prod-canada');
    expect(d.spec.summary?.(d.state.values)).toBe('in CANADA-1 (prod-canada): choose a flavor');
    d.choose('flavor', 'n3-H100x1');
    d.fill('name', 'sum');
    d.focus('count');
    d.key('backspace');
    d.type('2');
    expect(d.spec.summary?.(d.state.values)).toBe(
      '2 × n3-H100x1 in CANADA-1 (prod-canada) as sum-1 … sum-2 · $3.80/h for all ($1.90/h each)',
    );
    d.toggle('public_ip', true);
    expect(d.spec.summary?.(d.state.values)).toMatch(
      /^2 × n3-H100x1 .* for all \(\$1\.9\d+\/h each\), public IPs included$/,
    );
  });

  it('user data: typed text is sent as is; @path sends the file; an unreadable file is a clear error', async () => {
    const { d } = await vmForm();
    fillValid(d, 'ud-typed');
    d.fill('user_data', 'echo hi > /tmp/x');
    expect(await d.submit()).toBe('done');
    expect(vmNamed('ud-typed')?.userData).toBe('echo hi > /tmp/x');

    const { d: d2 } = await vmForm();
    fillValid(d2, 'ud-file');
    const path = join(dir, 'cloud-init.yaml');
    d2.fill('user_data', `@${path}`);
    expect(d2.shown('user_data')).toBe(`cannot read ${path}: no such file`);
    d2.fill('user_data', '@');
    expect(d2.shown('user_data')).toBe('type a file path after @ (e.g. @~/cloud-init.yaml)');
    const yaml = '#cloud-config\npackages:\n  - htop\n';
    writeFileSync(path, yaml);
    d2.fill('user_data', `@${path}`);
    expect(d2.errors().user_data).toBeUndefined();
    // gone before the submit: the live check refuses to send, the field says why, everything is kept
    rmSync(path);
    const before = vmCount();
    expect(await d2.submit()).toBeUndefined();
    expect(d2.shown('user_data')).toBe(`cannot read ${path}: no such file`);
    expect(d2.state.values.name).toBe('ud-file');
    // gone between the check and the read (a race): onSubmit rejects with the same words, nothing is sent
    await expect(d2.spec.onSubmit(d2.state.values)).rejects.toThrow(
      `user data: cannot read ${path}: no such file`,
    );
    expect(vmCount()).toBe(before);
    writeFileSync(path, yaml);
    expect(await d2.submit()).toBe('done');
    expect(vmNamed('ud-file')?.userData).toBe(yaml);
  });

  it('sends the toggles and the count as chosen', async () => {
    const { d } = await vmForm();
    fillValid(d, 'opts');
    d.focus('count');
    d.key('backspace');
    d.type('2');
    d.toggle('public_ip', true);
    d.toggle('boot_volume', true);
    expect(await d.submit()).toBe('done');
    const [a, b] = [vmNamed('opts-1'), vmNamed('opts-2')];
    expect(a?.wantsFloatingIp).toBe(true);
    expect(a?.volumeIds.length).toBe(1);
    expect(b?.status).toBe('CREATING');
    // No SSH rule unless asked (the service's default rules only).
    expect(a?.rules.filter((r) => r.portMin === 22)).toEqual([]);
  });

  it('Open SSH puts a tcp/22 rule from anywhere on each new VM in the same request, and says so', async () => {
    const { d } = await vmForm();
    fillValid(d, 'sshable');
    d.toggle('open_ssh', true);
    expect(d.spec.summary!(d.state.values)).toContain('SSH open to all');
    const posts = () => env.sc.exchanges.filter((e) => e.method === 'POST').length;
    const before = posts();
    expect(await d.submit()).toBe('done');
    expect(posts() - before).toBe(1); // one request: the create carries the rule
    expect(vmNamed('sshable')?.rules.filter((r) => r.direction === 'ingress')).toEqual([
      expect.objectContaining({
        direction: 'ingress',
        protocol: 'tcp',
        portMin: 22,
        portMax: 22,
        ethertype: 'IPv4',
        remoteIpPrefix: '0.0.0.0/0',
      }),
    ]);
  });
});

describe('Create VM: firewalls in the same step', () => {
  it("offers the environment's firewalls; the chosen ones are attached to each new VM right after the create", async () => {
    const world = env.sc.sim.world;
    const canada = [...world.envs.values()].find((e) => e.name === 'prod-canada')!;
    const fw = [...world.firewalls.values()].find((f) => f.envId === canada.id);
    expect(fw, 'a firewall in prod-canada').toBeDefined();
    const { d } = await vmForm();
    fillValid(d, 'walled');
    d.focus('count');
    d.key('backspace');
    d.type('2');
    const inEnv = [...world.firewalls.values()].filter((f) => f.envId === canada.id).map((f) => String(f.id));
    expect(d.options('firewalls').map((o) => o.value)).toEqual(inEnv);
    d.focus('firewalls');
    d.key('enter');
    while (d.state.list && d.options('firewalls')[d.state.list.highlight]?.value !== String(fw!.id))
      d.key('down');
    d.key(' ');
    d.key('enter');
    expect(d.state.values.firewalls).toEqual([String(fw!.id)]);
    expect(await d.submit()).toBe('done');
    // The attachments follow the create, one request per VM, each said in the status line.
    const made = () => ['walled-1', 'walled-2'].map((n) => vmNamed(n)!.id);
    await expect
      .poll(() => made().every((id) => world.firewalls.get(fw!.id)!.attachments.some((a) => a.vmId === id)))
      .toBe(true);
    // (the simulator's clock stands still here: no follow's "is ACTIVE" replaces it)
    await expect
      .poll(() => env.store.getState().status?.text)
      .toMatch(new RegExp(`^${fw!.name} attached to walled-2`));
    const attaches = env.sc.exchanges.filter(
      (e) => e.method === 'POST' && e.path.endsWith('/attach-firewalls'),
    );
    expect(attaches).toHaveLength(2);
  });

  it('an environment with no firewall has no Firewalls field', async () => {
    const world = env.sc.sim.world;
    const { d } = await vmForm();
    const bare = [...world.envs.values()].find(
      (e) => ![...world.firewalls.values()].some((f) => f.envId === e.id),
    );
    if (!bare) return; // every seeded environment has one
    d.choose('environment', bare.name);
    expect(d.visible()).not.toContain('firewalls');
  });
});

describe('Create VM: submit', () => {
  it('double Enter creates exactly one VM; it shows at once as CREATING and is followed until ACTIVE', async () => {
    const created: Vm[][] = [];
    const { d } = await vmForm({ onCreated: (vms) => created.push([...vms]) });
    fillValid(d, 'once');
    d.focus(SUBMIT_ROW);
    const before = vmCount();
    d.key('enter');
    d.key('enter');
    d.key('enter');
    expect(d.outcomes).toHaveLength(1);
    expect(await d.outcomes[0]).toBe('done');
    expect(vmCount()).toBe(before + 1);
    expect(created).toHaveLength(1);
    const id = created[0]?.[0]?.id;
    const inList = ((env.store.getState().slices.vms?.data ?? []) as Vm[]).find((v) => v.id === id);
    expect(inList?.status).toBe('CREATING');
    expect(
      env.sc.exchanges.filter((e) => e.method === 'POST' && e.path.endsWith('/virtual-machines')),
    ).toHaveLength(1);
    env.sc.clock.advance(20_000);
    await env.poller.refresh('vms');
    expect(((env.store.getState().slices.vms?.data ?? []) as Vm[]).find((v) => v.id === id)?.status).toBe(
      'ACTIVE',
    );
  });

  it('a 409 (name taken meanwhile) keeps everything typed; a new name then creates it', async () => {
    await checkSaysFree();
    const { d } = await vmForm();
    fillValid(d, 'dup-1');
    d.fill('user_data', 'echo keep');
    await createVm('dup-1');
    const values = d.state.values;
    const before = vmCount();
    expect(await d.submit()).toBe('error');
    expect(d.closed).toBe(false);
    expect(d.state.serviceFailure).toBe('refused');
    expect(d.state.serviceError).toMatch(/A virtual machine named "dup-1" already exists/);
    expect(d.state.values).toEqual(values);
    expect(vmCount()).toBe(before);
    expect(env.store.getState().status?.tone).toBe('error');
    d.fill('name', 'dup-2');
    expect(await d.submit()).toBe('done');
    expect(vmNamed('dup-2')?.userData).toBe('echo keep');
  });

  it('an unreadable answer (it may have been created) reloads the list: the name check then stops a second send', async () => {
    const { d } = await vmForm();
    fillValid(d, 'maybe-made');
    env.sc.sim.faults.set({ malformedRate: 1, paths: ['/core/virtual-machines'] });
    env.sc.onExchange((e) => {
      if (e.method === 'POST') env.sc.sim.faults.clear();
    });
    const before = vmCount();
    expect(await d.submit()).toBe('error');
    env.sc.onExchange(undefined);
    expect(vmCount()).toBe(before + 1);
    expect(d.state.serviceFailure).toBe('unknown');
    expect(d.state.values.name).toBe('maybe-made');
    expect(d.shown('name')).toBe('a VM named maybe-made already exists');
    const posts = () => env.sc.exchanges.filter((e) => e.method === 'POST').length;
    const sent = posts();
    expect(await d.submit()).toBeUndefined();
    expect(posts()).toBe(sent);
    expect(vmCount()).toBe(before + 1);
  });

  it("the read-only key's 403 keeps the form and its content", async () => {
    await env.close();
    env = await formEnv({ key: 'readonly' });
    const { d } = await vmForm();
    fillValid(d, 'no-rights');
    const before = vmCount();
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceFailure).toBe('refused');
    expect(d.state.serviceError).toMatch(/403/);
    expect(d.state.values.name).toBe('no-rights');
    expect(d.state.values.flavor).toBe('n1-cpu-small');
    expect(vmCount()).toBe(before);
  });

  it('openCreateVm loads what the form needs and opens it as a form modal', async () => {
    await openCreateVm(env.deps);
    const modal = env.store.getState().modal as unknown as { kind: string; spec: FormSpec };
    expect(modal.kind).toBe('form');
    expect(modal.spec.title).toBe('Create VM');
    for (const k of ['environments', 'keypairs', 'images', 'flavors', 'stocks', 'pricebook', 'profiles']) {
      expect(env.store.getState().slices[k]?.status, k).toBe('ok');
    }
  });
});

describe('Create VM: provisioning profiles', () => {
  it('"Save as profile" saves the form; "from profile" pre-fills it again (round trip)', async () => {
    const { d } = await vmForm();
    d.fill('name', 'prof-src');
    d.choose('environment', 'research-norway');
    d.choose('image', 'Ubuntu Server 20.04 LTS R470 CUDA 11.4');
    d.choose('flavor', 'n3-RTX-A6000x1');
    d.choose('keypair', 'bob-workstation');
    d.focus('count');
    d.key('backspace');
    d.type('2');
    d.toggle('public_ip', true);
    d.toggle('open_ssh', true);
    const path = join(dir, 'init.sh');
    const script = '#!/bin/sh\necho ready\n';
    writeFileSync(path, script);
    d.fill('user_data', `@${path}`);
    d.fill('save_profile', 'rtx-pair');
    expect(await d.submit()).toBe('done');
    const saved = [...env.sc.sim.world.profiles.values()].find((p) => p.name === 'rtx-pair');
    expect(saved?.data).toEqual({
      environment_name: 'research-norway',
      image_name: 'Ubuntu Server 20.04 LTS R470 CUDA 11.4',
      flavor_name: 'n3-RTX-A6000x1',
      key_name: 'bob-workstation',
      count: 2,
      assign_floating_ip: true,
      create_bootable_volume: false,
      security_rules: [
        {
          direction: 'ingress',
          protocol: 'tcp',
          ethertype: 'IPv4',
          port_range_min: 22,
          port_range_max: 22,
          remote_ip_prefix: '0.0.0.0/0',
        },
      ],
      user_data: script,
    });
    expect((env.store.getState().slices.profiles?.data ?? []) as Profile[]).toContainEqual(
      expect.objectContaining({ name: 'rtx-pair' }),
    );

    // from profile: a choose dialog, then the form filled in
    await openCreateVmFromProfile(env.deps);
    const choose = env.store.getState().modal;
    expect(choose?.kind).toBe('choose');
    if (choose?.kind !== 'choose') return;
    const option = choose.options.find((o) =>
      o.label.startsWith('rtx-pair — 2 × n3-RTX-A6000x1 in research-norway'),
    );
    expect(option).toBeDefined();
    env.store.setState({ modal: null });
    choose.onChoose(option?.value ?? '');
    await expect.poll(() => env.store.getState().modal?.kind).toBe('form');
    const spec = (env.store.getState().modal as unknown as { spec: FormSpec }).spec;
    expect(spec.title).toBe('Create VM from profile rtx-pair');
    const d2 = new FormDriver(spec);
    expect(d2.state.values).toMatchObject({
      name: '',
      environment: 'research-norway',
      image: 'Ubuntu Server 20.04 LTS R470 CUDA 11.4',
      flavor: 'n3-RTX-A6000x1',
      keypair: 'bob-workstation',
      count: 2,
      public_ip: true,
      open_ssh: true,
      boot_volume: false,
      user_data: '(user data of profile rtx-pair: 2 lines)',
    });
    d2.fill('name', 'prof-copy');
    expect(d2.errors()).toEqual({});
    expect(await d2.submit()).toBe('done');
    const copy = vmNamed('prof-copy-1');
    expect(copy?.userData).toBe(script);
    expect(copy?.flavor.name).toBe('n3-RTX-A6000x1');
    expect(copy?.wantsFloatingIp).toBe(true);
    expect(copy?.rules.filter((r) => r.protocol === 'tcp').map((r) => `${r.protocol}/${r.portMin}`)).toEqual([
      'tcp/22',
    ]);
  });

  it("a seeded profile's callback URL is carried to the new VMs", async () => {
    const profiles = await env.api.profiles.list();
    const l40 = profiles.find((p) => p.name === 'l40-inference');
    expect(l40).toBeDefined();
    const { d } = await vmForm({ profile: l40 });
    expect(d.spec.notes?.join('\n')).toContain('https://hooks.northwind-ai.example/hyperstack');
    d.fill('name', 'infer');
    expect(await d.submit()).toBe('done');
    expect(vmNamed('infer-1')?.callbackUrl).toBe('https://hooks.northwind-ai.example/hyperstack');
  });

  it('a profile name already taken is refused live; a failed VM creation does not save the profile twice', async () => {
    const { d } = await vmForm();
    fillValid(d, 'p-vm');
    d.fill('save_profile', 'h100-training-node');
    expect(d.shown('save_profile')).toBe(
      'a profile named h100-training-node already exists (profiles cannot be changed: pick a new name)',
    );
    d.fill('save_profile', 'p-new');
    expect(d.errors().save_profile).toBeUndefined();
    await createVm('p-vm');
    expect(await d.submit()).toBe('error');
    // the profile was saved before the VM was refused; its name is not "taken" for this form
    expect(d.errors().save_profile).toBeUndefined();
    d.fill('name', 'p-vm-2');
    expect(await d.submit()).toBe('done');
    expect([...env.sc.sim.world.profiles.values()].filter((p) => p.name === 'p-new')).toHaveLength(1);
  });
});

describe('Create VM: lease', () => {
  it('none by default; 8 h puts a lease-until label on the new VM; a date is typed in UTC and checked live', async () => {
    let { d } = await vmForm();
    expect(d.state.values.lease).toBe('none');
    expect(d.visible()).not.toContain('lease_until');
    fillValid(d, 'leased-8h');
    d.choose('lease', '8');
    const before = Date.now();
    expect(await d.submit()).toBe('done');
    const [label] = vmNamed('leased-8h')!.labels;
    const end = parseLease(label ?? '')!;
    expect(end).toBeGreaterThanOrEqual(Math.floor((before + 8 * 3_600_000) / 60_000) * 60_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 8 * 3_600_000);
    ({ d } = await vmForm());
    fillValid(d, 'leased-date');
    d.choose('lease', 'date');
    expect(d.visible()).toContain('lease_until');
    d.fill('lease_until', '2020-01-01 10:00');
    expect(d.shown('lease_until')).toBe('that is already past');
    d.fill('lease_until', '2099-02-31 10:00');
    expect(d.shown('lease_until')).toBe('2099-02-31 10:00 is not a date');
    d.fill('lease_until', '2099-12-01 18:30');
    expect(d.errors()).toEqual({});
    expect(await d.submit()).toBe('done');
    expect(vmNamed('leased-date')!.labels).toEqual(['lease-until=2099-12-01T18-30Z']);
    expect(vmNamed('leased-8h') && vmNamed('leased-date')).toBeTruthy();
  });
});
