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
import type { ResourceKey } from '../../src/store/state/resources.js';
import { SPARSE } from '../fixtures/api/real/sparse.js';
import { startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';
import { addEnvironment } from '../support/sim-direct.js';

let app: AppHarness | undefined;
afterEach(async () => {
  await cleanupApps();
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
  '/auth/organizations': 'Retrieve_Organization_Information',
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
  ['profiles', 'profiles'],
  ['org', 'organization'],
  ['volumes', 'volumes'],
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

/** A screen whose detail reads its object alone: the path, the body's key, what the body is, a word only it has. */
interface SingleRead {
  screen: ScreenName;
  path: string;
  key: string;
  body: (id: number) => Record<string, unknown>;
  word: string;
}

const fromExample = (fixture: string, key: string) => (id: number) => {
  const single = example(fixture) as Record<string, Record<string, unknown>>;
  return { ...single[key], id };
};

// The single read answers something the simulator's list never says ("remote_ip_prefix", "keypair_name", the
// document's placeholders), so the word can only come from it.
const SINGLE_READS: SingleRead[] = [
  {
    screen: 'firewalls',
    path: '/core/firewalls/',
    key: 'firewall',
    body: fromExample('Get_firewall', 'firewall'),
    word: 'remote_ip_prefix',
  },
  {
    screen: 'clusters',
    path: '/core/clusters/',
    key: 'cluster',
    body: fromExample('Getting_Cluster_Detail', 'cluster'),
    word: 'keypair_name',
  },
  {
    screen: 'vms',
    path: '/core/virtual-machines/',
    key: 'instance',
    body: fromExample('Get_VM', 'instance'),
    word: 'floating_ip_status',
  },
  {
    screen: 'profiles',
    path: '/core/profiles/',
    key: 'profile',
    body: (id) => ({
      id,
      name: 'p',
      description: 'FROM-THE-SINGLE-READ',
      data: '{}',
      created_at: '2025-01-02T03:04:05',
    }),
    word: 'FROM-THE-SINGLE-READ',
  },
  {
    screen: 'volumes',
    path: '/core/volumes/',
    key: 'volume',
    body: (id) => ({ id, name: 'v', description: 'FROM-THE-SINGLE-READ', size: 1, attachments: [] }),
    word: 'FROM-THE-SINGLE-READ',
  },
];

describe('an open detail reads its object alone (the single read carries it whole)', () => {
  for (const r of SINGLE_READS) {
    it(`${r.screen}: the detail shows what GET ${r.path}{id} answers`, async () => {
      let asked = 0;
      app = await renderApp({
        screen: r.screen,
        height: 60,
        width: 140,
        through: (url) =>
          startOverrideProxy(url, (method, p) => {
            const id = p.slice(r.path.length);
            if (method !== 'GET' || !p.startsWith(r.path) || !/^\d+$/.test(id)) return undefined;
            asked++;
            return { status: 200, body: { status: true, message: 'ok', [r.key]: r.body(Number(id)) } };
          }),
      });
      const h = app;
      await h.waitFor((f) => /^› /m.test(f));
      expect(asked).toBe(0);
      await h.press(KEY.enter);
      const d = await h.waitFor((f) => asked > 0 && f.includes(r.word));
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
        addEnvironment(sim.world, 'bare-env');
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
