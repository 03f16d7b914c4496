import type { Volume } from '../src/api/schemas/volume.js';
import { gb, NONE, perHour } from '../src/domain/format.js';
import { priceMap } from '../src/domain/pricing.js';
import { attachedVmId, volumeAttachedBlocker, volumeBusy, volumeLabel } from '../src/domain/volumes.js';
import {
  deleteVolume,
  detachVolume,
  setVolumeProtected,
  volumeMarkKey,
} from '../src/store/actions/volume-actions.js';
import type { PendingMark } from '../src/store/state/app-store.js';
import { liveMark } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { volumeDetailLines } from '../src/ui/details/volume-detail.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
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
import { openAttachToVm } from './forms/volume-attach.js';
import { openCreateVolume, volumeHourly } from './forms/volume-create.js';
import { openMoveVolume } from './forms/volume-move.js';

/** A volume as the table shows it: with its VM's name, its cost and a pending action. */
export interface VolumeRow {
  v: Volume;
  vmId: number | undefined;
  vmName: string | undefined;
  hourly: number | undefined;
  pending: PendingMark | undefined;
  /** VM id → name, for the detail. */
  vmNames: ReadonlyMap<number, string>;
}

const isProtected = (r: VolumeRow) => r.v.attachments?.some((a) => a.protected === true) === true;

function columns(theme: Theme, now: number): Column<VolumeRow>[] {
  return [
    { id: 'name', title: 'NAME', value: (r) => volumeLabel(r.v), minWidth: 16, priority: 0 },
    { id: 'type', title: 'TYPE', value: (r) => r.v.volume_type, minWidth: 9, priority: 4 },
    {
      id: 'size',
      title: 'SIZE',
      value: (r) => r.v.size ?? null,
      text: (r) => gb(r.v.size),
      align: 'right',
      minWidth: 7,
      priority: 1,
    },
    {
      id: 'status',
      title: 'STATUS',
      value: (r) => r.pending?.label ?? r.v.status,
      text: (r) => (r.pending ? pendingText(r.pending) : statusLabel(r.v.status ?? NONE)),
      color: (r) => theme.statusStyle(r.pending?.label ?? r.v.status ?? '').color,
      minWidth: 10,
      priority: 0,
    },
    {
      id: 'boot',
      title: 'BOOT',
      value: (r) => (r.v.bootable ? 'yes' : r.v.bootable === false ? 'no' : null),
      minWidth: 4,
      priority: 4,
    },
    {
      id: 'vm',
      title: 'VM',
      value: (r) => r.vmName ?? (r.vmId === undefined ? null : `#${r.vmId}`),
      minWidth: 8,
      priority: 1,
    },
    {
      id: 'env',
      title: 'ENV / REGION',
      value: (r) => [r.v.environment?.name, r.v.environment?.region].filter(Boolean).join(' / ') || null,
      minWidth: 12,
      priority: 2,
    },
    ageColumn((r) => r.v.created_at, now),
    {
      id: 'cost',
      title: '$/H',
      value: (r) => r.hourly ?? null,
      text: (r) => perHour(r.hourly),
      align: 'right',
      minWidth: 9,
      priority: 3,
    },
  ];
}

function rows(ctx: RowContext<'volumes'>): VolumeRow[] {
  const vmNames = new Map((ctx.also('vms') ?? []).map((v) => [v.id, v.name]));
  const book = priceMap(ctx.also('pricebook'));
  const now = Date.now();
  const out: VolumeRow[] = [];
  for (const v of ctx.data) {
    const region = v.environment?.region ?? undefined;
    if (ctx.region !== 'ALL' && region && region !== ctx.region) continue;
    const vmId = attachedVmId(v);
    out.push({
      v,
      vmId,
      vmName: vmId === undefined ? undefined : vmNames.get(vmId),
      hourly: volumeHourly(book, v.volume_type, v.size),
      pending: liveMark(ctx.pending, volumeMarkKey(v), v.status ?? undefined, now),
      vmNames,
    });
  }
  return out;
}

export const VOLUMES_SPEC: ResourceSpec<VolumeRow, 'volumes'> = {
  resource: 'volumes',
  also: ['vms', 'pricebook'],
  noun: 'volumes',
  columns,
  rowId: (r) => String(r.v.id),
  rows,
  emptyText: 'no volumes (c creates one)',
  pending: { key: (r) => volumeMarkKey(r.v), status: (r) => r.v.status },
  pendingPrefix: 'volume',
  detail: {
    title: (r) => `volume ${volumeLabel(r.v)}`,
    watch: (r) => [storeKey('volume', r.v.id), storeKey('volume-rate', r.v.id)],
    lines: (r, slice, now) => {
      const rate = slice(storeKey('volume-rate', r.v.id));
      return volumeDetailLines({
        v: fresher(slice(storeKey('volume', r.v.id)), slice('volumes'), r.v),
        vmName: (id) => r.vmNames.get(id),
        hourly: r.hourly,
        rate: rate.data,
        rateLoading: rate.status === 'loading' || rate.status === 'idle',
        now,
      });
    },
    raw: (r) => r.v,
  },
  actions: [
    {
      key: 'a',
      label: 'attach to VM',
      mutation: true,
      when: (r) => r.vmId === undefined,
      blocked: (r) => volumeBusy(r.v),
      run: (r, app) => void openAttachToVm(app.deps, r.v),
    },
    {
      key: 'x',
      label: 'detach',
      mutation: true,
      when: (r) => r.vmId !== undefined,
      blocked: (r) =>
        volumeBusy(r.v) ??
        (isProtected(r) ? 'its attachment is protected: p lifts the protection' : undefined),
      run: (r, app) => r.vmId !== undefined && detachVolume(app.deps, r.v, r.vmId),
    },
    {
      key: 'p',
      label: 'protect',
      mutation: true,
      when: (r) => r.vmId !== undefined && !isProtected(r),
      run: (r, app) => setVolumeProtected(app.deps, r.v, true),
    },
    {
      key: 'p',
      label: 'unprotect',
      mutation: true,
      when: (r) => r.vmId !== undefined && isProtected(r),
      run: (r, app) => setVolumeProtected(app.deps, r.v, false),
    },
    {
      key: 'v',
      label: 'go to VM',
      when: (r) => r.vmId !== undefined,
      run: (r, app) => openScreenAt(app, 'vms', 'vms', String(r.vmId)),
    },
    {
      key: 'm',
      label: 'move',
      mutation: true,
      blocked: (r) => volumeAttachedBlocker(r.v, r.vmName),
      run: (r, app) => void openMoveVolume(app.deps, r.v),
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      blocked: (r) => volumeAttachedBlocker(r.v, r.vmName),
      run: (r, app) => deleteVolume(app.deps, r.v),
    },
  ],
  screenActions: [
    {
      key: 'c',
      label: 'create volume',
      mutation: true,
      run: (app, screen) =>
        void openCreateVolume(app.deps, { onCreated: (v) => screen.select(String(v.id)) }),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([VOLUMES_SPEC]);

/** Volumes: type, size, status, the VM it is attached to, environment, cost; create, attach, detach, move, delete. */
export function VolumesScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={VOLUMES_SPEC} />;
}
