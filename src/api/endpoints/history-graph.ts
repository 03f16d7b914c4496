import type { Period } from '../../domain/billing-period.js';
import { HISTORY_OPERATIONS, type HistoryKind } from '../billing-history-operations.js';
import { call } from '../operation.js';
import type { Transport } from '../request.js';
import { type BillingGraph, type BillingGraphBody, BillingGraphResponse } from '../schemas/credit.js';
import { type CallOptions, periodQuery } from './shared.js';

/**
 * A detail's or a graph's path parameters: the kind's one id, by the kind's name for it (HISTORY_OPERATIONS checks
 * that name against the path). Typed as every name of the kinds asked, as a call by a union of their operations
 * wants.
 */
export const idOf = <K extends HistoryKind>(kind: K, id: number) =>
  ({ [HISTORY_OPERATIONS[kind].id]: id }) as Record<(typeof HISTORY_OPERATIONS)[K]['id'], number>;

function toGraph(r: BillingGraphBody): BillingGraph {
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

/** Hourly cost datapoints of one resource over a period (the kinds whose graph answers a BillingGraphBody). */
export function historyGraph(t: Transport, kind: Exclude<HistoryKind, 'bucket'>) {
  return (id: number, p: Period, o?: CallOptions): Promise<BillingGraph> =>
    call(t, HISTORY_OPERATIONS[kind].graph, o, {
      params: idOf(kind, id),
      query: periodQuery(p),
      schema: BillingGraphResponse,
    }).then(toGraph);
}
