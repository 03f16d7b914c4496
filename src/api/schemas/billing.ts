import * as z from 'zod';
import { envelopeShape, num, paginationShape } from './common.js';

// Money fields go through `num`: billing services commonly send decimals as strings.

export const RESOURCE_TYPES = ['instance', 'volume', 'container', 'cluster'] as const;
export type BillableResourceType = (typeof RESOURCE_TYPES)[number];

export const RateComponentSchema = z.looseObject({
  type: z.string().nullish(),
  name: z.string().nullish(),
  amount: num.nullish(),
  rate: num.nullish(),
  discounted_rate: num.nullish(),
  price: num.nullish(),
  actual_price: num.nullish(),
});
export type RateComponent = z.output<typeof RateComponentSchema>;

export const ResourceRateSchema = z.looseObject({
  org_id: z.number().nullish(),
  resource: z.looseObject({
    type: z.string().nullish(),
    name: z.string().nullish(),
    // `infrahub_id` on the wire: the id of the resource within the service
    infrahub_id: z.number().nullish(),
    status: z.string().nullish(),
    host: z.string().nullish(),
    price: num.nullish(),
    actual_price: num.nullish(),
    resources: z.array(RateComponentSchema).nullish(),
  }),
});
export type ResourceRate = z.output<typeof ResourceRateSchema>;

export const ResourceRateResponse = z.looseObject({
  ...envelopeShape,
  calculated_resource_bills: ResourceRateSchema,
});

export const DiscountSchema = z.looseObject({
  id: z.number().nullish(),
  resource: z.string().nullish(),
  resource_name: z.string().nullish(),
  resource_id: z.number().nullish(),
  resource_count: num.nullish(),
  discount_type: z.string().nullish(),
  discount_amount: num.nullish(),
  discount_percent: num.nullish(),
  validity_days: num.nullish(),
  discount_status: z.string().nullish(),
  discount_code: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
});
export type Discount = z.output<typeof DiscountSchema>;

export const ContractSchema = z.looseObject({
  id: z.number(),
  org_id: z.number().nullish(),
  status: z.string(),
  description: z.string().nullish(),
  created_at: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  // 0: contracted resources deleted at expiry; 1: retained and billed at market rates
  expiration_policy: num.nullish(),
  discounts: z.array(DiscountSchema).nullish(),
  // list response only; declared integer, sent fractional
  price_per_hour: num.nullish(),
});
export type Contract = z.output<typeof ContractSchema>;

export const ContractListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  contracts: z.array(ContractSchema),
});

/** The spec names the key `contract`; the OpenAPI document `contracts` (one object). Either is accepted. */
export const ContractResponse = z
  .looseObject({
    ...envelopeShape,
    contract: ContractSchema.optional(),
    contracts: ContractSchema.optional(),
  })
  .refine((b) => b.contract !== undefined || b.contracts !== undefined, {
    message: 'is missing (expected `contract`)',
    path: ['contract'],
  });

export const UsageRecordSchema = z.looseObject({
  resource_id: z.number(),
  resource_type: z.string(),
  name: z.string().nullish(),
  organization_id: z.number().nullish(),
  // null when the resource is terminated
  bill_per_minute: num.nullish(),
  create_time: z.string().nullish(),
  terminate_time: z.string().nullish(),
  total_up_time: num.nullish(),
  total_bill: num.nullish(),
  active: z.boolean().nullish(),
  exclude_billing: z.boolean().nullish(),
});
export type UsageRecord = z.output<typeof UsageRecordSchema>;

export const UsageResponse = z.looseObject({ ...envelopeShape, data: z.array(UsageRecordSchema) });

export const PaymentSchema = z.looseObject({
  amount: num.nullish(),
  currency: z.string().nullish(),
  paid_from: z.string().nullish(),
  // `payment_initiated` means the payment went through
  status: z.string().nullish(),
  gateway_response: z.string().nullish(),
  description: z.string().nullish(),
  transaction_id: z.string().nullish(),
  payment_id: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Payment = z.output<typeof PaymentSchema>;

export const PaymentListResponse = z.looseObject({ ...envelopeShape, data: z.array(PaymentSchema) });

/** One entry of GET /pricebook: the hourly price of a resource (a GPU model, a CPU flavor …). */
export const PricebookEntrySchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string(),
  value: num,
  original_value: num.nullish(),
  discount_applied: z.boolean().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
});
export type PricebookEntry = z.output<typeof PricebookEntrySchema>;

/** The pricebook is a bare array (no envelope), per the OpenAPI document. */
export const PricebookResponse = z.array(PricebookEntrySchema);
