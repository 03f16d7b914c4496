/**
 * No silent key: a key with nothing to do for the selected row says why in the status line (and the help lists it
 * with the reason); a key nothing binds on this screen says that too. Nothing is sent either way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const changes = (a: AppHarness) => a.exchanges.filter((e) => !e.startsWith('GET '));

describe('no silent key', () => {
  it('x on an ERROR VM: why not, and what can be done instead; the help lists it the same way', async () => {
    app = await renderApp({ height: 100 });
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ERROR')!;
    await selectRow(app, vm.name);
    await app.waitFor((f) => footerLine(f).includes('b hard reboot'));
    await app.press('x');
    const f = await app.waitFor((fr) => statusLine(fr).includes('x stop:'));
    expect(statusLine(f)).toContain(
      'x stop: an ERROR VM cannot be stopped — b hard-reboots it, D deletes it',
    );
    await app.press('s');
    await app.waitFor((fr) => statusLine(fr).includes('s start: an ERROR VM cannot be started'));
    expect(changes(app)).toEqual([]);
    await app.press('?');
    const help = await app.waitFor('Esc or ? closes');
    expect(help).toMatch(/│ +x +stop\* — not here: an ERROR VM cannot be stopped — b hard-reboots it, D/);
    expect(help).toMatch(/│ +b +hard reboot\* +│/);
  });

  it('a key bound to nothing here (Ctrl-D, Esc with no filter) says so', async () => {
    app = await renderApp();
    await app.waitFor((f) => footerLine(f).includes('Enter details'));
    await app.press('\x04');
    await app.waitFor((f) => statusLine(f).includes('^d: no action here (? lists the keys of this screen)'));
    await app.press(KEY.esc);
    await app.waitFor((f) => statusLine(f).includes('Esc: no action here'));
    expect(changes(app)).toEqual([]);
  });
});
