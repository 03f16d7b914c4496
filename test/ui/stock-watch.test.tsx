import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sim/clock.js';
import { flat, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const RESTOCK_MS = 60_000;

async function flavorPane(a: AppHarness, name: string) {
  a.store.setState({ region: 'NORWAY-1' });
  await a.waitFor('○ out of stock');
  await a.press(KEY.tab, '/', ...name.split(''), KEY.enter);
  await a.waitFor((f) => f.split('\n').some((l) => l.startsWith('› ') && l.includes(name)));
}

async function restock(a: AppHarness) {
  await a.advance(RESTOCK_MS);
  await Promise.all([a.poller.refresh('flavors'), a.poller.refresh('stocks')]);
}

describe('stock watch', () => {
  it('w watches an out-of-stock flavor; when it comes in: bell, OSC 9, header flash, y opens Create VM with it', async () => {
    app = await renderApp({ screen: 'stock', clock: new ManualClock(Date.now()), restockMs: RESTOCK_MS });
    await flavorPane(app, 'n3-H100x8');
    await app.press('w');
    await app.waitFor('◉ watched');
    expect(statusLine(app.frame())).toContain('watching n3-H100x8 in NORWAY-1: the bell rings');
    expect(app.store.getState().watches).toEqual([
      { kind: 'flavor', flavor: 'n3-H100x8', region: 'NORWAY-1' },
    ]);
    expect(app.notified).toEqual([]);

    await restock(app);
    const f = await app.waitFor('★ IN STOCK: n3-H100x8 is in stock in NORWAY-1');
    expect(app.notified).toHaveLength(1);
    expect(app.notified[0]).toMatch(/^\x07\x1b\]9;hyperstack-tui: n3-H100x8 is in stock in NORWAY-1\x07$/);
    expect(flat(f)).toContain('create a VM with it');

    await app.press('y');
    const form = await app.waitFor((f) => f.includes('Create VM') && f.includes('Flavor'));
    const env = (await app.api.environments.list()).items.find((e) => e.region === 'NORWAY-1')!;
    expect(flat(form)).toMatch(/Flavor n3-H100x8 \$[\d.]+\/h · stock: 2 nodes/);
    expect(flat(form)).toContain(`Environment ${env.name} NORWAY-1`);
  });

  it('a GPU model and node size watched on the stock pane; unwatching again stops it', async () => {
    app = await renderApp({ screen: 'stock', clock: new ManualClock(Date.now()), restockMs: RESTOCK_MS });
    app.store.setState({ region: 'NORWAY-1' });
    await app.waitFor('H100-80G-SXM5');
    await app.press('/', ...'H100-80G-SXM5'.split(''), KEY.enter);
    await app.waitFor((f) => f.split('\n').some((l) => l.startsWith('› ') && l.includes('H100-80G-SXM5')));
    await app.press('w');
    await app.waitFor('GPUs per node');
    await app.press(KEY.backspace, KEY.backspace, KEY.backspace, '8', KEY.enter);
    await app.waitFor('watching 8 × H100-80G-SXM5 in NORWAY-1');
    await restock(app);
    await app.waitFor('★ IN STOCK: 8 × H100-80G-SXM5 is in stock in NORWAY-1 (flavor n3-H100x8)');
    expect(app.notified).toHaveLength(1);
  });

  it('an unwatched flavor rings nothing', async () => {
    app = await renderApp({ screen: 'stock', clock: new ManualClock(Date.now()), restockMs: RESTOCK_MS });
    await flavorPane(app, 'n3-H100x8');
    await app.press('w');
    await app.waitFor('◉ watched');
    await app.press('w');
    await app.waitFor('no longer watching n3-H100x8');
    await restock(app);
    await app.waitFor('● in stock');
    expect(app.notified).toEqual([]);
    expect(app.frame()).not.toContain('IN STOCK');
  });
});
