/**
 * Every screen's declared columns, fitted to 80, 100, 120 and 160 columns with the simulator's data: only the
 * least important columns shown give way (a name, a flavor, a status or a price is never cut while a column of a
 * higher priority number is shown), no column is wider than its content needs, priority 0 columns stay, and the
 * line fits. The fitter alone, no render: cheap enough for every screen and width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_SPEC } from '../../screens/billing/alerts.js';
import { PAYMENTS_SPEC, usageSpec } from '../../screens/billing.js';
import { CLUSTERS_SPEC } from '../../screens/clusters.js';
import { FIREWALLS_SPEC } from '../../screens/firewalls.js';
import { KEYPAIRS_SPEC } from '../../screens/keypairs.js';
import { logColumns } from '../../screens/log.js';
import { INVITES_SPEC, MEMBERS_SPEC, POLICIES_SPEC } from '../../screens/org.js';
import { PROFILES_SPEC } from '../../screens/profiles.js';
import { SNAPSHOTS_SPEC } from '../../screens/snapshots.js';
import { flavorsSpec, STOCK_SPEC } from '../../screens/stock.js';
import { vmsSpec } from '../../screens/vms.js';
import { VOLUMES_SPEC } from '../../screens/volumes.js';
import type { ActionLogEntry } from '../../src/store/state/action-log.js';
import { type ResourceKey, targetFor } from '../../src/store/state/resources.js';
import type { ResourceSpec } from '../../src/ui/screen/ResourceScreen.js';
import { fitColumns } from '../../src/ui/table/fit.js';
import { columnsWidthFor } from '../../src/ui/table/layout.js';
import { measureColumns } from '../../src/ui/table/measure.js';
import type { Column } from '../../src/ui/table/types.js';
import { PLAIN_THEME } from '../../src/ui/theme.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

let sim: SimClient;
beforeAll(async () => {
  sim = await startSimClient();
});
afterAll(() => sim?.close());

const WIDTHS = [80, 100, 120, 160];

async function load(key: ResourceKey): Promise<unknown> {
  const target = targetFor(sim.api, key);
  if (!target) throw new Error(`no loader for ${key}`);
  return target.load(new AbortController().signal);
}

/** A spec's columns and its rows built from the simulator's data, as the screen builds them. */
async function tableOf<T>(
  spec: ResourceSpec<T, ResourceKey>,
): Promise<{ columns: Column<T>[]; rows: readonly T[] }> {
  const also = new Map<string, unknown>();
  for (const k of spec.also ?? []) also.set(k, await load(k).catch(() => undefined));
  const data = await load(spec.resource);
  const rows = spec.rows({
    data,
    also: (k: string) => also.get(k) as never,
    region: 'ALL',
    pending: {},
  } as never);
  return { columns: spec.columns(PLAIN_THEME, sim.sim.world.now()) as Column<T>[], rows };
}

const TABLES: Array<[string, () => Promise<{ columns: Column<any>[]; rows: readonly any[] }>]> = [
  ['vms', () => tableOf(vmsSpec({ duration: '1h' } as never) as never)],
  ['vms (with $/H)', () => tableOf(vmsSpec({ duration: '1h', wide: true } as never) as never)],
  ['clusters', () => tableOf(CLUSTERS_SPEC as never)],
  ['firewalls', () => tableOf(FIREWALLS_SPEC as never)],
  ['keys', () => tableOf(KEYPAIRS_SPEC as never)],
  ['profiles', () => tableOf(PROFILES_SPEC as never)],
  ['snapshots', () => tableOf(SNAPSHOTS_SPEC as never)],
  ['volumes', () => tableOf(VOLUMES_SPEC as never)],
  ['stock', () => tableOf(STOCK_SPEC as never)],
  ['stock flavors', () => tableOf(flavorsSpec(false, new Set()) as never)],
  ['billing usage', () => tableOf(usageSpec(false, undefined, () => {}) as never)],
  ['billing payments', () => tableOf(PAYMENTS_SPEC as never)],
  ['billing alerts', () => tableOf(ALERTS_SPEC as never)],
  ['org members', () => tableOf(MEMBERS_SPEC as never)],
  ['org invitations', () => tableOf(INVITES_SPEC as never)],
  ['org policies', () => tableOf(POLICIES_SPEC as never)],
  [
    'action log',
    async () => {
      const at = Date.UTC(2026, 10, 26, 9, 33, 17);
      const rows: ActionLogEntry[] = [
        {
          at,
          profile: 'production',
          method: 'POST',
          path: '/core/virtual-machines/12/stop',
          what: 'Stopping ray-worker-1',
          outcome: 'ok',
          status: 200,
          ms: 231,
        },
        {
          at,
          profile: 'production',
          method: 'DELETE',
          path: '/core/volumes/3',
          what: 'Deleting volume data-1',
          outcome: 'refused',
          status: 409,
          ms: 88,
        },
      ] as ActionLogEntry[];
      return { columns: logColumns(PLAIN_THEME), rows };
    },
  ],
];

describe.each(TABLES)('the %s table', (_name, table) => {
  it.each(WIDTHS)(
    'at %i columns: the least important give way, nothing wider than its content',
    async (width) => {
      const { columns, rows } = await table();
      expect(rows.length).toBeGreaterThan(0);
      const measures = measureColumns(columns, rows);
      const room = columnsWidthFor(width);
      const fitted = fitColumns(columns, measures, room);
      const natural = new Map(fitColumns(columns, measures, 10_000).map((f) => [f.column.id, f.width]));
      const prio = (c: Column<unknown>) => c.priority ?? 1;
      const used = fitted.reduce((s, f) => s + f.width, 0) + fitted.length - 1;
      expect(used).toBeLessThanOrEqual(room);
      // priority 0 columns are never dropped
      for (const c of columns.filter((c) => prio(c) === 0))
        expect(fitted.map((f) => f.column.id)).toContain(c.id);
      const least = Math.max(...fitted.map((f) => prio(f.column)));
      for (const f of fitted) {
        // names take what they need, not the rest of the line
        expect(f.width, f.column.id).toBeLessThanOrEqual(natural.get(f.column.id) ?? 0);
        // cut only when nothing less important is shown
        if (f.width < (natural.get(f.column.id) ?? 0))
          expect(prio(f.column), `${f.column.id} is cut`).toBe(least);
      }
    },
  );
});
