/** The Key pairs / Environments screen in the whole app, against the simulator (forms and dialogs included). */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { cleanupApps, renderApp, withStatus } from '../support/render-app.js';
import { sshPublicKey } from '../support/sim-client.js';
import { addEnvironment } from '../support/sim-direct.js';

const WIDTH = 130;
const HEIGHT = 36;
const KEY = {
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  down: '\x1b[B',
  ctrlS: '\x13',
  backspace: '\x7f',
} as const;

afterEach(cleanupApps);

/** The whole app on the key pairs screen, its status line written "status: …" (as the assertions read it). */
async function renderKeys(o: { readOnly?: boolean; before?: (sim: Simulator) => void } = {}) {
  const app = await renderApp({
    screen: 'keys',
    width: WIDTH,
    height: HEIGHT,
    refreshMs: 600_000,
    ...(o.readOnly ? { readOnly: true } : {}),
    ...(o.before ? { before: o.before } : {}),
  });
  return { ...withStatus(app), deps: { store: app.store } };
}

/** The table row under the cursor. */
const selected = (f: string) => f.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('Key pairs / Environments screen', () => {
  it('lists key pairs by environment with fingerprint and age; an environment without one is flagged', async () => {
    const app = await renderKeys({
      before: (sim) => {
        addEnvironment(sim.world, 'bare-env');
      },
    });
    const f = await app.waitFor('bare-env/CANADA-1');
    expect(f).toContain('Key pairs and environments');
    expect(f).toMatch(/NAME\s+ENVIRONMENT\/REGION\s+TYPE\s+FINGERPRINT\s+AGE/);
    expect(f).toMatch(/alice-laptop\s+research-norway\/NORWAY-1\s+ssh-ed25519\s+[0-9a-f]{2}:[0-9a-f]{2}:/);
    expect(f).toMatch(/bob-workstation\s+research-norway\/NORWAY-1\s+ssh-rsa/);
    expect(f).toMatch(/\(no key pair: i imports one\)\s+bare-env\/CANADA-1/);
    expect(f).toContain(
      '1 environment has no key pair: nothing can be created there until one is imported (i)',
    );
  });

  it("i imports a key pair into the selected row's environment; the list shows it at once", async () => {
    const app = await renderKeys({
      before: (sim) => {
        addEnvironment(sim.world, 'bare-env');
      },
    });
    await app.waitFor('bare-env/CANADA-1');
    await app.press('g');
    expect(selected(app.frame())).toMatch(/bare-env/);
    await app.press('i');
    let f = await app.waitFor('Import key pair');
    expect(f).toContain('Only the public key is sent');
    await app.press('k', '1', KEY.tab, KEY.tab);
    const line = sshPublicKey('me@box');
    await app.press(line);
    f = await app.waitFor('me@box into bare-env');
    expect(f).toContain('ssh-ed25519 (256 bits)');
    await app.press(KEY.ctrlS);
    f = await app.waitFor((fr) => !fr.includes('Import key pair') && /k1\s+bare-env\/CANADA-1/.test(fr));
    expect(f).toContain('status: Key pair k1 imported into bare-env (ssh-ed25519, SHA256:');
    expect(f).not.toContain('(no key pair: i imports one)');
    expect([...app.sim.world.keypairs.values()].some((k) => k.name === 'k1' && k.publicKey === line)).toBe(
      true,
    );
  });

  it('n renames the selected key pair, D asks to type its name', async () => {
    const app = await renderKeys();
    await app.waitFor('alice-laptop  ');
    await app.waitFor('research-norway/NORWAY-1');
    const row = selected(app.frame());
    const name = row.slice(2).trim().split(/\s+/)[0] ?? '';
    await app.press('n');
    let f = await app.waitFor('Rename key pair');
    expect(f).toContain(`Rename key pair ${name}`);
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes('Rename key pair'));
    await app.press('D');
    f = await app.waitFor(`Delete key pair ${name}?`);
    expect(f).toMatch(/Type its\s/);
  });

  it('E creates an environment, its name checked live', async () => {
    const app = await renderKeys();
    await app.waitFor('alice-laptop');
    await app.press('E');
    await app.waitFor('0/50'); // the form (a "loading regions" dialog of the same title may come first)
    await app.press('e', 'U');
    let f = await app.waitFor('uppercase "U" is not allowed: use lowercase ("u")');
    await app.press(KEY.backspace, 'u', '-', '2', KEY.tab, KEY.enter, KEY.down, KEY.enter);
    f = await app.waitFor('eu-2 in CANADA-1');
    await app.press(KEY.ctrlS);
    f = await app.waitFor((fr) => /\(no key pair: i imports one\)\s+eu-2\/CANADA-1/.test(fr));
    expect(f).toContain('status: Environment eu-2 created in CANADA-1');
    expect([...app.sim.world.envs.values()].find((e) => e.name === 'eu-2')?.region).toBe('CANADA-1');
  });

  it("e renames the row's environment (a key pair's too): its rows show the new name", async () => {
    const app = await renderKeys();
    await app.waitFor('training-bot  ');
    await app.press('/', ...'training-bot', KEY.enter);
    await app.waitFor((fr) => selected(fr).includes('ml-training/'));
    await app.press('e');
    await app.waitFor('Rename environment ml-training');
    await app.press(...Array(15).fill(KEY.backspace), ...'Ml');
    await app.waitFor('uppercase "M" is not allowed');
    await app.press(...Array(5).fill(KEY.backspace), ...'research-norway');
    await app.waitFor('an environment named research-norway already exists');
    await app.press(...Array(20).fill(KEY.backspace), ...'ml-eu');
    await app.waitFor('ml-training → ml-eu');
    await app.press(KEY.ctrlS);
    const f = await app.waitFor((fr) => /training-bot\s+ml-eu\/NORWAY-1/.test(fr));
    expect(f).toContain('status: Environment ml-training renamed to ml-eu');
    expect([...app.sim.world.envs.values()].some((e) => e.name === 'ml-eu')).toBe(true);
  });

  it('X deletes an environment after its name is typed; one that holds key pairs is refused before asking', async () => {
    const app = await renderKeys({
      before: (sim) => {
        addEnvironment(sim.world, 'bare-env');
      },
    });
    await app.waitFor('bare-env/CANADA-1');
    // A key pair's environment: it holds the key pair, so nothing is asked nor sent.
    await app.press('G');
    await app.waitFor((fr) => !selected(fr).includes('bare-env'));
    const envOf = selected(app.frame()).match(/\s([a-z0-9-]+)\/[A-Z]/)?.[1] ?? '';
    await app.press('X');
    let f = await app.waitFor(`Environment ${envOf} still holds`);
    expect(f).toMatch(/still holds \d+ key pairs?.*: delete (it|them) first/);
    expect(app.deps.store.getState().modal).toBeNull();

    await app.press('g');
    await app.waitFor((fr) => selected(fr).includes('bare-env'));
    await app.press('X');
    await app.waitFor('Delete environment bare-env?');
    await app.press(...'bare-en', KEY.enter);
    expect([...app.sim.world.envs.values()].some((e) => e.name === 'bare-env')).toBe(true);
    await app.press('v', KEY.enter);
    f = await app.waitFor(
      (fr) => fr.includes('status: Environment bare-env deleted') && !fr.includes('bare-env/'),
    );
    expect([...app.sim.world.envs.values()].some((e) => e.name === 'bare-env')).toBe(false);
  });

  it('X: the service refuses an environment that still holds VMs, in its own words', async () => {
    const app = await renderKeys({
      before: (sim) => {
        // No key pair, but a VM (the VM list is not loaded on this screen): only the service knows.
        addEnvironment(sim.world, 'busy-env');
        const vm = [...sim.world.vms.values()][0]!;
        vm.envId = 999;
      },
    });
    await app.waitFor('busy-env/CANADA-1');
    await app.press('g');
    await app.waitFor((fr) => selected(fr).includes('busy-env'));
    await app.press('X');
    await app.waitFor('Delete environment busy-env?');
    await app.press(...'busy-env', KEY.enter);
    const f = await app.waitFor('still contains 1 virtual machine');
    expect(f).not.toContain('method not allowed');
    expect([...app.sim.world.envs.values()].some((e) => e.name === 'busy-env')).toBe(true);
  });

  it('read-only: the keys that change the cloud open nothing and say why', async () => {
    const app = await renderKeys({ readOnly: true });
    await app.waitFor('alice-laptop');
    await app.press('i');
    let f = await app.waitFor('status: read-only');
    expect(f).toContain('status: read-only (--read-only): "import key pair" is not allowed');
    await app.press('E');
    f = await app.waitFor('"new environment" is not allowed');
    expect(f).not.toContain('New environment');
    expect(app.deps.store.getState().modal).toBeNull();
  });
});
