/**
 * A list without a detail of its own gets one from its declared columns (src/ui/screen/default-detail.ts): Enter
 * opens a field per column with the row's cells, y the service's object.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

describe('the default detail pane', () => {
  it('the Stock screen (no detail declared): Enter shows every column of the row, y its raw object, esc goes back', async () => {
    app = await renderApp({ screen: 'stock', height: 50, width: 100 });
    const stocks = await app.api.catalog.stocks();
    const frame = await app.waitFor((f) => /^› \S+ +\S/m.test(f) && f.includes('● in stock'));
    const cursor = frame.split('\n').find((l) => l.startsWith('› '))!;
    const [region, model] = cursor.slice(2).trim().split(/ +/);
    const stock = stocks.find((s) => s.region === region)?.models.find((m) => m.model === model);
    expect(stock, cursor).toBeDefined();

    await app.press(KEY.enter);
    // a field: its label at the line's start, then its value (the table's header holds several labels)
    const fieldLine = (f: string, label: string) =>
      f.split('\n').find((l) => new RegExp(`^${label.replace(/[$/]/g, '\\$&')} {2,}\\S`).test(l));
    const detail = await app.waitFor((f) => fieldLine(f, 'GPU MODEL') !== undefined);
    expect(fieldLine(detail, 'GPU MODEL')).toContain(model);
    expect(fieldLine(detail, 'REGION')).toContain(region);
    expect(fieldLine(detail, 'AVAILABLE')).toBeDefined();
    // the pane is short here: the last columns are further down
    await app.press('j', 'j', 'j', 'j', 'j', 'j');
    await app.waitFor((f) => fieldLine(f, '100 DAYS') !== undefined);

    await app.press('y');
    await app.waitFor((f) => f.includes(`"model": "${model}"`));
    await app.press(KEY.esc);
    await app.waitFor((f) => fieldLine(f, 'GPU MODEL') === undefined && f.includes('● in stock'));
  });
});
