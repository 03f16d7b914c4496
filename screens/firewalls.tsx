import type { Firewall } from '../src/api/schemas/firewall.js';
import { ListScreen } from '../src/app/ListScreen.js';
import type { ScreenProps } from '../src/app/screen-api.js';
import { age } from '../src/domain/format.js';
import type { Column } from '../src/ui/table/types.js';

const COLUMNS: Column<Firewall>[] = [
  { id: 'name', title: 'NAME', value: (f) => f.name, minWidth: 10, grow: 1, priority: 0 },
  {
    id: 'env',
    title: 'ENVIRONMENT/REGION',
    value: (f) => `${f.environment?.name ?? '—'}${f.environment?.region ? `/${f.environment.region}` : ''}`,
    priority: 1,
  },
  { id: 'status', title: 'STATUS', value: (f) => f.status, priority: 2 },
  { id: 'rules', title: 'RULES', value: (f) => f.rules?.length ?? 0, align: 'right', priority: 0 },
  { id: 'vms', title: 'VMS', value: (f) => f.attachments?.length ?? 0, align: 'right', priority: 0 },
  {
    id: 'age',
    title: 'AGE',
    value: (f) => (f.created_at ? -Date.parse(f.created_at) : null),
    text: (f) => age(f.created_at, Date.now()),
    align: 'right',
    priority: 3,
  },
];

/** Firewalls with their rule and attachment counts. */
export function FirewallsScreen(props: ScreenProps) {
  return (
    <ListScreen
      {...props}
      resource="firewalls"
      title="Firewalls"
      columns={COLUMNS}
      rowId={(f) => String(f.id)}
      emptyText="no firewalls"
    />
  );
}
