/** The `:log` screen: the changes this app asked of the service, newest first, with what and the outcome. */
import { afterEach, describe, expect, it } from 'vitest';
import { vmAction } from '../../src/sim/world/vm-actions.js';
import { footerLine, rowOf, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

describe(':log', () => {
  it('lists each change, newest first, with what it was for and how it ended; reads are not listed', async () => {
    app = await renderApp({ width: 120, height: 30 });
    const [vm, other] = [...app.sim.world.vms.values()].filter((v) => v.status === 'ACTIVE');
    await app.press(':', ...'log', KEY.enter);
    let f = await app.waitFor('Action log (0)');
    expect(f).toContain('Nothing changed yet.');
    // nothing to load here: the header says so, never STALE
    expect(f).toContain("the app's own data");

    await app.press('2');
    await selectRow(app, vm!.name);
    await app.press('x');
    await app.waitFor(`Stop ${vm!.name}?`);
    await app.press('y');
    await app.waitFor((fr) => statusLine(fr).includes('Stop requested'));
    // The list reloaded after the stop shows it stopping (no pending mark left): the app's view is the service's.
    await app.waitFor(
      (fr) =>
        rowOf(fr, vm!.name).includes('STOPPING') && Object.keys(app!.store.getState().pending).length === 0,
    );
    // Someone else stops the other VM; the app still shows it ACTIVE and offers stop, which the service refuses.
    vmAction(app.sim.world, other!, 'stop');
    await selectRow(app, other!.name);
    await app.waitFor((fr) => footerLine(fr).includes('x stop'));
    await app.press('x');
    await app.waitFor(`Stop ${other!.name}?`);
    await app.press('y');
    await app.waitFor((fr) => statusLine(fr).includes('failed'));

    await app.press(':', ...'log', KEY.enter);
    f = await app.waitFor('Action log (2)');
    const rows = f.split('\n').filter((l) => /\/core\/virtual-machines\/\d+\/stop/.test(l));
    expect(rows).toHaveLength(2);
    // newest first: the refused stop above the first one
    expect(rows[0]).toMatch(
      new RegExp(`Stopping ${other!.name} +✗ refused 400 +GET +/core/virtual-machines/${other!.id}/stop`),
    );
    expect(rows[1]).toMatch(
      new RegExp(`Stopping ${vm!.name} +✓ ok 200 +GET +/core/virtual-machines/${vm!.id}/stop`),
    );
    expect(f).not.toMatch(/GET +\/core\/virtual-machines +/); // the list reads are not there
    expect(f).not.toContain('STALE');
  });
});
