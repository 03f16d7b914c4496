/**
 * One resource's bill over a period, read whole for its detail: the kind's details operation, and what the service
 * keeps of that kind besides (a VM's billing events and sub-resource costs, a volume's events, a cluster's or a
 * snapshot's hourly cost). A part that fails is said, the others shown.
 */
import type { Api } from '../../api/client.js';
import type { HistoryKind, HistoryRow, SubResourceCosts } from '../../api/endpoints/billing-history.js';
import type { BillingEvent } from '../../api/schemas/billing-history.js';
import type { BillingGraph } from '../../api/schemas/credit.js';

export interface BillDetail {
  row: HistoryRow | null;
  /** A VM's or a volume's spans at one rate. */
  events?: BillingEvent[];
  /** A VM's cost by sub-resource: totals (Get_VM_sub-resource_costs), hourly points (…_graph). */
  parts?: SubResourceCosts;
  /** A cluster's or a snapshot's hourly cost. */
  graph?: BillingGraph;
  /** "events: HTTP 500 …": the parts that could not be read. */
  errors: string[];
}

const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function loadBill(api: Api, q: BillQuery, signal: AbortSignal): Promise<BillDetail> {
  const o = { signal };
  const h = api.billingHistory;
  const parts: Array<[string, Promise<unknown>]> = [['bill', h.kinds[q.kind].detail(q.id, q, o)]];
  if (q.kind === 'virtual-machine') {
    parts.push(['events', h.vmEvents(q.id, q, o)]);
    parts.push(['sub-resources', h.vmSubResources(q.id, q, o)]);
    parts.push(['sub-resource graph', h.vmSubResourceGraph(q.id, q, o)]);
  } else if (q.kind === 'volume') parts.push(['events', h.volumeEvents(q.id, q, o)]);
  else if (q.kind === 'cluster') parts.push(['graph', h.kinds.cluster.graph(q.id, q, o)]);
  else if (q.kind === 'snapshot') parts.push(['graph', h.kinds.snapshot.graph(q.id, q, o)]);
  const settled = await Promise.allSettled(parts.map(([, p]) => p));
  // nothing read at all: the slice says the error (and keeps the last good detail)
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  const got = (name: string) => {
    const i = parts.findIndex(([n]) => n === name);
    const s = settled[i];
    return s?.status === 'fulfilled' ? s.value : undefined;
  };
  const out: BillDetail = {
    row: (got('bill') as HistoryRow | null | undefined) ?? null,
    errors: settled.flatMap((s, i) => (s.status === 'rejected' ? [`${parts[i]![0]}: ${why(s.reason)}`] : [])),
  };
  const events = got('events') as BillingEvent[] | undefined;
  if (events) out.events = events;
  const graph = got('graph') as BillingGraph | undefined;
  if (graph) out.graph = graph;
  const totals = got('sub-resources') as SubResourceCosts | undefined;
  const graphs = got('sub-resource graph') as SubResourceCosts | undefined;
  if (totals || graphs)
    out.parts = {
      totals: totals?.totals ?? graphs?.totals ?? {},
      graphs: { ...totals?.graphs, ...graphs?.graphs },
    };
  return out;
}

/** One kind's bills over a period (epoch ms): the billing screen's view by resource. */
export interface BillsQuery {
  kind: HistoryKind;
  start: number;
  end: number;
}

/** One resource's bill over a period, with its events, sub-resources or hourly graph. */
export interface BillQuery extends BillsQuery {
  id: number;
}
