/**
 * Billing history per resource kind (/billing/billing/history/{kind}[/{id}[/graph]]), a VM's and a volume's
 * billing events and a VM's cost by sub-resource: all over a period (start_date … end_date, default the last 30
 * days), from the meters the credit is drawn from.
 */

import { HISTORY_KINDS, HISTORY_OPERATIONS, type HistoryKind } from '../../api/billing-history-operations.js';
import * as op from '../../api/operations.gen.js';
import { round4 } from '../catalog.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import {
  type Billed,
  type BillingEvent,
  billedGraph,
  billedOfKind,
  requireBilled,
  type SubResource,
  subResourceShares,
  vmBillingEvents,
  volumeBillingEvents,
} from '../world/billing-history.js';
import { hourlyGraph, vmBilled } from '../world/credit.js';
import { requireVm } from '../world/lookup.js';
import type { World } from '../world.js';
import { idParam, ok, queryInt, refusedAs400 } from './body.js';
import { graphJson, period } from './credit.js';

const HOUR = 3_600_000;
const serviceDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** The list's key in each kind's answer (the volume's model serves snapshots too). */
const LIST_KEY: Record<HistoryKind, string> = {
  'virtual-machine': 'billing_history_vm',
  volume: 'billing_history_volume',
  snapshot: 'billing_history_volume',
  cluster: 'billing_history_cluster',
  bucket: 'billing_history_bucket',
};

function listRow(r: Billed, start: number, end: number) {
  return {
    attributes: {
      id: String(r.id),
      infrahub_id: r.id,
      resource_name: r.name,
      status: r.status,
      ...(r.contractId === null ? {} : { contract_id: r.contractId }),
    },
    metrics: {
      incurred_bill: round4(r.billed(start, end)),
      price_per_hour: round4(r.rate),
      usage_time: round4(r.hours(start, end)),
    },
  };
}

/** The details' metrics: the bill, and what it would have been before contract discounts. */
function detailMetrics(r: Billed, start: number, end: number) {
  const bill = r.billed(start, end);
  const factor = r.rate > 0 ? r.listRate / r.rate : 1;
  return {
    incurred_bill: round4(bill),
    non_discounted_bill: round4(bill * factor),
    price_per_hour: round4(r.rate),
    non_discounted_price_per_hour: round4(r.listRate),
    usage_time: round4(r.hours(start, end)),
  };
}

function listRoute(kind: HistoryKind): RouteDef {
  return serve(HISTORY_OPERATIONS[kind].list, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      const q = req.query.get('search')?.toLowerCase();
      const rows = billedOfKind(world, kind).filter(
        (r) => (!q || r.name.toLowerCase().includes(q) || String(r.id) === q) && r.hours(start, end) > 0,
      );
      const perPage = queryInt(req, 'per_page') ?? 20;
      const page = queryInt(req, 'page') ?? 1;
      return ok(`Getting ${kind} billing history successful`, {
        [LIST_KEY[kind]]: {
          org_id: world.org.id,
          total_count: rows.length,
          pagination: { page, per_page: perPage, pages: Math.max(1, Math.ceil(rows.length / perPage)) },
          billing_history: rows
            .slice((page - 1) * perPage, page * perPage)
            .map((r) => listRow(r, start, end)),
        },
      });
    },
  });
}

/** The kind's id in a detail's or a graph's path (each kind names it apart: HISTORY_OPERATIONS). */
const idOf = (req: SimRequest, kind: HistoryKind) => idParam(req, HISTORY_OPERATIONS[kind].id);

function detailRoute(
  kind: HistoryKind,
  key: string,
  shape: (world: World, r: Billed, start: number, end: number) => unknown,
): RouteDef {
  return serve(HISTORY_OPERATIONS[kind].detail, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      const r = requireBilled(world, kind, idOf(req, kind));
      return ok(`Getting ${kind} billing details successful`, { [key]: shape(world, r, start, end) });
    },
  });
}

/** One resource's details as one row of a list (VMs, volumes, snapshots). */
const asList = (world: World, r: Billed, start: number, end: number) => ({
  org_id: world.org.id,
  total_count: 1,
  billing_history: [
    {
      attributes: { id: String(r.id), infrahub_id: r.id, resource_name: r.name },
      metrics: detailMetrics(r, start, end),
    },
  ],
});

function graphRoute(kind: 'cluster' | 'snapshot', key: string): RouteDef {
  return serve(HISTORY_OPERATIONS[kind].graph, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      const r = requireBilled(world, kind, idOf(req, kind));
      return ok(`Getting ${kind} billing graph successful`, {
        [key]: graphJson(world, r.id, r.name, billedGraph(r, start, end)),
      });
    },
  });
}

function eventsJson(events: BillingEvent[]) {
  return events.map((e) => ({
    event: e.event,
    start: serviceDate(e.start),
    event_duration: round4(e.hours),
    price_per_hour: round4(e.rate),
    total_cost: round4(e.cost),
  }));
}

/** The VM's cost over the period by sub-resource, each with its hourly datapoints. */
function subResources(world: World, vmId: number, start: number, end: number) {
  const vm = requireVm(world, vmId);
  const shares = subResourceShares(world, vm);
  const now = world.now();
  const hourly = hourlyGraph(start, end, (a, b) => vmBilled(vm, a, b, now));
  const metrics: Record<string, unknown> = {};
  for (const part of Object.keys(shares) as SubResource[]) {
    const points = hourly.map((p) => ({
      datetime: serviceDate(p.at),
      value: round4(p.value * shares[part]),
    }));
    metrics[`${part}_incurred_bill`] = round4(points.reduce((s, p) => s + p.value, 0));
    metrics[`${part}_incurred_bill_graph`] = points;
  }
  return {
    org_id: world.org.id,
    granularity: HOUR / 1000,
    total_count: 1,
    billing_history: [
      { attributes: { id: String(vm.id), infrahub_id: vm.id, resource_name: vm.name }, metrics },
    ],
  };
}

export const billingHistoryRoutes: RouteDef[] = [
  ...HISTORY_KINDS.map(listRoute),
  detailRoute('virtual-machine', 'billing_history_vm_details', asList),
  detailRoute('volume', 'billing_history_volume_details', asList),
  detailRoute('snapshot', 'billing_history_volume_details', asList),
  detailRoute('cluster', 'billing_history_cluster_details', (_w, r, start, end) => ({
    attributes: { id: String(r.id), infrahub_id: r.id, resource_name: r.name, status: r.status },
    metrics: {
      incurred_bill: round4(r.billed(start, end)),
      price_per_hour: round4(r.rate),
      usage_time: round4(r.hours(start, end)),
    },
    nodes: [],
  })),
  detailRoute('bucket', 'billing_history_bucket_details', (_w, r, start, end) => ({
    attributes: { id: String(r.id), infrahub_id: r.id, resource_name: r.name },
    metrics: detailMetrics(r, start, end),
  })),
  graphRoute('cluster', 'billing_history_cluster_details'),
  graphRoute('snapshot', 'billing_history_snapshot_details'),
  serve(op.Get_VM_billing_events, {
    // Get_VM_billing_events documents no 404: an unknown VM is a 400
    handle: refusedAs400([404], (req, world) => {
      const [start, end] = period(req, world);
      const vm = requireVm(world, idParam(req, 'vm_id'));
      return ok('Getting VM billing events successful', {
        billing_events_history: eventsJson(vmBillingEvents(world, vm, start, end)),
      });
    }),
  }),
  serve(op.Get_volume_billing_events, {
    handle: refusedAs400([404], (req, world) => {
      const [start, end] = period(req, world);
      return ok('Getting volume billing events successful', {
        billing_events_history: eventsJson(volumeBillingEvents(world, idParam(req, 'volume_id'), start, end)),
      });
    }),
  }),
  serve(op.Get_VM_sub_resource_costs, {
    // SubResourcesCostsResponseModel: no envelope
    handle: (req, world) => {
      const [start, end] = period(req, world);
      return { body: subResources(world, idParam(req, 'vm_id'), start, end) };
    },
  }),
  serve(op.Get_VM_sub_resource_graph, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      return ok('Getting VM sub-resource graph successful', {
        sub_resources_costs: subResources(world, idParam(req, 'vm_id'), start, end),
      });
    },
  }),
];
