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
      call(t, op.List_Node_Groups, o, { params: cluster(clusterId), schema: NodeGroupListResponse }).then(
        (r) => r.node_groups,
      ),

    nodeGroup: (clusterId: number, groupId: number, o?: CallOptions) =>
      call(t, op.Get_Node_Group, o, { params: group(clusterId, groupId), schema: NodeGroupResponse }).then(
        (r) => r.node_group,
      ),

    /** A new worker group; its nodes start CREATING and the cluster reconciles. */
    createNodeGroup: (clusterId: number, input: NodeGroupCreateInput, o?: CallOptions) =>
      call(t, op.Create_Node_Group, o, {
        params: cluster(clusterId),
        body: input,
        schema: NodeGroupResponse,
      }).then((r) => ({ group: r.node_group, nodes: r.nodes ?? [] })),

    /** The autoscaling bounds (min_count, max_count). */
    updateNodeGroup: (clusterId: number, groupId: number, input: NodeGroupUpdateInput, o?: CallOptions) =>
      call(t, op.Update_Node_Group, o, {
        params: group(clusterId, groupId),
        body: input,
        schema: NodeGroupResponse,
      }).then((r) => r.node_group),

    /** Irreversible: the group's nodes are deleted. */
    deleteNodeGroup: (clusterId: number, groupId: number, o?: CallOptions) =>
      call(t, op.Delete_Node_Group, o, { params: group(clusterId, groupId), schema: AckResponse }).then(
        ackMessage,
      ),

    nodes: (clusterId: number, o?: CallOptions) =>
      call(t, op.Get_Cluster_Nodes, o, { params: cluster(clusterId), schema: ClusterNodesResponse }).then(
        (r) => r.nodes,
      ),

    /** Adds worker nodes to a group (not held to its min/max: those bound autoscaling only). */
    addNodes: (clusterId: number, input: NodesCreateInput, o?: CallOptions) =>
      call(t, op.Create_Node, o, {
        params: cluster(clusterId),
        body: input,
        schema: ClusterNodesResponse,
      }).then((r) => r.nodes),

    /** Deletes several nodes at once. */
    deleteNodes: (clusterId: number, ids: readonly number[], o?: CallOptions) =>
      call(t, op.Delete_Cluster_Nodes, o, {
        params: cluster(clusterId),
        body: { ids: [...ids] },
        schema: AckResponse,
      }).then(ackMessage),

    deleteNode: (clusterId: number, nodeId: number, o?: CallOptions) =>
      call(t, op.Delete_Cluster_Node, o, {
        params: { cluster_id: clusterId, node_id: nodeId },
        schema: AckResponse,
      }).then(ackMessage),

    /** Asks the service to bring the nodes to what the cluster asks for. */
    reconcile: (clusterId: number, o?: CallOptions) =>
      call(t, op.Reconcile_cluster, o, { params: cluster(clusterId), schema: ReconcileResponse }).then(
        ackMessage,
      ),

    /** The flavors a master node may use. */
    masterFlavors: (o?: CallOptions) =>
      call(t, op.Get_Cluster_Master_Flavors, o, { schema: MasterFlavorsResponse }).then((r) => r.flavors),

    nameAvailable: (name: string, o?: CallOptions) =>
      call(t, op.Fetch_cluster_name_availability, o, {
        params: { name },
        schema: NameAvailableResponse,
      }).then((r) => r.available),
  };
}
