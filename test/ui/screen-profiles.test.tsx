/** The Provisioning profiles screen in the whole app, against the simulator: list, inspect, delete, create a VM. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { cleanupApps, KEY, renderApp, selectRow, withStatus } from '../support/render-app.js';

const CTRL_S = '\x13';

afterEach(cleanupApps);

async function renderProfiles(
  o: {
    readOnly?: boolean;
    before?: (sim: Simulator) => void;
    delay?: (ms: number) => Promise<void>;
    width?: number;
  } = {},
) {
  const app = await renderApp({
    screen: 'profiles',
    width: o.width ?? 130,
    height: 36,
    refreshMs: 600_000,
    ...(o.readOnly ? { readOnly: true } : {}),
    ...(o.before ? { before: o.before } : {}),
    ...(o.delay ? { delay: o.delay } : {}),
  });
  return withStatus(app);
}

const profileNamed = (sim: Simulator, name: string) =>
  [...sim.world.profiles.values()].find((p) => p.name === name);

describe('Provisioning profiles screen', () => {
  it('lists each profile from its decoded configuration (sent as a JSON string): where, flavor, image', async () => {
    const app = await renderProfiles();
    // The regions come with the environments, which load beside the profiles: wait for all three rows' regions.
    const f = await app.waitFor((fr) => /NORWAY-1/.test(fr) && /CANADA-1/.test(fr) && /sandbox\//.test(fr));
    expect(f).toContain('Provisioning profiles');
    expect(f).toMatch(/NAME\s+ENVIRONMENT\/REGION\s+FLAVOR\s+IMAGE\s+DESCRIPTION/);
    expect(f).toMatch(
      /h100-training-node\s+research-norway\/NORWAY-1\s+n3-H100x1\s+Ubuntu Server 22\.04 LTS R535 CUDA[^\n]*Single H100/,
    );
    expect(f).toMatch(/l40-inference\s+prod-canada\/CANADA-1\s+2 × n3-L40x1\s/);
    expect(f).toMatch(/cpu-bastion\s+sandbox\/\S+\s+n1-cpu-small\s/);
  });

  it('Enter shows the decoded profile: every setting, the user data line by line', async () => {
    const app = await renderProfiles();
    await selectRow(app, 'h100-training-node');
    await app.press(KEY.enter);
    const f = await app.waitFor('User data');
    expect(f).toContain('Profile h100-training-node');
    expect(f).toMatch(/Environment\s+research-norway\/NORWAY-1/);
    expect(f).toMatch(/Key pair\s+alice-laptop/);
    expect(f).toMatch(/Public IP\s+yes/);
    expect(f).toMatch(/Boot volume\s+no/);
    expect(f).toContain('#cloud-config');
    expect(f).toContain('  - nvtop');
  });

  it('a profile whose configuration is not a JSON object is listed, says so, and cannot fill in a form', async () => {
    const app = await renderProfiles({
      before: (sim) => {
        sim.world.profiles.set(990, {
          id: 990,
          name: 'broken-one',
          description: 'x',
          data: [1, 2] as unknown as Record<string, unknown>,
          createdAt: sim.world.now(),
        });
      },
    });
    let f = await selectRow(app, 'broken-one');
    expect(f).toMatch(/broken-one\s+.*\(configuration unreadable\)/);
    await app.press('c');
    f = await app.waitFor('create VM from it: not possible now: its configuration cannot be read');
    expect(app.store.getState().modal).toBeNull();
  });

  it('D asks to type the name; a wrong name deletes nothing; the row is marked at once, then goes', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const app = await renderProfiles({ delay: () => held });
    await selectRow(app, 'cpu-bastion');
    const id = profileNamed(app.sim, 'cpu-bastion')!.id;
    await app.press('D');
    let f = await app.waitFor('Delete profile cpu-bastion?');
    expect(f).toContain('VMs created from it are');
    await app.press(...'cpu'.split(''), KEY.enter);
    await app.waitFor('that is not the exact name');
    expect(profileNamed(app.sim, 'cpu-bastion')).toBeDefined();
    app.sim.faults.set({ latencyMs: 1, paths: [`/core/profiles/${id}`] }); // the answer is held until released
    await app.press(...'-bastion'.split(''), KEY.enter);
    f = await app.waitFor((fr) => /cpu-bastion\s.*◐ deleting…/.test(fr));
    expect(f).toContain('status: Deleting profile cpu-bastion…');
    release();
    f = await app.waitFor(
      (fr) => !/^. cpu-bastion /m.test(fr) && fr.includes('status: Profile cpu-bastion deleted'),
    );
    expect(profileNamed(app.sim, 'cpu-bastion')).toBeUndefined();
    expect(app.exchanges.filter((e) => e === `DELETE /core/profiles/${id}`)).toHaveLength(1);
  });

  it('c opens Create VM filled in from the selected profile; created, the VMs screen shows it CREATING, selected', async () => {
    const app = await renderProfiles();
    await selectRow(app, 'cpu-bastion');
    await app.press('c');
    let f = await app.waitFor('Ctrl-S submit');
    expect(f).toContain('Create VM from profile cpu-bastion');
    expect(f).toMatch(/Environment\s+sandbox/);
    expect(f).toMatch(/Flavor\s+n1-cpu-small/);
    expect(f).toMatch(/Key pair\s+chen-macbook/);
    await app.press(...'from-prof-1'.split(''), CTRL_S);
    f = await app.waitFor(
      (fr) => app.store.getState().screen === 'vms' && /^› from-prof-1\s.*CREATING/m.test(fr),
    );
    const vm = [...app.sim.world.vms.values()].find((v) => v.name === 'from-prof-1');
    expect(vm?.flavor.name).toBe('n1-cpu-small');
    expect(vm?.keypairName).toBe('chen-macbook');
    expect(f).toMatch(/from-prof-1\s.*CREATING/);
  });

  it('read-only: c and D are refused with the reason, nothing opens', async () => {
    const app = await renderProfiles({ readOnly: true });
    await selectRow(app, 'cpu-bastion');
    await app.press('D');
    let f = await app.waitFor('status: read-only');
    expect(f).toContain('"delete" is not allowed');
    await app.press('c');
    f = await app.waitFor('"create VM from it" is not allowed');
    expect(app.store.getState().modal).toBeNull();
  });
});
