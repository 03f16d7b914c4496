/**
 * The add-rule form's protocols come from the service (List_firewall_rule_protocols), read as the form opens; the
 * built-in four stand in while they load or when the read failed, and the first option's hint says which.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { firewallRuleForm } from '../../screens/forms/firewall-rule.js';
import { SimError } from '../../src/sim/route.js';
import { readData } from '../../src/store/state/resources.js';
import { FormDriver, type FormEnv, formEnv } from './forms-harness.js';

let env: FormEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const PROTOCOLS_PATH = '/core/sg-rules-protocols';

describe('add rule: the protocols', () => {
  it("offers the service's protocols once read, and sends the one chosen", async () => {
    env = await formEnv();
    const fw = (await env.api.firewalls.list()).items[0]!;
    const d = new FormDriver(firewallRuleForm(env.deps, fw));
    d.choose('preset', 'custom');
    await expect.poll(() => readData(env!.store, 'rule-protocols'), { timeout: 10_000 }).toBeDefined();
    const offered = d.options('protocol');
    // beyond the built-in four (tcp, udp, icmp, any), and no hint of a fallback
    expect(offered.map((o) => o.value)).toEqual(expect.arrayContaining(['gre', 'sctp', 'tcp', 'icmp']));
    expect(offered.some((o) => o.hint)).toBe(false);
    d.choose('protocol', 'gre');
    expect(d.visible()).not.toContain('port_min');
    expect(await d.submit()).toBe('done');
    const rules = (await env.api.firewalls.get(fw.id)).rules ?? [];
    expect(rules.map((r) => r.protocol)).toContain('gre');
    expect(env.sc.exchanges.filter((x) => x.path.endsWith(PROTOCOLS_PATH))).toHaveLength(1);
  });

  it('falls back to the built-in list when the read fails, and says so', async () => {
    env = await formEnv({
      routes: (defaults) =>
        defaults.map((r) =>
          r.path === PROTOCOLS_PATH
            ? {
                ...r,
                handle: () => {
                  throw new SimError(403, 'forbidden', 'not allowed');
                },
              }
            : r,
        ),
    });
    const fw = (await env.api.firewalls.list()).items[0]!;
    const d = new FormDriver(firewallRuleForm(env.deps, fw));
    d.choose('preset', 'custom');
    expect(d.options('protocol')[0]?.hint).toContain('built-in list');
    await expect
      .poll(() => env!.store.getState().slices['rule-protocols']?.status, { timeout: 10_000 })
      .toBe('error');
    const offered = d.options('protocol');
    expect(offered.map((o) => o.value)).toEqual(['tcp', 'udp', 'icmp', 'any']);
    expect(offered[0]?.hint).toBe('built-in list: the service’s list did not load');
  });
});
