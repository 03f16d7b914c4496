/**
 * Billing history per resource kind over a period: the list's rows, one resource's details, billing events and a
 * VM's sub-resource costs, and a contract's VMs and GPU allocation graph.
 */
import * as z from 'zod';
import { envelopeShape, num } from './common.js';

const Attributes = z.looseObject({
  id: z.string().nullish(),
  infrahub_id: z.number().nullish(),
  resource_name: z.string().nullish(),
  status: z.string().nullish(),
  contract_id: z.number().nullish(),
});

const Metrics = z.looseObject({
  incurred_bill: num.nullish(),
  non_discounted_bill: num.nullish(),
  price_per_hour: num.nullish(),
  non_discounted_price_per_hour: num.nullish(),
  usage_time: num.nullish(),
});

export const HistoryRowSchema = z.looseObject({
  attributes: Attributes.nullish(),
  metrics: Metrics.nullish(),
});
export type HistoryRowBody = z.output<typeof HistoryRowSchema>;

const HistoryList = z.looseObject({
  billing_history: z.array(HistoryRowSchema).nullish(),
  total_count: num.nullish(),
  pagination: z.looseObject({ page: num.nullish(), pages: num.nullish(), per_page: num.nullish() }).nullish(),
});

/** One kind's list answer: the kind's own key holds it. */
export const HistoryListResponse = z.looseObject({
  ...envelopeShape,
  billing_history_vm: HistoryList.nullish(),
  billing_history_volume: HistoryList.nullish(),
  billing_history_cluster: HistoryList.nullish(),
  billing_history_bucket: HistoryList.nullish(),
});

export const HistoryDetailResponse = z.looseObject({
  ...envelopeShape,
  billing_history_vm_details: HistoryList.nullish(),
  billing_history_volume_details: HistoryList.nullish(),
  billing_history_cluster_details: HistoryRowSchema.nullish(),
  billing_history_bucket_details: HistoryRowSchema.nullish(),
});

export const BillingEventSchema = z.looseObject({
  event: z.string().nullish(),
  start: z.string().nullish(),
  event_duration: num.nullish(),
  price_per_hour: num.nullish(),
  total_cost: num.nullish(),
});
export type BillingEvent = z.output<typeof BillingEventSchema>;

export const BillingEventsResponse = z.looseObject({
  ...envelopeShape,
  billing_events_history: z.array(BillingEventSchema),
});

const Point = z.looseObject({ datetime: z.string(), value: num.nullish() });

/** SubResourcesCostsResponseModel: no envelope; `{part}_incurred_bill` and `{part}_incurred_bill_graph` each. */
export const SubResourceCostsResponse = z.looseObject({
  billing_history: z
    .array(
      z.looseObject({ metrics: z.record(z.string(), z.union([num, z.array(Point)]).nullish()).nullish() }),
    )
    .nullish(),
});

export const SubResourceGraphResponse = z.looseObject({
  ...envelopeShape,
  sub_resources_costs: SubResourceCostsResponse.nullish(),
});

export const ContractVmSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  status: z.string().nullish(),
  flavor_name: z.string().nullish(),
  gpu_count: num.nullish(),
  created_at: z.string().nullish(),
  termination_time: z.string().nullish(),
  total_usage_time: num.nullish(),
});
export type ContractVm = z.output<typeof ContractVmSchema>;

export const ContractVmListResponse = z.looseObject({
  ...envelopeShape,
  instances: z.array(ContractVmSchema),
});

export const GpuAllocationResponse = z.looseObject({
  ...envelopeShape,
  contract: z.looseObject({
    id: z.union([z.string(), z.number()]).nullish(),
    status: z.string().nullish(),
    granularity: num.nullish(),
    total_gpu_allocation: num.nullish(),
    allocated_gpu_count_graph: z.array(Point).nullish(),
  }),
});
