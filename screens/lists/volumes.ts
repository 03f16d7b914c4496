/** The volumes list: its rows and columns, for the Volumes screen and `get volumes`. */

import type { Volume } from '../../src/api/schemas/volume.js';
import { envRegionText, gb, NONE, perHour } from '../../src/domain/format.js';
import { priceMap, volumeHourly } from '../../src/domain/pricing.js';
import { attachedVmId, volumeLabel } from '../../src/domain/volumes.js';
import {
  liveMark,
  type PendingMark,
  volumeCallbackPendingKey,
  volumeMarkKey,
} from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { numberColumn } from '../../src/ui/table/number-column.js';
import type { Column } from '../../src/ui/table/types.js';
import { pendingText, statusLabel, type Theme } from '../../src/ui/theme.js';

/** A volume as the table shows it: with its VM's name, its cost and a pending action. */
export interface VolumeRow {
  v: Volume;
  vmId: number | undefined;
  vmName: string | undefined;
  hourly: number | undefined;
  pending: PendingMark | undefined;
  /** A change of its callback URL under way (its detail says so). */
  callbackMark: PendingMark | undefined;
  /** VM id → name, for the detail. */
  vmNames: ReadonlyMap<number, string>;
}

function columns(theme: Theme, now: number): Column<VolumeRow>[] {
  return [
    {
      id: 'name',
      title: 'NAME',
      value: (r) => volumeLabel(r.v),
      minWidth: 16,
      priority: 0,
      identifies: true,
    },
    { id: 'type', title: 'TYPE', value: (r) => r.v.volume_type, minWidth: 9, priority: 4 },
    numberColumn('size', 'SIZE', (r) => r.v.size ?? null, gb, { minWidth: 7, priority: 1 }),
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
      // Said as on the other screens (firewalls, key pairs, VMs): "prod-canada/CANADA-1" fits where " / " cut it.
      title: 'ENVIRONMENT/REGION',
      value: (r) => (r.v.environment ? envRegionText(r.v.environment.name, r.v.environment.region) : null),
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
  return ctx.data.map((v) => {
    const vmId = attachedVmId(v);
    return {
      v,
      vmId,
      vmName: vmId === undefined ? undefined : vmNames.get(vmId),
      hourly: volumeHourly(book, v.volume_type, v.size),
      pending: liveMark(ctx.pending, volumeMarkKey(v), v.status ?? undefined, now),
      callbackMark: ctx.pending[volumeCallbackPendingKey(v.id)],
      vmNames,
    };
  });
}

export const VOLUMES_LIST: ListSpec<VolumeRow, 'volumes'> = {
  resource: 'volumes',
  also: ['vms', 'pricebook'],
  noun: 'volumes',
  columns,
  rowId: (r) => String(r.v.id),
  rows,
  region: (r) => r.v.environment?.region,
  environment: (r) => r.v.environment?.name,
  raw: (r) => r.v,
};
