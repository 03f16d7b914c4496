import type { Period } from '../../domain/billing-period.js';
import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  type BillingGraph,
  CreditResponse,
  LastDayCostResponse,
  type OrgCosts,
  OrgHistoryResponse,
  ThresholdListResponse,
  ThresholdUpdateResponse,
} from '../schemas/credit.js';
import { historyGraph } from './history-graph.js';
import { type CallOptions, periodQuery } from './shared.js';

/** Credit and billing alerts: the balance, the last day's cost, notification thresholds, history graphs. */
export function creditEndpoints(t: Transport) {
  return {
    credit: (o?: CallOptions) =>
      call(t, op.Get_user_credit, o, { schema: CreditResponse }).then((r) => r.data),

    lastDayCost: (o?: CallOptions) =>
      call(t, op.Get_last_day_cost, o, { schema: LastDayCostResponse }).then((r) => r.data),

    thresholds: (o?: CallOptions) =>
      call(t, op.List_Org_notification_thresholds, o, { schema: ThresholdListResponse }).then(
        (r) => r.thresholds,
      ),

    /** Subscribes to (true) or unsubscribes from (false) one threshold's e-mails (a PUT, despite its name). */
    setThresholdSubscription: (id: number, subscribe: boolean, o?: CallOptions) =>
      call(t, op.Get_notification_threshold, o, {
        params: { threshold_id: id },
        body: { subscribe },
        schema: ThresholdUpdateResponse,
      }).then((r) => ({ message: r.message ?? null, threshold: r.threshold ?? null })),

    /**
     * What the whole organisation cost over a period, by kind (GET /billing/billing/history). Its `graph` option
     * is documented with no shape for the answer: not used; a history by day is one call per day (accountHistory).
     */
    orgCosts: (p: Period, o?: CallOptions) =>
      call(t, op.Get_User_Billing_History, o, { query: periodQuery(p), schema: OrgHistoryResponse }).then(
        (r) => r.billing_history?.billing_history?.[0]?.metrics ?? {},
      ),

    /** Hourly cost datapoints of one VM over a period. */
    vmGraph: historyGraph(t, 'virtual-machine'),

    /** Hourly cost datapoints of one volume over a period. */
    volumeGraph: historyGraph(t, 'volume'),
  };
}

const DAY = 86_400_000;

/** The organisation's costs over a period, and one point a day (a call per day: at most 31). */
export async function accountHistory(
  api: { orgCosts(p: Period, o?: CallOptions): Promise<OrgCosts> },
  p: Period,
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
