/** The usage list (what each resource is billed): its rows and columns, for the Billing screen and `get usage`. */
import type { UsageRecord } from '../../src/api/schemas/billing.js';
import { hourlyOf } from '../../src/domain/billing.js';
import { minutesHuman, money } from '../../src/domain/format.js';
import { type UsageKey, usageKey } from '../../src/store/state/resources.js';
import type { ListSpec } from '../../src/ui/screen/list-spec.js';
import { numberColumn } from '../../src/ui/table/number-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';

export const usageRowId = (u: UsageRecord): string => `${u.resource_type}:${u.resource_id}`;

export const stateText = (u: UsageRecord) =>
  `${u.active ? '● active' : '○ terminated'}${u.exclude_billing ? ' (not billed)' : ''}`;

/** Name, type, active or terminated, up time, cost per minute and per hour, total bill. */
export function usageColumns(theme: Theme): Column<UsageRecord>[] {
  return [
    {
      id: 'name',
      title: 'RESOURCE',
      value: (u) => u.name,
      minWidth: 10,
      priority: 0,
      identifies: true,
    },
    { id: 'type', title: 'TYPE', value: (u) => u.resource_type, priority: 2 },
    {
      id: 'state',
      title: 'STATE',
      value: (u) => stateText(u),
      color: (u) => (u.active ? theme.ok : theme.dim),
      priority: 1,
    },
    numberColumn('up', 'UP TIME', (u) => u.total_up_time, minutesHuman, { priority: 2 }),
    numberColumn('ppm', '$/MIN', (u) => u.bill_per_minute, money, { priority: 3 }),
    numberColumn('pph', '$/HOUR', (u) => hourlyOf(u.bill_per_minute), money, { priority: 1 }),
    numberColumn('total', 'TOTAL BILL', (u) => u.total_bill, money, { priority: 0 }),
  ];
}

/** The usage records of the active (or deleted) resources of one environment (or all: the service filters). */
export function usageList(
  deleted: boolean,
  environment: string | undefined,
): ListSpec<UsageRecord, UsageKey> {
  return {
    resource: usageKey(deleted, environment),
    noun: 'usage',
    columns: (theme) => usageColumns(theme),
    rowId: usageRowId,
    rows: (ctx) => ctx.data,
  };
}
