/** Credit and alerts: the credit balance, the last day's cost, notification thresholds, billing history graphs. */

import * as op from '../../api/operations.gen.js';
import { round4 } from '../catalog.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import { creditNow, hourlyGraph, lastDayCost, periodCosts, vmBilled, volumeBilled } from '../world/credit.js';
import { fieldInvalid, invalid, notFound } from '../world/errors.js';
import { requireVm } from '../world/lookup.js';
import type { ThresholdRecord } from '../world/types.js';
import { requireVolume } from '../world/volumes.js';
import type { World } from '../world.js';
import { body, idParam, ok, reqBool } from './body.js';

const DAY = 86_400_000;
/** The longest period one graph answers (hourly points). */
const MAX_DAYS = 92;
/** The service's date format: `YYYY-MM-DDTHH:MM:SS` (no zone: UTC). */
const DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

function dateParam(req: SimRequest, name: string): number | undefined {
  const v = req.query.get(name);
  if (v === null || v === '') return undefined;
  const t = DATE.test(v) ? Date.parse(`${v}Z`) : Number.NaN;
  if (!Number.isFinite(t)) throw fieldInvalid(name, 'Date should be formatted in YYYY-MM-DDTHH:MM:SS');
  return t;
}

/** start_date … end_date (default: the last 30 days up to now), checked and bounded. */
export function period(req: SimRequest, world: World): [number, number] {
  const now = world.now();
  const end = dateParam(req, 'end_date') ?? now;
  const start = dateParam(req, 'start_date') ?? end - 30 * DAY;
  if (start >= end) throw invalid('start_date must be before end_date.');
  if (end - start > MAX_DAYS * DAY) throw invalid(`The period may not be longer than ${MAX_DAYS} days.`);
  return [start, end];
}

export function graphJson(
  world: World,
  id: number,
  name: string,
  points: Array<{ at: number; value: number }>,
) {
  return {
    org_id: world.org.id,
    granularity: 3600,
    total_count: 1,
    billing_history: [
      {
        attributes: { id: String(id), infrahub_id: id, resource_name: name },
        metrics: {
          incurred_bill: round4(points.reduce((s, p) => s + p.value, 0)),
          // the service's own datetime format, as it is asked
          incurred_bill_graph: points.map((p) => ({
            datetime: new Date(p.at).toISOString().slice(0, 19),
            value: p.value,
          })),
        },
      },
    ],
  };
}

function thresholdJson(t: ThresholdRecord) {
  return {
    id: t.id,
    threshold: t.threshold,
    interface_title: t.title,
    interface_tooltip: t.tooltip,
    subscribed: t.subscribed,
  };
}

export const creditRoutes: RouteDef[] = [
  serve(op.Get_user_credit, {
    handle: (_req, world) => {
      const credit = creditNow(world);
      return ok('Getting credit successful', {
        data: { credit, threshold: world.org.threshold, can_create_instance: credit > 0 },
      });
    },
  }),
  serve(op.Get_last_day_cost, {
    handle: (_req, world) => ok('Getting last day cost successful', { data: lastDayCost(world) }),
  }),
  serve(op.List_Org_notification_thresholds, {
    handle: (_req, world) =>
      ok('Getting thresholds successful', { thresholds: (world.org.thresholds ?? []).map(thresholdJson) }),
  }),
  serve(op.Get_notification_threshold, {
    handle: (req, world) => {
      const id = idParam(req, 'threshold_id');
      const subscribe = reqBool(body(req), 'subscribe');
      const t = (world.org.thresholds ?? []).find((x) => x.id === id);
      if (!t) throw notFound(`Threshold with id ${id} not found.`);
      t.subscribed = subscribe;
      return ok(subscribe ? 'Subscribed to the threshold' : 'Unsubscribed from the threshold', {
        threshold: thresholdJson(t),
      });
    },
  }),
  serve(op.Get_User_Billing_History, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      return ok('Billing history retrieved successfully', {
        billing_history: {
          org_id: world.org.id,
          total_count: 1,
          billing_history: [
            { attributes: { id: String(world.org.id) }, metrics: periodCosts(world, start, end) },
          ],
        },
      });
    },
  }),
  serve(op.Get_VM_Billing_Graph, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const now = world.now();
      const points = hourlyGraph(start, end, (a, b) => vmBilled(vm, a, b, now));
      return ok('Getting VM billing graph successful', {
        billing_history_vm_details: graphJson(world, vm.id, vm.name, points),
      });
    },
  }),
  serve(op.Get_Volume_Billing_History_Graph, {
    handle: (req, world) => {
      const [start, end] = period(req, world);
      const v = requireVolume(world, idParam(req, 'volume_id'));
      const now = world.now();
      const points = hourlyGraph(start, end, (a, b) => volumeBilled(v, a, b, now));
      // Get_Volume_Billing_History_Graph's model names its object billing_history_snapshot_details
      return ok('Getting volume billing graph successful', {
        billing_history_snapshot_details: graphJson(world, v.id, v.name, points),
      });
    },
  }),
];
