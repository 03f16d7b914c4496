import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEnvironmentForm, openCreateEnvironment } from '../../screens/forms/environment-create.js';
import { importKeypairForm, openImportKeypair } from '../../screens/forms/keypair-import.js';
import { openRenameKeypair, renameKeypairForm } from '../../screens/forms/keypair-rename.js';
import type { Environment } from '../../src/api/schemas/environment.js';
import type { Keypair } from '../../src/api/schemas/keypair.js';
import { keypairEnvName } from '../../src/domain/keypairs.js';
import { parsePublicKey } from '../../src/domain/ssh-key.js';
import { deleteKeypair } from '../../src/store/actions/keypair-actions.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { sshPublicKey } from '../support/sim-client.js';
import { FormDriver, type FormEnv, formEnv, loadAll } from './forms-harness.js';

let env: FormEnv;
let dir: string;
beforeEach(async () => {
  env = await formEnv();
  dir = mkdtempSync(join(tmpdir(), 'hs-forms-kp-'));
});
afterEach(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

const simKeypairs = () => [...env.sc.sim.world.keypairs.values()];
const openSpec = () => (env.store.getState().modal as unknown as { kind: string; spec: FormSpec }).spec;

async function importForm(opts: Parameters<typeof importKeypairForm>[1] = {}) {
  const data = await loadAll(env);
  return { data, d: new FormDriver(importKeypairForm({ deps: env.deps, data }, opts)) };
}

describe('Import key pair', () => {
  it('name: counted to 50, the 51st refused; a name taken in the same environment refused', async () => {
    const { d } = await importForm();
    d.focus('name');
    for (let i = 1; i <= 51; i++) {
      d.type('k');
      if (i <= 50) expect(d.errors().name).toBeUndefined();
    }
    expect(d.shown('name')).toBe('at most 50 characters (51)');
    d.fill('name', 'alice-laptop');
    expect(d.errors().name).toBeUndefined();
    d.choose('environment', 'research-norway');
    expect(d.shown('name')).toBe('a key pair named alice-laptop already exists in research-norway');
    d.choose('environment', 'prod-canada');
    expect(d.errors().name).toBeUndefined();
  });

  it('the public key typed character by character is refused until it is whole, then accepted', async () => {
    const { d } = await importForm();
    const line = sshPublicKey('me@host');
    const [type = '', data = ''] = line.split(' ');
    const whole = type.length + 1 + data.length;
    d.focus('public_key');
    for (let i = 1; i <= line.length; i++) {
      d.type(line[i - 1] ?? '');
      const error = d.errors().public_key;
      if (i < whole) expect(error, `after ${i} characters`).toBeDefined();
      else expect(error, `after ${i} characters`).toBeUndefined();
    }
    expect(d.state.values.public_key).toBe(line);
  });

  it('refuses a private key, a DSA key, a mismatched type and a key broken by a line break', async () => {
    const { d } = await importForm();
    const [type, data = ''] = sshPublicKey().split(' ');
    // a paste arrives in one key event: line breaks become spaces in the one-line field
    d.focus('public_key');
    d.key('ctrl+u');
    d.paste(`${type} ${data.slice(0, 30)}\n${data.slice(30)}`);
    expect(d.state.values.public_key).toBe(`${type} ${data.slice(0, 30)} ${data.slice(30)}`);
    expect(d.shown('public_key')).toMatch(/cut by a line break, paste it as one line$/);
    d.fill('public_key', `ssh-rsa ${data}`);
    expect(d.shown('public_key')).toBe('the key data is a ssh-ed25519 key but the line says ssh-rsa');
    d.fill('public_key', `ssh-dss ${data}`);
    expect(d.shown('public_key')).toMatch(/^DSA \(ssh-dss\) keys are obsolete/);
    d.fill('public_key', '-----BEGIN OPENSSH PRIVATE KEY----- b3Blbn -----END OPENSSH PRIVATE KEY-----');
    expect(d.shown('public_key')).toMatch(/^this is a PRIVATE key/);
  });

  it('reads ~/.ssh/id_ed25519.pub (the home directory expanded) and imports it', async () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.ssh'), { recursive: true });
    const line = sshPublicKey('me@laptop');
    writeFileSync(join(home, '.ssh', 'id_ed25519.pub'), `${line}\n`);
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const { d } = await importForm({ environment: 'sandbox' });
      d.fill('name', 'from-file');
      d.fill('public_key', '~/.ssh/id_ed25519.pub');
      expect(d.errors()).toEqual({});
      expect(d.spec.summary?.(d.state.values)).toMatch(
        /^ssh-ed25519 \(256 bits\) SHA256:\S+ me@laptop from ~\/\.ssh\/id_ed25519\.pub into sandbox \(CANADA-1\)$/,
      );
      expect(await d.submit()).toBe('done');
      const kp = simKeypairs().find((k) => k.name === 'from-file');
      expect(kp?.publicKey).toBe(line);
      const parsed = parsePublicKey(line);
      expect(parsed.ok && kp?.fingerprint).toBe(parsed.ok ? parsed.key.md5 : '');
      // The form closed at once; the list catches up in the background.
      await vi.waitFor(() => {
        const listed = env.store.getState().slices.keypairs?.data as Keypair[];
        expect(listed.map((k) => k.name)).toContain('from-file');
      });
      expect(env.store.getState().status?.text).toMatch(
        /^Key pair from-file imported into sandbox \(ssh-ed25519, SHA256:/,
      );
    } finally {
      process.env.HOME = saved;
    }
  });

  it('says when the same key is already imported in that environment', async () => {
    const { d, data } = await importForm({ environment: 'prod-canada' });
    const ci = (data.keypairs ?? []).find((k) => k.name === 'ci-deploy');
    d.fill('public_key', ci?.public_key ?? '');
    expect(d.spec.summary?.(d.state.values)).toMatch(/the same key is already imported as ci-deploy$/);
  });

  it('a name taken meanwhile (409) keeps the form and everything typed', async () => {
    const { d } = await importForm({ environment: 'sandbox' });
    d.fill('name', 'race');
    const line = sshPublicKey();
    d.fill('public_key', line);
    await env.api.keypairs.import({ name: 'race', environment_name: 'sandbox', public_key: sshPublicKey() });
    expect(await d.submit()).toBe('error');
    expect(d.state.serviceError).toMatch(/already exists/);
    expect(d.state.values).toMatchObject({ name: 'race', environment: 'sandbox', public_key: line });
  });

  it('openImportKeypair opens the form with the environment chosen', async () => {
    await openImportKeypair(env.deps, { environment: 'ml-training' });
    const d = new FormDriver(openSpec());
    expect(d.state.values.environment).toBe('ml-training');
  });
});

describe('Rename key pair', () => {
  it('at most 50 characters, a new name, unique in its environment; then renamed', async () => {
    const data = await loadAll(env);
    const kp = (data.keypairs ?? []).find(
      (k) => k.name === 'ci-deploy' && keypairEnvName(k) === 'prod-canada',
    );
    if (!kp) throw new Error('no seeded ci-deploy');
    const d = new FormDriver(renameKeypairForm({ deps: env.deps, data }, kp));
    expect(d.errors().name).toBe('that is its name now: type a new one');
    d.focus('name');
    d.key('ctrl+u');
    for (let i = 1; i <= 51; i++) {
      d.type('r');
      if (i <= 50) expect(d.errors().name).toBeUndefined();
    }
    expect(d.shown('name')).toBe('at most 50 characters (51)');
    d.fill('name', 'ops-bastion');
    expect(d.shown('name')).toBe('a key pair named ops-bastion already exists in prod-canada');
    d.fill('name', 'alice-laptop');
    expect(d.errors().name).toBeUndefined();
    d.fill('name', 'ci-deploy-2025');
    expect(await d.submit()).toBe('done');
    expect(env.sc.sim.world.keypairs.get(kp.id)?.name).toBe('ci-deploy-2025');
  });

  it('openRenameKeypair opens the form for that key pair', async () => {
    const data = await loadAll(env);
    const kp = data.keypairs?.[0];
    if (!kp) throw new Error('no key pair');
    openRenameKeypair(env.deps, kp);
    expect(openSpec().title).toBe(`Rename key pair ${kp.name}`);
  });
});

describe('Delete key pair', () => {
  it('asks to type its name, then deletes it', async () => {
    const data = await loadAll(env);
    const kp = (data.keypairs ?? []).find((k) => k.name === 'chen-macbook');
    if (!kp) throw new Error('no seeded chen-macbook');
    deleteKeypair(env.deps, kp);
    const modal = env.store.getState().modal;
    expect(modal?.kind).toBe('type-to-confirm');
    if (modal?.kind !== 'type-to-confirm') return;
    expect(modal.expected).toBe('chen-macbook');
    expect(modal.message).toMatch(/^The public key is removed from sandbox\./);
    modal.onConfirm();
    await expect.poll(() => env.sc.sim.world.keypairs.has(kp.id)).toBe(false);
  });
});

describe('New environment', () => {
  async function envForm(opts: Parameters<typeof createEnvironmentForm>[1] = {}) {
    const data = await loadAll(env);
    return new FormDriver(createEnvironmentForm({ deps: env.deps, data }, opts));
  }

  it('checks the name live (lowercase letters, digits, hyphens; not taken) and offers the service’s regions', async () => {
    const d = await envForm();
    d.focus('name');
    d.type('ml');
    expect(d.errors().name).toBeUndefined();
    d.type('_');
    expect(d.shown('name')).toBe(
      '"_" (underscore) is not allowed: only lowercase letters, digits and hyphens (use "-")',
    );
    d.key('backspace');
    d.type('X');
    expect(d.shown('name')).toBe('uppercase "X" is not allowed: use lowercase ("x")');
    d.fill('name', 'sandbox');
    expect(d.shown('name')).toBe('an environment named sandbox already exists');
    // what GET /core/regions says, with the country and green status as the hint (not a fixed list)
    const served = await env.api.regions.list();
    expect(d.options('region').map((o) => o.value)).toEqual(served.map((r) => r.name));
    expect(d.options('region').map((o) => o.value)).toContain('US-1');
    const us = served.find((r) => r.name === 'US-1')!;
    expect(d.options('region').find((o) => o.value === 'US-1')?.hint).toBe(
      [us.country, us.green_status].filter(Boolean).join(' · '),
    );
    expect(d.spec.fields.find((f) => f.id === 'name')).toMatchObject({ maxLength: 50, counter: true });
  });

  it('creates it in the chosen region', async () => {
    const d = await envForm();
    d.fill('name', 'eu-batch');
    d.choose('region', 'NORWAY-1');
    expect(d.spec.summary?.(d.state.values)).toBe('eu-batch in NORWAY-1');
    expect(await d.submit()).toBe('done');
    const created = [...env.sc.sim.world.envs.values()].find((e) => e.name === 'eu-batch');
    expect(created?.region).toBe('NORWAY-1');
    await vi.waitFor(() =>
      expect(
        ((env.store.getState().slices.environments?.data ?? []) as Environment[]).map((e) => e.name),
      ).toContain('eu-batch'),
    );
  });

  it('without the regions endpoint, the regions its environments and stock name', async () => {
    const data = { ...(await loadAll(env)), regions: undefined };
    const d = new FormDriver(createEnvironmentForm({ deps: env.deps, data }));
    const named = new Set([
      ...(data.environments ?? []).map((e) => e.region),
      ...(data.stocks ?? []).map((s) => s.region),
    ]);
    expect(new Set(d.options('region').map((o) => o.value))).toEqual(named);
    expect(named.has('US-1')).toBe(true);
  });

  it('creates it in US-1, a region the older spec does not name', async () => {
    const d = await envForm();
    d.fill('name', 'us-batch');
    d.choose('region', 'US-1');
    expect(await d.submit()).toBe('done');
    expect([...env.sc.sim.world.envs.values()].find((e) => e.name === 'us-batch')?.region).toBe('US-1');
  });

  it('a region filter the service does not list is not pre-chosen', async () => {
    env.store.setState({ region: 'MARS-1' });
    await openCreateEnvironment(env.deps);
    expect(new FormDriver(openSpec()).state.values.region).toBeUndefined();
  });

  it('the region filter of the header is the default region', async () => {
    env.store.setState({ region: 'CANADA-1' });
    await openCreateEnvironment(env.deps);
    expect(new FormDriver(openSpec()).state.values.region).toBe('CANADA-1');
  });
});
