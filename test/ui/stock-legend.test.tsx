import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../../src/domain/format.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import { flavorsWithRegion } from '../../src/domain/stock.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const rowOf = (f: string, text: string) => f.split('\n').find((l) => l.includes(text)) ?? '';
const headerLine = (f: string) => f.split('\n')[0] ?? '';

describe('stock: what its columns mean, the price, the watches', () => {
  it('a legend line, the cheapest GPU hour of each model, watched sizes marked; the header counts the watches on every screen', async () => {
    app = await renderApp({ screen: 'stock', width: 120, height: 40 });
    app.store.setState({ region: 'NORWAY-1' });
    let f = await app.waitFor((fr) => fr.includes('$/GPU/H') && /H100-80G-SXM5\s+\$/.test(fr));
    expect(f).toContain('AVAILABLE free now · DAYS planned · 1x…10x nodes free by GPUs/node · ◉ watched');
    // the cheapest hour of one SXM5 GPU among NORWAY-1's flavors, as the pricebook says
    const book = priceMap(await app.api.billing.pricebook());
    const sxm = flavorsWithRegion(await app.api.catalog.flavors()).filter(
      (x) => x.region_name === 'NORWAY-1' && x.gpu === 'H100-80G-SXM5' && x.gpu_count,
    );
    const cheapest = Math.min(...sxm.map((x) => (flavorHourly(x, book) ?? Number.NaN) / (x.gpu_count ?? 1)));
    expect(rowOf(f, 'H100-80G-SXM5')).toContain(money(cheapest));
    expect(headerLine(f)).not.toContain('watch');

    await app.press('/', ...'H100-80G-SXM5'.split(''), KEY.enter);
    await app.waitFor((fr) => fr.split('\n').some((l) => l.startsWith('› ') && l.includes('H100-80G-SXM5')));
    await app.press('w');
    await app.waitFor('GPUs per node');
    await app.press(KEY.backspace, KEY.backspace, KEY.backspace, '8', KEY.enter);
    f = await app.waitFor((fr) => rowOf(fr, 'H100-80G-SXM5').includes('◉ 8x'));
    expect(headerLine(f)).toContain('◉ 1 watch');
    await app.press(KEY.esc, '2');
    f = await app.waitFor((fr) => fr.includes('Virtual machines'));
    expect(headerLine(f)).toContain('◉ 1 watch');
  });
});
