/** The `:log` screen: the changes this app asked of the service, newest first, with what and the outcome. */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppHarness, KEY, renderApp, selectRow, statusLine } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

describe(':log', () => {
  it('lists each change, newest first, with what it was for and how it ended; reads are not listed', async () => {
    app = await renderApp({ width: 120, height: 30 });
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    await app.press(':', ...'log', KEY.enter);
    let f = await app.waitFor('Action log (0)');
    expect(f).toContain('Nothing changed yet.');
    // nothing to load here: the header says so, never STALE
    expect(f).toContain("the app's own data");

    await app.press('2');
    await selectRow(app, vm.name);
    for (let i = 0; i < 2; i++) {
      await app.press('x');
      await app.waitFor(`Stop ${vm.name}?`);
      await app.press('y');
      await app.waitFor((fr) => statusLine(fr).includes(i === 0 ? 'Stop requested' : 'failed'));
    }
    await app.press(':', ...'log', KEY.enter);
    f = await app.waitFor('Action log (2)');
    const rows = f.split('\n').filter((l) => l.includes(`/core/virtual-machines/${vm.id}/stop`));
    expect(rows).toHaveLength(2);
    // newest first: the refused second stop above the first
    expect(rows[0]).toMatch(new RegExp(`Stopping ${vm.name} +✗ refused 400 +GET`));
    expect(rows[1]).toMatch(new RegExp(`Stopping ${vm.name} +✓ ok 200 +GET`));
    expect(f).not.toMatch(/GET +\/core\/virtual-machines +/); // the list reads are not there
    expect(f).not.toContain('STALE');
  });
});
