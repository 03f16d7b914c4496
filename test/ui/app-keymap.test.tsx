/** The config's own keys in the running app: the dispatcher, the footer and the help use the user's keys. */
import { afterEach, describe, expect, it } from 'vitest';
import { actionCatalog, checkKeymap } from '../../src/app/keymap-config.js';
import { moveTableKeys } from '../../src/ui/table/key-actions.js';
import { footerLine, selectedRow, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
  await cleanupApps();
  moveTableKeys(new Map());
});

async function keymapOf(section: Record<string, string | string[]>) {
  const r = checkKeymap(section, await actionCatalog(), { path: 'config.json', lineOf: () => 1 });
  expect(r.problems).toEqual([]);
  return r.map;
}

describe('own keys', () => {
  it('a moved action answers to its new key only; footer and help show it', async () => {
    const keymap = await keymapOf({ 'vms.stop': 'S', 'global.help': 'f1' });
    app = await renderApp({ keymap });
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;
    await selectRow(app, vm.name);
    let f = await app.waitFor((fr) => footerLine(fr).includes('S stop'));
    expect(footerLine(f)).not.toContain('x stop');

    await app.press('x');
    await app.press('\x1bOP'); // F1: help, moved from ?
    f = await app.waitFor('Keys  (');
    expect(f).not.toContain(`Stop ${vm.name}?`);
    expect(f).toMatch(/\bS +stop\b/);
    await app.press('\x1b');
    await app.waitFor((fr) => !fr.includes('Keys  ('));

    await app.press('S');
    await app.waitFor(`Stop ${vm.name}?`);
    await app.press('y');
    await app.waitFor((fr) => statusLine(fr).includes(`Stop requested for ${vm.name}`));
    expect(app.exchanges).toContain(`GET /core/virtual-machines/${vm.id}/stop`);
  });

  it('moved table keys move the table; the old key is left to the screen', async () => {
    const keymap = await keymapOf({ 'table.down': 'ctrl+n' });
    moveTableKeys(keymap);
    app = await renderApp({ keymap });
    const f = await app.waitFor((fr) => selectedRow(fr) !== '');
    const first = selectedRow(f);
    await app.press('j');
    expect(selectedRow(app.frame())).toBe(first);
    await app.press('\x0e'); // ctrl+n
    await app.waitFor((fr) => selectedRow(fr) !== first);
    await app.press('?');
    expect(await app.waitFor('Keys  (')).toMatch(/\^n +down\b/);
  });
});
