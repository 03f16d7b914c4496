import * as z from 'zod';
import { envelopeShape, num } from './common.js';

/** Get_user_credit: the balance, the threshold below which resources cannot be created, and whether one can. */
export const CreditSchema = z.looseObject({
  credit: num.nullish(),
  threshold: num.nullish(),
  can_create_instance: z.boolean().nullish(),
});
export type Credit = z.output<typeof CreditSchema>;
export const CreditResponse = z.looseObject({ ...envelopeShape, data: CreditSchema });

/** Get_last_day_cost: the previous day's cost by kind and in total. */
export const LastDayCostSchema = z.looseObject({
  instances_cost: num.nullish(),
  volumes_cost: num.nullish(),
  clusters_cost: num.nullish(),
  total_cost: num.nullish(),
});
export type LastDayCost = z.output<typeof LastDayCostSchema>;
export const LastDayCostResponse = z.looseObject({ ...envelopeShape, data: LastDayCostSchema });

/** A billing notification threshold (Organization_Threshold_fields). */
export const ThresholdSchema = z.looseObject({
  id: z.number(),
  threshold: num.nullish(),
  interface_title: z.string().nullish(),
  interface_tooltip: z.string().nullish(),
  subscribed: z.boolean().nullish(),
});
export type Threshold = z.output<typeof ThresholdSchema>;
export const ThresholdListResponse = z.looseObject({
  ...envelopeShape,
  thresholds: z.array(ThresholdSchema),
});
export const ThresholdUpdateResponse = z.looseObject({
  ...envelopeShape,
  threshold: ThresholdSchema.nullish(),
});

const GraphPointSchema = z.looseObject({ datetime: z.string(), value: num.nullish() });
const GraphDetailsSchema = z.looseObject({
  granularity: z.number().nullish(),
  billing_history: z
    .array(
      z.looseObject({
        attributes: z.looseObject({ resource_name: z.string().nullish() }).nullish(),
        metrics: z
          .looseObject({
            incurred_bill: num.nullish(),
            incurred_bill_graph: z.array(GraphPointSchema).nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
});

/**
 * The hourly cost datapoints of one VM or volume. The OpenAPI names the volume graph's object
 * `billing_history_snapshot_details`; `billing_history_volume_details` is accepted too.
 */
export const BillingGraphResponse = z.looseObject({
  ...envelopeShape,
  billing_history_vm_details: GraphDetailsSchema.nullish(),
  billing_history_volume_details: GraphDetailsSchema.nullish(),
  billing_history_snapshot_details: GraphDetailsSchema.nullish(),
  billing_history_cluster_details: GraphDetailsSchema.nullish(),
});
export type BillingGraphBody = z.output<typeof BillingGraphResponse>;

/** What the UI draws: the total over the period and one point per interval. */
export interface BillingGraph {
  name: string | null;
  total: number | null;
  points: Array<{ datetime: string; value: number | null }>;
  /** The account's history: what each kind of resource cost over the period (the points are days then). */
  parts?: OrgCosts | undefined;
}

/** The organisation's costs over a period (Get_User_Billing_History: OrganizationLevelBillingHistoryResponseMetrics). */
export const OrgCostsSchema = z.looseObject({
  incurred_bill: num.nullish(),
  non_discounted_bill: num.nullish(),
  vm_cost: num.nullish(),
  volume_cost: num.nullish(),
  snapshot_cost: num.nullish(),
  contract_cost: num.nullish(),
});
export type OrgCosts = z.output<typeof OrgCostsSchema>;

export const OrgHistoryResponse = z.looseObject({
  ...envelopeShape,
  billing_history: z
    .looseObject({
      org_id: z.number().nullish(),
      billing_history: z.array(z.looseObject({ metrics: OrgCostsSchema.nullish() })).nullish(),
    })
    .nullish(),
});
