import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import type { FirewallRecord } from '../../src/sim/world/types.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { flat, footerLine, rowOf, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, screenApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const open = screenApp('firewalls');
const fwNamed = (sim: Simulator, name: string) =>
  [...sim.world.firewalls.values()].find((f) => f.name === name) as FirewallRecord;

/** Takes each form out of the store as soon as it opens, so a test can drive its spec directly. */
function captureForms(a: AppHarness): FormSpec[] {
  const forms: FormSpec[] = [];
  a.store.subscribe((s) => {
    const m = s.modal as { kind: string; spec?: FormSpec } | null;
    if (m?.kind === 'form' && m.spec) {
      forms.push(m.spec);
      a.store.setState({ modal: null });
    }
  });
  return forms;
}

describe('Firewalls screen: the list and the detail', () => {
  it('shows name, environment/region, status, rule count, attached VM count and age', async () => {
    app = await open();
    const f = await app.waitFor('CANADA-1');
    const header = f.split('\n').find((l) => l.includes('NAME'))!;
    let at = 0;
    for (const h of ['NAME', 'ENVIRONMENT/REGION', 'STATUS', 'RULES', 'VMS', 'AGE']) {
      at = header.indexOf(h, at);
      expect(at, h).toBeGreaterThan(0);
    }
    for (const fw of app.sim.world.firewalls.values()) {
      const env = app.sim.world.envs.get(fw.envId)!;
      const row = rowOf(f, fw.name);
      expect(row).toContain(`${env.name}/${env.region}`);
      expect(row).toContain('● SUCCESS');
      expect(row).toMatch(new RegExp(` ${fw.rules.length} +${fw.attachments.length} +\\d+[dhms]`));
    }
  });

  it('Enter lists the rules (direction, protocol, ports, ethertype, remote, status) and the attached VMs', async () => {
    app = await open({ height: 60 });
    const fw = fwNamed(app.sim, 'web-public');
    await selectRow(app, 'web-public');
    await app.press(KEY.enter);
    const f = await app.waitFor(`Rules (${fw.rules.length})`);
    expect(f).toMatch(/^DIRECTION +PROTOCOL +PORTS +ETHER +REMOTE +STATUS$/m);
    for (const r of fw.rules) {
      const ports =
        r.portMin === null ? 'all' : r.portMin === r.portMax ? `${r.portMin}` : `${r.portMin}-${r.portMax}`;
      expect(f).toMatch(
        new RegExp(
          `^${r.direction} +${r.protocol} +${ports} +${r.ethertype} +${r.remoteIpPrefix.replace(/[./]/g, '\\$&')} +SUCCESS`,
          'm',
        ),
      );
    }
    expect(f).toContain(`Attached to (${fw.attachments.length})`);
    for (const a of fw.attachments) {
      const vm = app.sim.world.vms.get(a.vmId)!;
      expect(f).toMatch(new RegExp(`^${vm.name} +${vm.status} +SUCCESS +attached \\d{4}-\\d\\d-\\d\\d`, 'm'));
    }
  });
});

describe('Firewalls screen: rules', () => {
  it('x chooses a rule, confirms, and deletes it', async () => {
    app = await open();
    const fw = fwNamed(app.sim, 'web-public');
    const before = fw.rules.length;
    const second = fw.rules[1]!;
    await selectRow(app, 'web-public');
    await app.waitFor((fr) => footerLine(fr).includes('x delete rule'));
    await app.press('x');
    let f = await app.waitFor('Which rule?');
    expect(f).toContain(`ingress ${second.protocol} port ${second.portMin} from ${second.remoteIpPrefix}`);
    await app.press('j', KEY.enter);
    f = await app.waitFor('Delete rule');
    expect(flat(f)).toContain('the traffic it allows stops at once');
    await app.press('y');
    f = await app.waitFor('Rule deleted from web-public');
    expect(app.exchanges).toContain(`DELETE /core/firewalls/${fw.id}/firewall-rules/${second.id}`);
    expect(fw.rules).toHaveLength(before - 1);
    await app.waitFor((fr) =>
      new RegExp(` ${before - 1} +${fw.attachments.length} `).test(rowOf(fr, 'web-public')),
    );
  });

  it('a opens the add-rule form; sending it adds the rule and the count follows', async () => {
    app = await open();
    const forms = captureForms(app);
    const fw = fwNamed(app.sim, 'internal-only');
    await selectRow(app, 'internal-only');
    await app.press('a');
    expect(forms).toHaveLength(1);
    const spec = forms[0]!;
    expect(spec.title).toBe('Add a rule to internal-only');
    await spec.onSubmit({ ...spec.initial, preset: 'https', remote: '10.20.0.0/16' });
    const rule = fw.rules.at(-1)!;
    expect(rule).toMatchObject({
      direction: 'ingress',
      protocol: 'tcp',
      portMin: 443,
      portMax: 443,
      remoteIpPrefix: '10.20.0.0/16',
    });
    const f = await app.waitFor((fr) => /internal-only .* 2 +0 /.test(rowOf(fr, 'internal-only')));
    expect(statusLine(f)).toContain(
      'Rule ingress tcp port 443 from 10.20.0.0/16 (IPv4) added to internal-only',
    );
  });
});

describe('Firewalls screen: create, attach, delete', () => {
  it('n opens the create form (even with no row selected); sending it creates the firewall', async () => {
    app = await open();
    const forms = captureForms(app);
    await app.waitFor('internal-only');
    await app.press('n');
    await app.waitFor(() => forms.length === 1);
    const spec = forms[0]!;
    const env = [...app.sim.world.envs.values()].find((e) => e.name === 'prod-canada')!;
    await spec.onSubmit({
      name: 'db-only',
      environment: String(env.id),
      description: 'postgres from the app tier',
    });
    // The form is done at once; the list catches up in the background.
    const f = await app.waitFor((fr) => rowOf(fr, 'db-only').includes('prod-canada/CANADA-1'));
    const created = fwNamed(app.sim, 'db-only');
    expect(created.description).toBe('postgres from the app tier');
    expect(statusLine(f)).toContain('Firewall db-only created');
  });

  it('A opens the attach form with the VMs of its environment; the list sent replaces the attachments', async () => {
    app = await open();
    const forms = captureForms(app);
    const fw = fwNamed(app.sim, 'web-public');
    const [keep, drop] = fw.attachments.map((a) => a.vmId);
    await selectRow(app, 'web-public');
    await app.press('A');
    await app.waitFor(() => forms.length === 1);
    const spec = forms[0]!;
    expect(spec.initial.vms).toEqual([String(keep), String(drop)]);
    await spec.onSubmit({ vms: [String(keep)] });
    expect(fw.attachments.map((a) => a.vmId)).toEqual([keep]);
    const f = await app.waitFor((fr) => / 3 +1 /.test(rowOf(fr, 'web-public')));
    expect(statusLine(f)).toContain(`detached ${app.sim.world.vms.get(drop!)!.name}`);
  });

  it('D wants the name typed; an attached firewall (the service refuses it) is shown disabled, saying why', async () => {
    app = await open();
    const attached = fwNamed(app.sim, 'allow-ssh');
    await selectRow(app, 'allow-ssh');
    let f = await app.waitFor((fr) => footerLine(fr).includes('D (delete*)'));
    await app.press('D');
    f = await app.waitFor((fr) => statusLine(fr).includes('delete: not possible now'));
    expect(statusLine(f)).toContain(
      `delete: not possible now: it is attached to ${attached.attachments.length} VMs: detach it first (A, choose none)`,
    );
    expect(app.store.getState().modal).toBeNull();
    expect(app.exchanges.some((e) => e.startsWith('DELETE'))).toBe(false);
    expect(app.sim.world.firewalls.has(attached.id)).toBe(true);

    const free = fwNamed(app.sim, 'internal-only');
    await selectRow(app, 'internal-only');
    await app.press('D', ...'internal-only', KEY.enter);
    f = await app.waitFor('Firewall internal-only deleted');
    expect(app.sim.world.firewalls.has(free.id)).toBe(false);
    await app.waitFor((fr) => rowOf(fr, 'internal-only') === '');
  });

  it('read-only: no mutating keys, and they are refused', async () => {
    app = await open({ readOnly: true });
    await selectRow(app, 'web-public');
    const f = await app.waitFor((fr) => footerLine(fr).includes('Enter details'));
    for (const k of ['add rule', 'delete rule', 'attach', 'new firewall', 'D delete'])
      expect(footerLine(f)).not.toContain(k);
    await app.press('x');
    await app.waitFor('read-only');
    expect(app.store.getState().modal).toBeNull();
  });
});
