/**
 * Every screen drawing what the REAL service sends: each list a screen reads is answered with the OpenAPI
 * document's own example (test/fixtures/api/real/<operationId>.json), then with a sparse real answer (nulls,
 * missing optional fields: real/sparse.ts), in place of the simulator's. The screen and the detail of its first row
 * must load, and show no "undefined", "NaN", "null" or "[object Object]". (Clusters: screen-clusters-real.test.tsx
 * checks its columns one by one.)
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenName } from '../../screens/registry.js';
import type { ResourceKey } from '../../src/store/resources.js';
import { SPARSE } from '../fixtures/api/real/sparse.js';
import { startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
  vi.restoreAllMocks();
});

/** The GET paths (below /v1) answered from the fixtures, by operationId. */
const PATHS: Record<string, string> = {
  '/core/virtual-machines': 'List_VMs',
  '/core/environments': 'List_environments',
  '/core/flavors': 'List_Flavors',
  '/core/stocks': 'Get_GPU_stock',
  '/core/images': 'List_Images',
  '/core/keypairs': 'List_key_pairs',
  '/core/firewalls': 'List_existing_firewalls',
  '/core/clusters': 'List_Clusters',
  '/core/regions': 'List_Regions',
  '/core/dashboard': 'Get_Dashboard',
  '/billing/billing/usage': 'Get_usage',
  '/pricebook/contracts': 'List_customer_contracts',
  '/billing/payment/payment-details': 'List_payment_details',
  '/core/profiles': 'List_profiles',
  '/core/snapshots': 'List_snapshots',
  '/core/volumes': 'List_volumes',
};

const example = (id: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/api/real/${id}.json`, import.meta.url), 'utf8'));

type Variant = 'example' | 'sparse';
const bodyOf = (id: string, variant: Variant) => (variant === 'example' ? example(id) : SPARSE[id]);

/** The screens, and the store key whose data says the screen has loaded. */
const SCREENS: Array<[ScreenName, ResourceKey]> = [
  ['vms', 'vms'],
  ['stock', 'flavors'],
  ['firewalls', 'firewalls'],
  ['billing', 'usage'],
  ['keys', 'keypairs'],
  ['clusters', 'clusters'],
];

const JUNK = /\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]/;

describe('every screen draws real-shaped bodies', () => {
  for (const variant of ['example', 'sparse'] as const) {
    for (const [screen, key] of SCREENS) {
      it(`${screen}, the ${variant} bodies: loads, the first row's detail too, no junk words`, async () => {
        const errors = vi.spyOn(console, 'error');
        app = await renderApp({
          screen,
          height: 50,
          width: 140,
          through: (url) =>
            startOverrideProxy(url, (method, path) => {
              const id = method === 'GET' ? PATHS[path] : undefined;
              const body = id ? bodyOf(id, variant) : undefined;
              return body === undefined ? undefined : { status: 200, body };
            }),
        });
        const h = app;
        await h.waitFor(() => h.store.getState().slices[key]?.data !== undefined);
        const list = await h.waitFor((fr) => !fr.includes('loading'));
        expect(list, list).not.toMatch(/cannot load/);
        expect(list, list).not.toMatch(JUNK);
        await h.press(KEY.enter);
        const detail = await h.waitFor((fr) => fr !== list);
        expect(detail, detail).not.toMatch(JUNK);
        expect(detail, detail).not.toMatch(/cannot load/);
        // Objects of one id (the document's examples repeat theirs) are still rows of their own: one cursor.
        expect(list, list).not.toMatch(/^›.*\n›/m);
        const sameKey = errors.mock.calls.filter((c) => String(c[0]).includes('same key'));
        expect(sameKey, 'React saw two rows of one key').toEqual([]);
      });
    }
  }
});

describe('an open detail reads its object alone (the single read carries it whole)', () => {
  for (const [screen, path, id] of [
    ['firewalls', '/core/firewalls/', 'Get_firewall'],
    ['clusters', '/core/clusters/', 'Getting_Cluster_Detail'],
  ] as const) {
    it(`${screen}: the detail shows what GET ${path}{id} answers`, async () => {
      // The single read answers the document's example under the selected row's id: its words ("remote_ip_prefix",
      // "name") are nowhere in the simulator's list, so they can only come from the single read.
      const single = example(id) as Record<string, Record<string, unknown>>;
      let asked = 0;
      app = await renderApp({
        screen,
        height: 60,
        width: 140,
        through: (url) =>
          startOverrideProxy(url, (method, p) => {
            if (method !== 'GET' || !p.startsWith(path) || !/^\d+$/.test(p.slice(path.length)))
              return undefined;
            asked++;
            const key = screen === 'firewalls' ? 'firewall' : 'cluster';
            return {
              status: 200,
              body: { ...single, [key]: { ...single[key], id: Number(p.slice(path.length)) } },
            };
          }),
      });
      const h = app;
      await h.waitFor((f) => /^› /m.test(f));
      expect(asked).toBe(0);
      await h.press(KEY.enter);
      const d = await h.waitFor(
        (f) => asked > 0 && f.includes(screen === 'firewalls' ? 'remote_ip_prefix' : 'keypair_name'),
      );
      expect(d).not.toMatch(JUNK);
    });
  }
});

describe('an environment without key pairs: its detail reads it alone', () => {
  it('shows what GET /core/environments/{id} answers', async () => {
    let asked = 0;
    app = await renderApp({
      screen: 'keys',
      height: 50,
      width: 140,
      before: (sim) => {
        sim.world.envs.set(999, {
          id: 999,
          name: 'bare-env',
          region: 'CANADA-1',
          createdAt: sim.world.now(),
        });
      },
      through: (url) =>
        startOverrideProxy(url, (method, p) => {
          if (method !== 'GET' || p !== '/core/environments/999') return undefined;
          asked++;
          const env = {
            id: 999,
            name: 'bare-env',
            region: 'SINGLE-READ-1',
            created_at: '2025-01-02T03:04:05',
          };
          return { status: 200, body: { status: true, message: 'ok', environment: env } };
        }),
    });
    const h = app;
    await h.waitFor('bare-env/CANADA-1');
    await h.press('/', ...'bare', KEY.enter);
    await h.waitFor((f) => /^› .*bare-env/m.test(f));
    await h.press(KEY.enter);
    const d = await h.waitFor((f) => asked > 0 && f.includes('SINGLE-READ-1'));
    expect(d).toContain('Environment bare-env');
  });
});
