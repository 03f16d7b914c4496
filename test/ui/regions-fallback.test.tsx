/**
 * Regions come from the regions endpoint wherever a region is chosen or filtered (R, the palette, the new
 * environment form). When the endpoint fails, the regions named by the environments and stock are offered, and
 * each of those places says so: the fallback is never silent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src/sim/route.js';
import { SimError } from '../../src/sim/route.js';
import { statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The simulator with a regions endpoint that refuses (not retried, so the fallback shows at once). */
const failingRegions = (defaults: readonly RouteDef[]) =>
  defaults.map((r) =>
    r.path === '/core/regions'
      ? {
          ...r,
          handle: () => {
            throw new SimError(403, 'forbidden', 'Regions are not available to this key.');
          },
        }
      : r,
  );
/** …and one that answers a region the environments and stock do not name: proof the endpoint's list is used. */
const extraRegion = (defaults: readonly RouteDef[]) =>
  defaults.map((r) =>
    r.path === '/core/regions'
      ? {
          ...r,
          handle: (req: Parameters<RouteDef['handle']>[0], world: Parameters<RouteDef['handle']>[1]) => {
            const reply = r.handle(req, world);
            const body = reply.body as { regions: Array<Record<string, unknown>> };
            body.regions.push({ id: 99, name: 'ICELAND-1', country: 'Iceland', green_status: 'GREEN' });
            return reply;
          },
        }
      : r,
  );

describe('regions from the regions endpoint', () => {
  it('R, the palette and the new environment form offer the endpoint’s regions (one no environment names)', async () => {
    app = await renderApp({ screen: 'keys', routes: extraRegion, width: 120, height: 40 });
    await app.waitFor(() => app!.store.getState().slices.regions?.status === 'ok');
    for (let i = 0; i < 4; i++) await app.press('R');
    await app.waitFor((f) => f.split('\n')[0]!.includes('ICELAND-1'));
    expect(statusLine(app.frame())).not.toContain('Region list');
    await app.press(':', ...'region ice'.split(''));
    await app.waitFor('show only ICELAND-1');
    await app.press(KEY.esc);
    await app.press('E');
    await app.waitFor('0/50');
    await app.press(KEY.tab, KEY.enter);
    const f = await app.waitFor('Iceland');
    expect(f).toContain('ICELAND-1');
    expect(f).not.toContain('regions endpoint did not answer');
  });

  it('when it fails, the regions of environments and stock are offered, and each place says so', async () => {
    app = await renderApp({ screen: 'keys', routes: failingRegions, width: 120, height: 40 });
    await app.waitFor(() => app!.store.getState().slices.regions?.status === 'error');
    await app.waitFor(() => app!.store.getState().slices.environments?.status === 'ok');
    await app.press('R');
    let f = await app.waitFor((fr) => statusLine(fr).includes('Region list'));
    expect(statusLine(f)).toContain(
      'Region list: regions named by environments and stock (the regions endpoint failed',
    );
    expect(app.store.getState().region).not.toBe('ALL');
    await app.press(':', ...'region can'.split(''));
    f = await app.waitFor(
      'show only CANADA-1 (named by environments and stock: the regions endpoint failed)',
    );
    await app.press(KEY.esc);
    await app.press('E');
    f = await app.waitFor('regions endpoint did not answer');
    expect(f.replace(/[│\s]+/g, ' ')).toContain('these are the regions the environments and stock name');
  });
});
