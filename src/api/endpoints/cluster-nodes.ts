import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import {
  ClusterNodesResponse,
  MasterFlavorsResponse,
  NameAvailableResponse,
  type NodeGroupCreateInput,
  NodeGroupListResponse,
  NodeGroupResponse,
  type NodeGroupUpdateInput,
  type NodesCreateInput,
  ReconcileResponse,
} from '../schemas/cluster-nodes.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions } from './shared.js';

const cluster = (id: number) => ({ cluster_id: id });
const group = (id: number, groupId: number) => ({ cluster_id: id, node_group_id: groupId });

/**
 * A cluster's node groups and nodes, reconcile, the flavors a master may use, the name check. Changes are refused
 * while the cluster reconciles ("Cluster … is reconciling"); none is retried by the client.
 */
export function clusterNodeEndpoints(t: Transport) {
  return {
    nodeGroups: (clusterId: number, o?: CallOptions) =>
      call(t, op.List_Node_Groups, {
        params: cluster(clusterId),
        schema: NodeGroupListResponse,
        signal: o?.signal,
      }).then((r) => r.node_groups),

    nodeGroup: (clusterId: number, groupId: number, o?: CallOptions) =>
      call(t, op.Get_Node_Group, {
        params: group(clusterId, groupId),
        schema: NodeGroupResponse,
        signal: o?.signal,
      }).then((r) => r.node_group),

    /** A new worker group; its nodes start CREATING and the cluster reconciles. */
    createNodeGroup: (clusterId: number, input: NodeGroupCreateInput, o?: CallOptions) =>
      call(t, op.Create_Node_Group, {
        params: cluster(clusterId),
        body: input,
        schema: NodeGroupResponse,
        signal: o?.signal,
      }).then((r) => ({ group: r.node_group, nodes: r.nodes ?? [] })),

    /** The autoscaling bounds (min_count, max_count). */
    updateNodeGroup: (clusterId: number, groupId: number, input: NodeGroupUpdateInput, o?: CallOptions) =>
      call(t, op.Update_Node_Group, {
        params: group(clusterId, groupId),
        body: input,
        schema: NodeGroupResponse,
        signal: o?.signal,
      }).then((r) => r.node_group),

    /** Irreversible: the group's nodes are deleted. */
    deleteNodeGroup: (clusterId: number, groupId: number, o?: CallOptions) =>
      call(t, op.Delete_Node_Group, {
        params: group(clusterId, groupId),
        schema: AckResponse,
        signal: o?.signal,
      }).then(ackMessage),

    nodes: (clusterId: number, o?: CallOptions) =>
      call(t, op.Get_Cluster_Nodes, {
        params: cluster(clusterId),
        schema: ClusterNodesResponse,
        signal: o?.signal,
      }).then((r) => r.nodes),

    /** Adds worker nodes to a group (not held to its min/max: those bound autoscaling only). */
    addNodes: (clusterId: number, input: NodesCreateInput, o?: CallOptions) =>
      call(t, op.Create_Node, {
        params: cluster(clusterId),
        body: input,
        schema: ClusterNodesResponse,
        signal: o?.signal,
      }).then((r) => r.nodes),

    /** Deletes several nodes at once. */
    deleteNodes: (clusterId: number, ids: readonly number[], o?: CallOptions) =>
      call(t, op.Delete_Cluster_Nodes, {
        params: cluster(clusterId),
        body: { ids: [...ids] },
        schema: AckResponse,
        signal: o?.signal,
      }).then(ackMessage),

    deleteNode: (clusterId: number, nodeId: number, o?: CallOptions) =>
      call(t, op.Delete_Cluster_Node, {
        params: { cluster_id: clusterId, node_id: nodeId },
        schema: AckResponse,
        signal: o?.signal,
      }).then(ackMessage),

    /** Asks the service to bring the nodes to what the cluster asks for. */
    reconcile: (clusterId: number, o?: CallOptions) =>
      call(t, op.Reconcile_cluster, {
        params: cluster(clusterId),
        schema: ReconcileResponse,
        signal: o?.signal,
      }).then(ackMessage),

    /** The flavors a master node may use. */
    masterFlavors: (o?: CallOptions) =>
      call(t, op.Get_Cluster_Master_Flavors, { schema: MasterFlavorsResponse, signal: o?.signal }).then(
        (r) => r.flavors,
      ),

    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_cluster_name_availability, {
        params: { name },
        schema: NameAvailableResponse,
        signal: o?.signal,
      }).then((r) => r.available),
  };
}
