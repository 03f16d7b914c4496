/** The snapshots list: its rows and columns, for the Snapshots screen and `get snapshots`. */
import type { Snapshot } from '../../src/api/schemas/snapshot.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { NONE, perHour } from '../../src/domain/format.js';
import { priceMap } from '../../src/domain/pricing.js';
import { snapshotSource } from '../../src/domain/snapshot-source.js';
import { liveMark, type PendingMark, snapshotMarkKey } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { nameColumn } from '../../src/ui/table/name-column.js';
import { statusColumn } from '../../src/ui/table/status-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';

/**
 * The pricebook entry of snapshot storage, per GB and hour, when the pricebook has one: the $ column is "where
 * known" (the OpenAPI documents no snapshot price).
 */
export const SNAPSHOT_PRICE = 'snapshot';

/** A snapshot as the table shows it: with its source VM's name, its region, its cost and a pending action. */
export interface SnapshotRow {
  snap: Snapshot;
  vmName: string | undefined;
  region: string | undefined;
  hourly: number | undefined;
  pending: PendingMark | undefined;
}

function columns(theme: Theme, now: number): Column<SnapshotRow>[] {
  return [
    nameColumn((r) => r.snap.name, 14),
    {
      id: 'vm',
      title: 'SOURCE VM',
      value: (r) => r.vmName ?? (r.snap.vm_id == null ? null : `#${r.snap.vm_id}`),
      minWidth: 10,
      priority: 1,
    },
    statusColumn(theme, (r) => r.snap.status, { minWidth: 12 }),
    {
      id: 'size',
      title: 'SIZE',
      value: (r) => r.snap.size ?? null,
      text: (r) => (r.snap.size == null ? NONE : `${r.snap.size} GB`),
      align: 'right',
      minWidth: 6,
      priority: 2,
    },
    { id: 'region', title: 'REGION', value: (r) => r.region, minWidth: 8, priority: 2 },
    {
      id: 'cost',
      title: '$/H',
      value: (r) => r.hourly ?? null,
      text: (r) => (r.hourly === undefined ? NONE : perHour(r.hourly)),
      align: 'right',
      minWidth: 9,
      priority: 4,
    },
    ageColumn((r) => r.snap.created_at, now),
  ];
}

function rows(ctx: RowContext<'snapshots'>): SnapshotRow[] {
  const vms = new Map<number, Vm>((ctx.also('vms') ?? []).map((v) => [v.id, v]));
  const regionById = new Map((ctx.also('regions') ?? []).map((r) => [r.id, r.name]));
  const rate = priceMap(ctx.also('pricebook')).get(SNAPSHOT_PRICE);
  const now = Date.now();
  const out: SnapshotRow[] = [];
  for (const snap of ctx.data) {
    const { vmName, region } = snapshotSource(snap, vms, regionById);
    out.push({
      snap,
      vmName,
      region,
      hourly: rate === undefined || snap.size == null ? undefined : rate * snap.size,
      pending: liveMark(ctx.pending, snapshotMarkKey(snap), snap.status, now),
    });
  }
  return out;
}

export const SNAPSHOTS_LIST: ListSpec<SnapshotRow, 'snapshots'> = {
  resource: 'snapshots',
  also: ['vms', 'regions', 'pricebook'],
  noun: 'snapshots',
  columns,
  rowId: (r) => String(r.snap.id),
  rows,
  region: (r) => r.region,
  raw: (r) => r.snap,
};
