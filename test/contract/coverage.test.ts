/**
 * The honest coverage table, derived from the provider's OpenAPI document: for each of its operations, the client
 * functions that send it (found by calling the client: test/coverage/drive-client.ts), the simulator route that
 * serves it, and the UI path that reaches it (found by DRIVING the app: test/coverage/ui-paths.ts), or the one-line
 * reason it is out of scope (test/coverage/out-of-scope.ts). Every operation of the seed description
 * (service-api.md §4) is matched to its OpenAPI operation, the attach-floating-IP row included, and must have a
 * client function and a simulator route. The figures are printed.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/sim/routes/index.js';
import { clientOperations } from '../coverage/drive-client.js';
import { OUT_OF_SCOPE } from '../coverage/out-of-scope.js';
import { UI_PATHS, type UiPath } from '../coverage/ui-paths.js';
import { openApi, readDocument } from '../support/openapi.js';
import { type AppHarness, KEY, renderApp } from '../support/render-app.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  id: string;
  method: string;
  path: string;
}

/** Every operation of the document as the provider published it. */
function operations(): Operation[] {
  const doc = readDocument();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(
        ([m, op]) => METHODS.includes(m) && typeof (op as { operationId?: unknown }).operationId === 'string',
      )
      .map(([m, op]) => ({ id: (op as { operationId: string }).operationId, method: m.toUpperCase(), path })),
  );
}

/**
 * The seed's rows that name no path of their own ("under /core/…") or the wrong method: the operation each means.
 * Resize is a GET in the seed (its mistake: the document and the client POST); attach-floating-IP gives no method.
 */
const SEED_ROWS: Readonly<Record<string, string>> = {
  'POST under /core/virtual-machines/': 'Create_Snapshot_for_VM',
  'DELETE under /core/virtual-machines/': 'Delete_snapshot',
  'POST under /core/snapshots/': 'Restore_snapshot',
  'GET under /core/snapshots/': 'Get_snapshot',
};

/** The operations of service-api.md §4, each matched to the document's (by its path; the method when it has one). */
function seedOperations(all: readonly Operation[]): Array<{ row: string; id: string | undefined }> {
  const md = readFileSync(new URL('../fixtures/spec/service-api.md', import.meta.url), 'utf8');
  const section = md.slice(md.indexOf('\n## 4'), md.indexOf('\n## 5'));
  const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  return [...section.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE|\(see gaps\)) \| ([^|]+?) \|/gm)].map((m) => {
    const row = `${m[1]} ${m[2]}`;
    if (row in SEED_ROWS) return { row, id: SEED_ROWS[row] };
    const onPath = all.filter((o) => shape(o.path) === shape(m[2] ?? ''));
    const id = (onPath.find((o) => o.method === m[1]) ?? (onPath.length === 1 ? onPath[0] : undefined))?.id;
    return { row, id };
  });
}

/** operationId → the simulator route serving it. */
function simulatorOperations(): Map<string, string> {
  const v = openApi();
  const out = new Map<string, string>();
  for (const r of routes) {
    const op = v.findOperation(r.method, r.path.replace(/:\w+/g, '1'));
    if (op) out.set(op.operationId, `${r.method} ${r.path}`);
  }
  return out;
}

describe('the coverage table, from the OpenAPI document', () => {
  const all = operations();
  let client: Map<string, string[]>;
  const sim = simulatorOperations();
  const ui = new Map<string, string>();

  beforeAll(async () => {
    client = await clientOperations();
  });

  it('the document has its 219 operations; the client sends only documented ones', () => {
    expect(all.length).toBe(219);
    expect([...client.keys()].filter((id) => id.startsWith('(undocumented)'))).toEqual([]);
  });

  it('every operation has a client function or its reason to be out of scope, never both', () => {
    const neither = all.filter((o) => !client.has(o.id) && !(o.id in OUT_OF_SCOPE)).map((o) => o.id);
    const both = all.filter((o) => client.has(o.id) && o.id in OUT_OF_SCOPE).map((o) => o.id);
    const unknown = Object.keys(OUT_OF_SCOPE).filter((id) => !all.some((o) => o.id === id));
    expect({ neither, both, unknown }).toEqual({ neither: [], both: [], unknown: [] });
  });

  it('every operation of the seed description, the attach-floating-IP row included: client and simulator', () => {
    const seed = seedOperations(all);
    expect(seed.length).toBe(63);
    expect(seed.filter((s) => s.id === undefined).map((s) => s.row)).toEqual([]);
    expect(seed.find((s) => s.row.includes('attach-floatingip'))?.id).toBe('Attach_public_IP_to_VM');
    expect(seed.find((s) => s.row.includes('/resize'))?.id).toBe('Resize_VM');
    const missing = seed
      .filter((s) => !client.has(s.id!) || !sim.has(s.id!))
      .map((s) => `${s.row} (${s.id})`);
    expect(missing).toEqual([]);
  });

  describe('the UI paths, driven', () => {
    let app: AppHarness | undefined;
    const v = openApi();
    const reached = (a: AppHarness, id: string, from: number) =>
      a.exchanges.slice(from).some((e) => {
        const [m = '', p = ''] = e.split(' ');
        return v.findOperation(m, p)?.operationId === id;
      });

    afterAll(async () => {
      await app?.cleanup();
    });

    const byScreen = new Map<string, [string, UiPath][]>();
    for (const [id, path] of Object.entries(UI_PATHS))
      byScreen.set(path.screen, [...(byScreen.get(path.screen) ?? []), [id, path]]);

    for (const [screen, claims] of byScreen)
      it(`${screen}: ${claims.map(([id]) => id).join(', ')}`, async () => {
        await app?.cleanup();
        app = await renderApp({ screen: screen as UiPath['screen'], height: 60, width: 140 });
        const a = app;
        // the screen's own reads first, then what each key sequence sends (from the moment it is pressed)
        const sequences = new Map<string, [string, UiPath][]>();
        for (const c of claims)
          sequences.set(c[1].keys.join(' '), [...(sequences.get(c[1].keys.join(' ')) ?? []), c]);
        for (const [keys, group] of [...sequences].sort((x, y) => x[0].length - y[0].length)) {
          const from = keys === '' ? 0 : a.exchanges.length;
          for (const k of group[0]?.[1].keys ?? []) await a.press(k === 'enter' ? KEY.enter : k);
          for (const [id] of group) {
            await a.waitFor(() => reached(a, id, from), 10_000);
            ui.set(id, `${screen}${keys ? `, ${keys}` : ''}`);
          }
          if (keys) {
            await a.press(KEY.esc);
            await a.waitFor((f) => !f.includes('esc back'));
          }
        }
      });
  });

  afterAll(() => {
    const n = all.length;
    const count = (has: (id: string) => boolean) => all.filter((o) => has(o.id)).length;
    console.info(
      `[coverage] client ${count((id) => client?.has(id))}/${n}, simulator ${count((id) => sim.has(id))}/${n}, UI (driven) ${count((id) => ui.has(id))}/${n}, out of scope ${count((id) => id in OUT_OF_SCOPE)}/${n}`,
    );
  });
});
