/**
 * The operations' table (src/api/operations.gen.ts, `npm run gen:api`): what the client's endpoints call by and
 * the simulator's routes serve (src/sim/route.ts, `serve`). One source for each operation's method and path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_OPERATIONS, generateOperations, inputsHash, readHashes } from '../../scripts/gen-api.js';
import { call, type Operation, pathOf } from '../../src/api/operation.js';
import * as op from '../../src/api/operations.gen.js';
import type { Transport } from '../../src/api/request.js';
import { AckResponse } from '../../src/api/schemas/common.js';
import { changesState, STATE_CHANGING_GETS } from '../../src/api/state-changing.js';
import { simPath } from '../../src/sim/route.js';
import { routes } from '../../src/sim/routes/index.js';
import { KNOWN_UNDOCUMENTED_ROUTES } from '../support/openapi.js';
import { ROOT } from '../support/pty.js';

/** Compile-time checks: each @ts-expect-error line fails for the reason it names (test/unit/ts-expect-error.test.ts). */
export function forbiddenCalls(t: Transport): unknown[] {
  return [
    // @ts-expect-error an operation the table does not have (tsc: `'Get_Volum' does not exist`)
    call(t, op.Get_Volum, undefined, { params: { volume_id: 1 }, schema: AckResponse }),
    // @ts-expect-error a path parameter the operation's path does not have (tsc: `'vm_id' does not exist`)
    call(t, op.Get_Volume, undefined, { params: { vm_id: 1 }, schema: AckResponse }),
    // @ts-expect-error the path's parameter left out (tsc: `Property 'params' is missing`)
    call(t, op.Get_Volume, undefined, { schema: AckResponse }),
    call(t, op.Update_volume_attachment, undefined, {
      params: { volume_attachment_id: 1 },
      // @ts-expect-error a field the operation's body does not declare (tsc: `'protect' does not exist`)
      body: { protect: true },
      schema: AckResponse,
    }),
    // @ts-expect-error a query parameter the operation does not have (tsc: `'region' does not exist`)
    call(t, op.List_volumes, undefined, { query: { region: 'CANADA-1' }, schema: AckResponse }),
  ];
}

describe('the operations table', () => {
  it('is what `npm run gen:api` makes of the corrected document now', async () => {
    const text = readFileSync(GENERATED_OPERATIONS, 'utf8');
    const h = readHashes(text);
    expect(h.output, 'src/api/operations.gen.ts was edited by hand: run npm run gen:api').toBe(h.actual);
    expect(h.inputs, 'src/api/operations.gen.ts is stale: run npm run gen:api').toBe(inputsHash());
    expect(text).toBe(await generateOperations());
  }, 60_000);

  it('fills a path from its parameters, each encoded as one segment, and refuses a missing one', () => {
    expect(pathOf(op.Get_Volume, { volume_id: 12 })).toBe('/core/volumes/12');
    expect(pathOf(op.Fetch_volume_name_availability, { name: 'a/b c' })).toBe(
      '/core/volume/name-availability/a%2Fb%20c',
    );
    expect(() => pathOf(op.Get_Volume, {} as { volume_id: number })).toThrow(/volume_id/);
  });

  it("sends the method and path of the table, retries a GET only, and the caller's abort signal", async () => {
    const sent: { signal?: AbortSignal }[] = [];
    const t = {
      request: async (spec: { signal?: AbortSignal }) => {
        sent.push(spec);
        return { status: true };
      },
    } as Transport;
    const { signal } = new AbortController();
    await call(t, op.Get_Volume, { signal }, { params: { volume_id: 3 }, schema: AckResponse });
    await call(t, op.Delete_volume, {}, { params: { volume_id: 3 }, schema: AckResponse });
    // a GET that changes state (src/api/state-changing.ts) is not retried either, unasked
    await call(t, op.Start_VM, undefined, { params: { vm_id: 4 }, schema: AckResponse });
    expect(sent).toMatchObject([
      { method: 'GET', path: '/core/volumes/3', retry: true },
      { method: 'DELETE', path: '/core/volumes/3', retry: false },
      { method: 'GET', path: '/core/virtual-machines/4/start', retry: false },
    ]);
    expect(sent.map((s) => s.signal)).toEqual([signal, undefined, undefined]);
  });

  it("the simulator's routes are declared by their operation: its method and path", () => {
    const table = new Map(Object.values(op).map((o: Operation) => [o.id, o]));
    for (const r of routes.filter((x) => x.op)) {
      const o = table.get(r.op!);
      expect(o, r.op).toBeDefined();
      expect(`${r.method} ${r.path}`).toBe(`${o!.method} ${simPath(o!)}`);
    }
    // every route but those of a path the document does not have (those have no operation to be declared by)
    const undeclared = routes.filter((r) => !r.op).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual(KNOWN_UNDOCUMENTED_ROUTES.map((r) => `${r.method} ${r.path}`));
  });

  it('a simulator route changes state (refused to a read-only key) where the client does not retry its operation: one list', () => {
    for (const r of routes.filter((x) => x.op)) {
      const o = Object.values(op).find((x: Operation) => x.id === r.op)!;
      expect(r.mutation, r.op).toBe(changesState(o));
    }
    const changing = routes.filter((r) => r.mutation !== (r.method !== 'GET')).map((r) => r.op);
    expect(changing.sort()).toEqual([...STATE_CHANGING_GETS].sort());
    expect(changing.sort()).toEqual(
      [
        'Accept_Invite',
        'Hard_reboot_VM',
        'Hibernate_VM',
        'Request_VM_Console',
        'Restore_VM_from_hibernation',
        'Start_VM',
        'Stop_VM',
      ].sort(),
    );
  });

  it('the endpoints write no request by hand: each is call(t, op.X, …)', () => {
    const dir = join(ROOT, 'src/api/endpoints');
    const written = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        (readFileSync(join(dir, f), 'utf8').match(/\.request\(|\b(read|write)\(/g) ?? []).map(
          (m) => `${f}: ${m}`,
        ),
      );
    expect(written).toEqual([]);
  });
});
