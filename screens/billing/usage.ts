import type { ResourceRate, UsageRecord } from '../../src/api/schemas/billing.js';
import { hourlyOf, sum } from '../../src/domain/billing.js';
import { dateTime, minutesHuman, money } from '../../src/domain/format.js';
import { pushAll } from '../../src/domain/lists.js';
import type { StoreKey } from '../../src/store/state/resource-key.js';
import { storeKey } from '../../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../../src/ui/DetailPane.js';
import { rateLines } from '../../src/ui/details/rate.js';
import { stateText } from '../lists/usage.js';

/** "38 resources · $1,234.56 billed · $12.34/h now". */
export function usageTotals(records: readonly UsageRecord[]): string {
  const billed = sum(records.filter((u) => !u.exclude_billing).map((u) => u.total_bill));
  const hourly = sum(records.map((u) => hourlyOf(u.bill_per_minute)));
  const n = records.length;
  return `${n} resource${n === 1 ? '' : 's'} · ${money(billed ?? 0)} billed${hourly !== null ? ` · ${money(hourly)}/h now` : ''}`;
}

/** The store key of a usage record's hourly rate, when the service can price it now (active VMs and volumes). */
export function usageRateKey(u: UsageRecord): StoreKey<'vm-rate'> | StoreKey<'volume-rate'> | undefined {
  if (!u.active) return undefined;
  if (u.resource_type === 'vm' || u.resource_type === 'instance') return storeKey('vm-rate', u.resource_id);
  if (u.resource_type === 'volume') return storeKey('volume-rate', u.resource_id);
  return undefined;
}

/** A usage record in full, and the breakdown of its hourly price when it still runs. */
export function usageDetailLines(
  u: UsageRecord,
  rate: ResourceRate | undefined,
  rateLoading: boolean,
): DetailLine[] {
  const lines: DetailLine[] = [
    section('Usage'),
    field('resource', u.name),
    field('type', u.resource_type),
    field('id', u.resource_id),
    field('state', stateText(u)),
    field('created', dateTime(u.create_time)),
    field('terminated', u.terminate_time ? dateTime(u.terminate_time) : undefined),
    field('up time', minutesHuman(u.total_up_time)),
    field('per minute', money(u.bill_per_minute)),
    field('per hour', money(hourlyOf(u.bill_per_minute))),
    field('total bill', money(u.total_bill)),
  ];
  if (usageRateKey(u)) pushAll(lines, rateLines(rate, rateLoading));
  else lines.push(section('Hourly cost'), text('terminated: no current rate', 'dim'));
  return lines;
}
