import { type Period, serviceDate } from '../../domain/billing-period.js';
import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  type BillingGraph,
  type BillingGraphBody,
  BillingGraphResponse,
  CreditResponse,
  LastDayCostResponse,
  type OrgCosts,
  OrgHistoryResponse,
  ThresholdListResponse,
  ThresholdUpdateResponse,
} from '../schemas/credit.js';
import type { CallOptions } from './shared.js';

/** A period of a billing history graph (sent as `YYYY-MM-DDTHH:MM:SS`). */
export type GraphPeriod = Period;

export function toGraph(r: BillingGraphBody): BillingGraph {
  const d =
    r.billing_history_vm_details ??
    r.billing_history_volume_details ??
    r.billing_history_snapshot_details ??
    r.billing_history_cluster_details;
  const first = d?.billing_history?.[0];
  return {
    name: first?.attributes?.resource_name ?? null,
    total: first?.metrics?.incurred_bill ?? null,
    points: (first?.metrics?.incurred_bill_graph ?? []).map((p) => ({
      datetime: p.datetime,
      value: p.value ?? null,
    })),
  };
}

/** Credit and billing alerts: the balance, the last day's cost, notification thresholds, history graphs. */
export function creditEndpoints(t: Transport) {
  const graph = (path: string, p: GraphPeriod, o?: CallOptions) =>
    t
      .request({
        method: 'GET',
        path,
        query: query('Get_VM_Billing_Graph', {
          start_date: serviceDate(p.start),
          end_date: serviceDate(p.end),
        }),
        schema: BillingGraphResponse,
        retry: true,
        signal: o?.signal,
      })
      .then(toGraph);
  return {
    credit: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/billing/user-credit/credit',
          schema: CreditResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.data),

    lastDayCost: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/billing/billing/last-day-cost',
          schema: LastDayCostResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.data),

    thresholds: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/billing/billing/threshold',
          schema: ThresholdListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.thresholds),

    /** Subscribes to (true) or unsubscribes from (false) one threshold's e-mails. */
    setThresholdSubscription: (id: number, subscribe: boolean, o?: CallOptions) =>
      t
        .request({
          method: 'PUT',
          path: `/billing/billing/threshold/${seg(id)}`,
          body: body('Get_notification_threshold', { subscribe }),
          schema: ThresholdUpdateResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => ({ message: r.message ?? null, threshold: r.threshold ?? null })),

    /**
     * What the whole organisation cost over a period, by kind (GET /billing/billing/history). Its `graph` option
     * is documented with no shape for the answer: not used; a history by day is one call per day (accountHistory).
     */
    orgCosts: (p: GraphPeriod, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/billing/billing/history',
          query: { start_date: serviceDate(p.start), end_date: serviceDate(p.end) },
          schema: OrgHistoryResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.billing_history?.billing_history?.[0]?.metrics ?? {}),

    /** Hourly cost datapoints of one VM over a period. */
    vmGraph: (id: number, p: GraphPeriod, o?: CallOptions) =>
      graph(`/billing/billing/history/virtual-machine/${seg(id)}/graph`, p, o),

    /** Hourly cost datapoints of one volume over a period. */
    volumeGraph: (id: number, p: GraphPeriod, o?: CallOptions) =>
      graph(`/billing/billing/history/volume/${seg(id)}/graph`, p, o),
  };
}

const DAY = 86_400_000;

/** The organisation's costs over a period, and one point a day (a call per day: at most 31). */
export async function accountHistory(
  api: { orgCosts(p: GraphPeriod, o?: CallOptions): Promise<OrgCosts> },
  p: GraphPeriod,
  o?: CallOptions,
): Promise<BillingGraph> {
  const parts = await api.orgCosts(p, o);
  const points: BillingGraph['points'] = [];
  for (let start = p.start; start < p.end && points.length < 31; start += DAY) {
    const day = await api.orgCosts({ start, end: Math.min(p.end, start + DAY) }, o);
    points.push({ datetime: new Date(start).toISOString().slice(0, 19), value: day.incurred_bill ?? null });
  }
  return { name: 'the account', total: parts.incurred_bill ?? null, points, parts };
}
