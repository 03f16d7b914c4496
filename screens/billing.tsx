import type { UsageRecord } from '../src/api/schemas/billing.js';
import { ListScreen } from '../src/app/ListScreen.js';
import type { ScreenProps } from '../src/app/screen-api.js';
import { minutesHuman, money } from '../src/domain/format.js';
import type { Column } from '../src/ui/table/types.js';

const COLUMNS: Column<UsageRecord>[] = [
  { id: 'name', title: 'RESOURCE', value: (u) => u.name, minWidth: 10, grow: 1, priority: 0 },
  { id: 'type', title: 'TYPE', value: (u) => u.resource_type, priority: 1 },
  { id: 'active', title: 'STATE', value: (u) => (u.active ? 'active' : 'terminated'), priority: 1 },
  {
    id: 'up',
    title: 'UP TIME',
    value: (u) => u.total_up_time,
    text: (u) => minutesHuman(u.total_up_time),
    align: 'right',
    priority: 2,
  },
  {
    id: 'ppm',
    title: '$/MIN',
    value: (u) => u.bill_per_minute,
    text: (u) => money(u.bill_per_minute),
    align: 'right',
    priority: 3,
  },
  {
    id: 'pph',
    title: '$/HOUR',
    value: (u) =>
      u.bill_per_minute === null || u.bill_per_minute === undefined ? null : u.bill_per_minute * 60,
    text: (u) =>
      money(u.bill_per_minute === null || u.bill_per_minute === undefined ? null : u.bill_per_minute * 60),
    align: 'right',
    priority: 2,
  },
  {
    id: 'total',
    title: 'TOTAL',
    value: (u) => u.total_bill,
    text: (u) => money(u.total_bill),
    align: 'right',
    priority: 0,
  },
];

/** Usage and cost per resource. */
export function BillingScreen(props: ScreenProps) {
  return (
    <ListScreen
      {...props}
      resource="usage"
      also={['dashboard']}
      title="Billing — usage per resource"
      columns={COLUMNS}
      rowId={(u) => `${u.resource_type}:${u.resource_id}`}
      emptyText="no usage records"
    />
  );
}
