/** Shapes of contracts and payments. */
import type { ContractRecord, DiscountRecord } from '../world/types.js';
import { iso } from './view-core.js';

const DAY = 86_400_000;

function discountJson(d: DiscountRecord, now: number) {
  return {
    id: d.id,
    resource: d.resourceName,
    resource_name: d.resourceName,
    resource_id: d.resourceId,
    resource_count: d.resourceCount,
    remaining_count: d.resourceCount,
    discount_type: d.type,
    discount_amount: d.amount,
    discount_percent: d.percent,
    validity_days: d.endDate > now ? Math.ceil((d.endDate - now) / DAY) : null,
    discount_status: d.status,
    discount_code: d.code,
    start_date: iso(d.startDate),
    end_date: iso(d.endDate),
  };
}

export function contractJson(orgId: number, c: ContractRecord, now: number, withPrice: boolean) {
  return {
    id: c.id,
    org_id: orgId,
    description: c.description,
    status: c.status,
    expiration_policy: c.expirationPolicy,
    created_at: iso(c.createdAt),
    start_date: iso(c.startDate),
    end_date: iso(c.endDate),
    discounts: c.discounts.map((d) => discountJson(d, now)),
    ...(withPrice ? { price_per_hour: c.pricePerHour } : {}),
  };
}
