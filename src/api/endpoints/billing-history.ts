import { type Period, serviceDate } from '../../domain/billing-period.js';
import { query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  BillingEventsResponse,
  HistoryDetailResponse,
  HistoryListResponse,
  type HistoryRowBody,
  SubResourceCostsResponse,
  SubResourceGraphResponse,
} from '../schemas/billing-history.js';
import { BillingGraphResponse } from '../schemas/credit.js';
import { toGraph } from './credit.js';
import { type CallOptions, read } from './shared.js';

/** The kinds the service keeps a billing history of (the path's word). */
export const HISTORY_KINDS = ['virtual-machine', 'volume', 'snapshot', 'cluster', 'bucket'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

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

const dates = (p: Period) => ({ start_date: serviceDate(p.start), end_date: serviceDate(p.end) });

/** The period's query: every history operation takes start_date and end_date alike. */
const periodQuery = (p: Period) => query('Get_VM_Billing_History', dates(p));

/** One kind's history: what each of its resources billed over a period, and one resource's bill. */
function kindEndpoints(t: Transport, kind: HistoryKind) {
  return {
    /** What each resource of the kind billed over the period (the first page of `perPage`, default 100). */
    list: (p: Period, o?: CallOptions & { search?: string; perPage?: number }) =>
      read(
        t,
        `/billing/billing/history/${kind}`,
        HistoryListResponse,
        o,
        query('Get_VM_Billing_History', {
          ...dates(p),
          search: o?.search,
          per_page: o?.perPage ?? 100,
          page: 1,
        }),
      ).then((r) => {
        const body =
          r.billing_history_vm ??
          r.billing_history_volume ??
          r.billing_history_cluster ??
          r.billing_history_bucket;
        return { rows: rows(body?.billing_history), total: body?.total_count ?? null };
      }),

    /** One resource's bill over the period, with its price before discounts. */
    detail: (id: number, p: Period, o?: CallOptions) =>
      read(t, `/billing/billing/history/${kind}/${seg(id)}`, HistoryDetailResponse, o, periodQuery(p)).then(
        (r) => {
          const one = r.billing_history_cluster_details ?? r.billing_history_bucket_details;
          const list = r.billing_history_vm_details ?? r.billing_history_volume_details;
          return (one ? row(one) : rows(list?.billing_history)[0]) ?? null;
        },
      ),
  };
}

/** Hourly cost datapoints of a cluster or a snapshot (VMs and volumes: credit.vmGraph, volumeGraph). */
function graphOf(t: Transport, kind: 'cluster' | 'snapshot') {
  return (id: number, p: Period, o?: CallOptions) =>
    read(
      t,
      `/billing/billing/history/${kind}/${seg(id)}/graph`,
      BillingGraphResponse,
      o,
      periodQuery(p),
    ).then(toGraph);
}

/** Billing history per resource kind (/billing/billing/history/…), one object per kind; events and sub-resources. */
export function billingHistoryEndpoints(t: Transport) {
  return {
    kinds: {
      'virtual-machine': kindEndpoints(t, 'virtual-machine'),
      volume: kindEndpoints(t, 'volume'),
      snapshot: { ...kindEndpoints(t, 'snapshot'), graph: graphOf(t, 'snapshot') },
      cluster: { ...kindEndpoints(t, 'cluster'), graph: graphOf(t, 'cluster') },
      bucket: kindEndpoints(t, 'bucket'),
    },

    /** A VM's spans at one rate, each named by the state that began it. */
    vmEvents: (id: number, p: Period, o?: CallOptions) =>
      read(
        t,
        `/billing/billing/virtual-machine/${seg(id)}/billing-events`,
        BillingEventsResponse,
        o,
        periodQuery(p),
      ).then((r) => r.billing_events_history),

    volumeEvents: (id: number, p: Period, o?: CallOptions) =>
      read(
        t,
        `/billing/billing/volume/${seg(id)}/billing-events`,
        BillingEventsResponse,
        o,
        periodQuery(p),
      ).then((r) => r.billing_events_history),

    /** A VM's cost over the period by sub-resource (gpu, cpu, ram, disk, ephemeral, publicip). */
    vmSubResources: (id: number, p: Period, o?: CallOptions) =>
      read(
        t,
        `/billing/billing/virtual-machine/${seg(id)}/sub-resource`,
        SubResourceCostsResponse,
        o,
        periodQuery(p),
      ).then((r) => subResourceTotals(r.billing_history?.[0]?.metrics)),

    /** The same from the graph operation (its answer wrapped in `sub_resources_costs`). */
    vmSubResourceGraph: (id: number, p: Period, o?: CallOptions) =>
      read(
        t,
        `/billing/billing/virtual-machine/${seg(id)}/sub-resource/graph`,
        SubResourceGraphResponse,
        o,
        periodQuery(p),
      ).then((r) => subResourceTotals(r.sub_resources_costs?.billing_history?.[0]?.metrics)),
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
