/** The firewalls list: its rows and columns, for the Firewalls screen and `get firewalls`. */
import type { Firewall } from '../../src/api/schemas/firewall.js';
import { envRegionText } from '../../src/domain/format.js';
import type { ListSpec } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { nameColumn } from '../../src/ui/table/name-column.js';
import type { Column } from '../../src/ui/table/types.js';
import { statusLabel, type Theme } from '../../src/ui/theme.js';

function columns(theme: Theme, now: number): Column<Firewall>[] {
  return [
    nameColumn((f) => f.name, 10),
    {
      id: 'env',
      title: 'ENVIRONMENT/REGION',
      value: (f) => envRegionText(f.environment?.name, f.environment?.region),
      priority: 1,
    },
    {
      id: 'status',
      title: 'STATUS',
      value: (f) => f.status,
      text: (f) => statusLabel(f.status),
      color: (f) => theme.statusStyle(f.status).color,
      priority: 2,
    },
    { id: 'rules', title: 'RULES', value: (f) => f.rules?.length ?? 0, align: 'right', priority: 0 },
    { id: 'vms', title: 'VMS', value: (f) => f.attachments?.length ?? 0, align: 'right', priority: 0 },
    ageColumn((f) => f.created_at, now),
  ];
}

export const FIREWALLS_LIST: ListSpec<Firewall, 'firewalls'> = {
  resource: 'firewalls',
  noun: 'firewalls',
  columns,
  rowId: (f) => String(f.id),
  rows: (ctx) => ctx.data,
  region: (f) => f.environment?.region,
  environment: (f) => f.environment?.name,
};
