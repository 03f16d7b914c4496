import type { Snapshot } from '../src/api/schemas/snapshot.js';
import type { Vm } from '../src/api/schemas/vm.js';
import { NONE, perHour } from '../src/domain/format.js';
import { priceMap } from '../src/domain/pricing.js';
import { snapshotSource } from '../src/domain/snapshot-source.js';
import { deleteSnapshot, snapshotMarkKey } from '../src/store/actions/snapshot-actions.js';
import { type PendingMark, ui } from '../src/store/state/app-store.js';
import { liveMark } from '../src/store/state/pending.js';
import { readData, storeKey } from '../src/store/state/resources.js';
import { snapshotDetailLines } from '../src/ui/details/snapshot-detail.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { openScreenAt } from '../src/ui/screen/handoff.js';
import {
  declaredBindings,
  ResourceScreen,
  type ResourceSpec,
  type RowContext,
} from '../src/ui/screen/ResourceScreen.js';
import { ageColumn } from '../src/ui/table/age-column.js';
import type { Column } from '../src/ui/table/types.js';
import { pendingText, statusLabel, type Theme } from '../src/ui/theme.js';
import { snapshotImageForm } from './forms/snapshot-image.js';
import { openRestoreSnapshot } from './forms/snapshot-restore.js';

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

/** Restore, image and delete wait for the snapshot to be taken. */
const READY_BLOCKER = (r: SnapshotRow) =>
  r.snap.status === 'CREATING' ? 'it is still being taken: wait until it is SUCCESS (finished)' : undefined;

function columns(theme: Theme, now: number): Column<SnapshotRow>[] {
  return [
    { id: 'name', title: 'NAME', value: (r) => r.snap.name, minWidth: 14, priority: 0 },
    {
      id: 'vm',
      title: 'SOURCE VM',
      value: (r) => r.vmName ?? (r.snap.vm_id == null ? null : `#${r.snap.vm_id}`),
      minWidth: 10,
      priority: 1,
    },
    {
      id: 'status',
      title: 'STATUS',
      value: (r) => r.pending?.label ?? r.snap.status,
      text: (r) => (r.pending ? pendingText(r.pending) : statusLabel(r.snap.status)),
      color: (r) => theme.statusStyle(r.pending?.label ?? r.snap.status).color,
      minWidth: 12,
      priority: 0,
    },
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
    if (ctx.region !== 'ALL' && region && region !== ctx.region) continue;
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

/** The id of the custom image made of the snapshot, when the service names it. */
function imageIdOf(snap: Snapshot): number | undefined {
  const img = snap.custom_image;
  return typeof img === 'object' && img?.id != null ? img.id : undefined;
}

export const SNAPSHOTS_SPEC: ResourceSpec<SnapshotRow, 'snapshots'> = {
  resource: 'snapshots',
  also: ['vms', 'regions', 'pricebook'],
  noun: 'snapshots',
  columns,
  rowId: (r) => String(r.snap.id),
  rows,
  emptyText: 'no snapshots (n on a VM takes one)',
  pending: { key: (r) => snapshotMarkKey(r.snap), status: (r) => r.snap.status },
  pendingPrefix: 'snapshot',
  detail: {
    title: (r) => `snapshot ${r.snap.name}`,
    // the full detail (environment, flavor, key pair of the source VM) and the events
    watch: (r) => [storeKey('snapshot', r.snap.id), storeKey('snapshot-events', r.snap.id)],
    lines: (r, slice, now) => {
      const detail = slice(storeKey('snapshot', r.snap.id)).data;
      const events = slice(storeKey('snapshot-events', r.snap.id));
      return snapshotDetailLines({
        // the list's status is the fresher one while the snapshot is being taken
        snap: detail ? { ...detail, status: r.snap.status } : r.snap,
        vmName: r.vmName,
        region: r.region,
        hourly: r.hourly,
        events: events.data,
        eventsLoading: events.status === 'loading' || events.data === undefined,
        now,
      });
    },
    raw: (r) => r.snap,
  },
  actions: [
    {
      key: 'w',
      label: 'restore',
      mutation: true,
      blocked: READY_BLOCKER,
      run: (r, app) =>
        void openRestoreSnapshot(app.deps, r.snap, {
          onRestored: (vm) => openScreenAt(app, 'vms', 'vms', String(vm.id)),
        }),
    },
    {
      key: 'i',
      label: 'make image',
      mutation: true,
      blocked: (r) =>
        READY_BLOCKER(r) ??
        (r.snap.is_image ? 'an image was already made of it (one per snapshot)' : undefined),
      run: (r, app) => {
        // the image-name check reads the image list: load it in the background, the form opens at once
        if (readData(app.deps.store, 'images') === undefined)
          void app.deps.poller.refreshAfter('images').catch(() => {});
        ui.openForm(app.deps.store, snapshotImageForm(app.deps, r.snap, r.region));
      },
    },
    {
      key: 'I',
      label: 'open its image',
      when: (r) => r.snap.is_image === true || imageIdOf(r.snap) !== undefined,
      unavailable: () => 'no image was made of it (i makes one)',
      run: (r, app) => {
        // the detail's read names the image (the list may not): the one it was made into, selected on :images
        const id = imageIdOf(readData(app.deps.store, storeKey('snapshot', r.snap.id)) ?? r.snap);
        if (id === undefined) ui.setScreen(app.deps.store, 'images');
        else openScreenAt(app, 'images', 'images', String(id));
      },
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      blocked: READY_BLOCKER,
      run: (r, app) => deleteSnapshot(app.deps, r.snap),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([SNAPSHOTS_SPEC]);

/** Snapshots: source VM, status, size, region, cost; details with events; restore, make an image, delete. */
export function SnapshotsScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={SNAPSHOTS_SPEC} />;
}
