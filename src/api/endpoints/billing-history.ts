import type { Period } from '../../domain/billing-period.js';
import { HISTORY_OPERATIONS, type HistoryKind } from '../billing-history-operations.js';
import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  BillingEventsResponse,
  HistoryDetailResponse,
  HistoryListResponse,
  type HistoryRowBody,
  SubResourceCostsResponse,
  SubResourceGraphResponse,
} from '../schemas/billing-history.js';
import { historyGraph, idOf } from './history-graph.js';
import { type CallOptions, periodQuery } from './shared.js';

export { HISTORY_KINDS, type HistoryKind } from '../billing-history-operations.js';

/** One resource's bill over a period. */
export interface HistoryRow {
  id: number;
  name: string;
  status: string | null;
  contractId: number | null;
  bill: number | null;
  /** Before contract discounts (details only). */
  listBill: number | null;
  pricePerHour: number | null;
  /** Hours billed. */
  hours: number | null;
}

function row(r: HistoryRowBody): HistoryRow | undefined {
  const id = r.attributes?.infrahub_id;
  if (id == null) return undefined;
  return {
    id,
    name: r.attributes?.resource_name ?? String(id),
    status: r.attributes?.status ?? null,
    contractId: r.attributes?.contract_id ?? null,
    bill: r.metrics?.incurred_bill ?? null,
    listBill: r.metrics?.non_discounted_bill ?? null,
    pricePerHour: r.metrics?.price_per_hour ?? null,
    hours: r.metrics?.usage_time ?? null,
  };
}

const rows = (list: HistoryRowBody[] | null | undefined) =>
  (list ?? []).map(row).filter((r): r is HistoryRow => r !== undefined);

/** One kind's history: what each of its resources billed over a period, and one resource's bill. */
function kindEndpoints(t: Transport, kind: HistoryKind) {
  const ops = HISTORY_OPERATIONS[kind];
  return {
    /** What each resource of the kind billed over the period (the first page of `perPage`, default 100). */
    list: (p: Period, o?: CallOptions & { search?: string; perPage?: number }) =>
      call(t, ops.list, o, {
        query: { ...periodQuery(p), search: o?.search, per_page: o?.perPage ?? 100, page: 1 },
        schema: HistoryListResponse,
      }).then((r) => {
        const body =
          r.billing_history_vm ??
          r.billing_history_volume ??
          r.billing_history_cluster ??
          r.billing_history_bucket;
        return { rows: rows(body?.billing_history), total: body?.total_count ?? null };
      }),

    /** One resource's bill over the period, with its price before discounts. */
    detail: (id: number, p: Period, o?: CallOptions) =>
      call(t, ops.detail, o, {
        params: idOf(kind, id),
        query: periodQuery(p),
        schema: HistoryDetailResponse,
      }).then((r) => {
        const one = r.billing_history_cluster_details ?? r.billing_history_bucket_details;
        const list = r.billing_history_vm_details ?? r.billing_history_volume_details;
        return (one ? row(one) : rows(list?.billing_history)[0]) ?? null;
      }),
  };
}

/** Billing history per resource kind (/billing/billing/history/…), one object per kind; events and sub-resources. */
export function billingHistoryEndpoints(t: Transport) {
  const vm = (id: number) => ({ vm_id: id });
  return {
    kinds: {
      'virtual-machine': kindEndpoints(t, 'virtual-machine'),
      volume: kindEndpoints(t, 'volume'),
      snapshot: { ...kindEndpoints(t, 'snapshot'), graph: historyGraph(t, 'snapshot') },
      cluster: { ...kindEndpoints(t, 'cluster'), graph: historyGraph(t, 'cluster') },
      bucket: kindEndpoints(t, 'bucket'),
    },

    /** A VM's spans at one rate, each named by the state that began it. */
    vmEvents: (id: number, p: Period, o?: CallOptions) =>
      call(t, op.Get_VM_billing_events, o, {
        params: vm(id),
        query: periodQuery(p),
        schema: BillingEventsResponse,
      }).then((r) => r.billing_events_history),

    volumeEvents: (id: number, p: Period, o?: CallOptions) =>
      call(t, op.Get_volume_billing_events, o, {
        params: { volume_id: id },
        query: periodQuery(p),
        schema: BillingEventsResponse,
      }).then((r) => r.billing_events_history),

    /** A VM's cost over the period by sub-resource (gpu, cpu, ram, disk, ephemeral, publicip). */
    vmSubResources: (id: number, p: Period, o?: CallOptions) =>
      call(t, op.Get_VM_sub_resource_costs, o, {
        params: vm(id),
        query: periodQuery(p),
        schema: SubResourceCostsResponse,
      }).then((r) => subResourceTotals(r.billing_history?.[0]?.metrics)),

    /** The same from the graph operation (its answer wrapped in `sub_resources_costs`). */
    vmSubResourceGraph: (id: number, p: Period, o?: CallOptions) =>
      call(t, op.Get_VM_sub_resource_graph, o, {
        params: vm(id),
        query: periodQuery(p),
        schema: SubResourceGraphResponse,
      }).then((r) => subResourceTotals(r.sub_resources_costs?.billing_history?.[0]?.metrics)),
  };
}

/** A VM's cost by sub-resource: dollars each (`gpu`, `cpu` …) and its hourly datapoints. */
export interface SubResourceCosts {
  totals: Record<string, number>;
  graphs: Record<string, Array<{ datetime: string; value: number | null }>>;
}

/** From the `{part}_incurred_bill` and `{part}_incurred_bill_graph` fields. */
function subResourceTotals(metrics: Record<string, unknown> | null | undefined): SubResourceCosts {
  const out: SubResourceCosts = { totals: {}, graphs: {} };
  for (const [k, v] of Object.entries(metrics ?? {})) {
    const total = /^(\w+?)_incurred_bill$/.exec(k);
    if (total && typeof v === 'number') out.totals[total[1]!] = v;
    const graph = /^(\w+?)_incurred_bill_graph$/.exec(k);
    if (graph && Array.isArray(v)) out.graphs[graph[1]!] = v as SubResourceCosts['graphs'][string];
  }
  return out;
}
