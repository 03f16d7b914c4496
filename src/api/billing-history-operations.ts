/**
 * The billing history's operations per resource kind (/billing/billing/history/{kind}[/{id}[/graph]]): the client's
 * endpoints call by them and the simulator's routes serve them. The service names each kind's operations apart
 * (Get_VM_Billing_History, List_snapshot_billing_history …) and each kind's id parameter too.
 */
import type { OperationId } from './openapi-types.js';
import type { Operation, ParamNames } from './operation.js';
import * as op from './operations.gen.js';

/** The kinds the service keeps a billing history of (the path's word). */
export const HISTORY_KINDS = ['virtual-machine', 'volume', 'snapshot', 'cluster', 'bucket'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A kind's operations, `id` being the name of the detail's (and the graph's) one path parameter. */
function kind<LI extends OperationId, DI extends OperationId, DP extends string, GI extends OperationId>(
  list: Operation<LI>,
  detail: Operation<DI, DP>,
  graph: Operation<GI, `${NoInfer<DP>}/graph`>,
  id: ParamNames<DP>,
) {
  return { list, detail, graph, id };
}

export const HISTORY_OPERATIONS = {
  'virtual-machine': kind(
    op.Get_VM_Billing_History,
    op.Get_VM_Billing_Details,
    op.Get_VM_Billing_Graph,
    'vm_id',
  ),
  volume: kind(
    op.Get_Volume_Billing_History,
    op.Get_Volume_Billing_Details,
    op.Get_Volume_Billing_History_Graph,
    'volume_id',
  ),
  snapshot: kind(
    op.List_snapshot_billing_history,
    op.Get_Snapshot_billing_history,
    op.Get_snapshot_billing_history_graph,
    'snapshot_id',
  ),
  cluster: kind(
    op.List_Clusters_billing_history,
    op.Get_Cluster_billing_history,
    op.Get_cluster_billing_history_graph,
    'cluster_id',
  ),
  bucket: kind(
    op.List_Bucket_Billing_History,
    op.Get_Bucket_billing_history,
    op.Buckets_billing_history_hourly_chart,
    'bucket_id',
  ),
} as const satisfies Record<HistoryKind, unknown>;
