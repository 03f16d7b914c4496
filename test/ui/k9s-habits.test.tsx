/**
 * k9s habits: sort by a column in one or two presses (`>`/`<`), said under the table; `y` shows a table row's raw
 * JSON; `.` lists every action of the selected row, with its key and whether (and why not) it is available, and
 * runs the one chosen as its key would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The table's footer line (the one above the status line's neighbours): "sorted by …  3/32". */
const tableFooter = (f: string) => f.split('\n').find((l) => /\d+\/\d+\s*$/.test(l)) ?? '';
const names = (f: string) =>
  f
    .split('\n')
    .filter((l) => /^[› ] [a-z]/.test(l))
    .map((l) => l.slice(2).split(' ')[0]!);

describe('sorting by a column', () => {
  it('> sorts by the first column, again by the next; < goes back; the table footer says which', async () => {
    app = await renderApp();
    await app.waitFor((f) => footerLine(f).includes('Enter details'));
    await app.press('>');
    let f = await app.waitFor((fr) => tableFooter(fr).includes('sorted by NAME ▲'));
    expect(f).toMatch(/^ {2}NAME▲/m);
    const sorted = names(f);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
    await app.press('>');
    f = await app.waitFor((fr) => tableFooter(fr).includes('sorted by STATUS ▲'));
    await app.press('<');
    await app.waitFor((fr) => tableFooter(fr).includes('sorted by NAME ▲'));
  });
});

describe('y on a table row', () => {
  it('shows its raw JSON at once; Esc goes back to the table', async () => {
    app = await renderApp();
    const vm = [...app.sim.world.vms.values()][2]!;
    await selectRow(app, vm.name);
    await app.press('y');
    const f = await app.waitFor(`${vm.name} (raw JSON)`);
    expect(f).toContain(`"id": ${vm.id},`);
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes('(raw JSON)'));
  });
});

describe('the action menu (.)', () => {
  it('lists every action of the row with its key and why one is not available; Enter runs it as its key', async () => {
    app = await renderApp({ height: 60 });
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ERROR')!;
    await selectRow(app, vm.name);
    await app.press('.');
    let f = await app.waitFor('Actions: Virtual machines');
    expect(f).toMatch(/b {6}hard reboot\*/);
    expect(f).toMatch(/D {6}delete\*/);
    // down to "stop" (the actions not available come last): listed with why; Enter says it, as the key does
    for (let i = 0; i < 60 && !/› x {6}stop\*/.test(app.frame()); i++) await app.press(KEY.down);
    expect(app.frame()).toMatch(/› x {6}stop\* — not here: an ERROR VM cannot be stopped/);
    await app.press(KEY.enter);
    f = await app.waitFor((fr) => statusLine(fr).includes('x stop: an ERROR VM cannot be stopped'));
    expect(app.exchanges.filter((e) => !e.startsWith('GET '))).toEqual([]);
    // the first line, details: opens the detail
    await app.press('.');
    await app.waitFor('Actions: Virtual machines');
    await app.press(KEY.enter);
    await app.waitFor('esc back');
  });

  it('in read-only mode lists no change', async () => {
    app = await renderApp({ readOnly: true });
    await app.waitFor((f) => footerLine(f).includes('Enter details'));
    await app.press('.');
    const f = await app.waitFor('Actions: Virtual machines');
    expect(f).toContain('details');
    expect(f).not.toMatch(/\w\*/);
  });
});
