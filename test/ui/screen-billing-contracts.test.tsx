/** Billing, contracts (c): under each contract's terms, its GPUs allocated over the last 7 days and its VMs. */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppHarness, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

describe('Billing screen: contracts in use', () => {
  it('c shows each contract’s GPU allocation as a sparkline against what it reserves, and the VMs under it', async () => {
    app = await renderApp({ screen: 'billing', width: 140, height: 80 });
    await app.waitFor('TOTAL BILL');
    await app.press('c');
    const contracts = (await app.api.billing.contracts()).items;
    const withVms = [];
    for (const c of contracts) {
      const vms = await app.api.contracts.vms(c.id);
      if (vms.length > 0) withVms.push({ c, vms });
    }
    expect(withVms.length).toBeGreaterThan(0);
    const { c, vms } = withVms[0]!;
    const f = await app.waitFor(
      (fr) => fr.includes(`VMs under it (${vms.length})`) && fr.includes('reserved · peak'),
    );
    const section = f.slice(f.indexOf(`#${c.id}  `));
    const gpus = await app.api.contracts.gpuAllocation(c.id, {
      start: Date.now() - 7 * 86_400_000,
      end: Date.now(),
    });
    expect(section).toMatch(
      new RegExp(
        `GPUs \\(last 7 days\\) [▁▂▃▄▅▆▇█ ]+ \\d+ allocated now of ${gpus.reserved} reserved · peak \\d+`,
      ),
    );
    for (const vm of vms.slice(0, 5))
      expect(section).toContain(`${vm.name} (${vm.status}, ${vm.flavor_name}`);
    // the usage time has no documented unit: shown as sent, and said so
    expect(f).toContain('* total_usage_time as the service sends it: the API reference gives no unit');
  });
});
