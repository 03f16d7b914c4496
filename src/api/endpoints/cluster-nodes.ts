import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
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

const cluster = (id: number, rest: string) => `/core/clusters/${seg(id)}/${rest}`;

/**
 * A cluster's node groups and nodes, reconcile, the flavors a master may use, the name check. Changes are refused
 * while the cluster reconciles ("Cluster … is reconciling"); none is retried by the client.
 */
export function clusterNodeEndpoints(t: Transport) {
  return {
    nodeGroups: (clusterId: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: cluster(clusterId, 'node-groups'),
          schema: NodeGroupListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.node_groups),

    nodeGroup: (clusterId: number, groupId: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: cluster(clusterId, `node-groups/${seg(groupId)}`),
          schema: NodeGroupResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.node_group),

    /** A new worker group; its nodes start CREATING and the cluster reconciles. */
    createNodeGroup: (clusterId: number, input: NodeGroupCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: cluster(clusterId, 'node-groups'),
          body: body('Create_Node_Group', input),
          schema: NodeGroupResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => ({ group: r.node_group, nodes: r.nodes ?? [] })),

    /** The autoscaling bounds (min_count, max_count). */
    updateNodeGroup: (clusterId: number, groupId: number, input: NodeGroupUpdateInput, o?: CallOptions) =>
      t
        .request({
          method: 'PATCH',
          path: cluster(clusterId, `node-groups/${seg(groupId)}`),
          body: body('Update_Node_Group', input),
          schema: NodeGroupResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.node_group),

    /** Irreversible: the group's nodes are deleted. */
    deleteNodeGroup: (clusterId: number, groupId: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: cluster(clusterId, `node-groups/${seg(groupId)}`),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    nodes: (clusterId: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: cluster(clusterId, 'nodes'),
          schema: ClusterNodesResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.nodes),

    /** Adds worker nodes to a group (not held to its min/max: those bound autoscaling only). */
    addNodes: (clusterId: number, input: NodesCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: cluster(clusterId, 'nodes'),
          body: body('Create_Node', input),
          schema: ClusterNodesResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.nodes),

    /** Deletes several nodes at once. */
    deleteNodes: (clusterId: number, ids: readonly number[], o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: cluster(clusterId, 'nodes/delete'),
          body: body('Delete_Cluster_Nodes', { ids: [...ids] }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    deleteNode: (clusterId: number, nodeId: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: cluster(clusterId, `nodes/${seg(nodeId)}`),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Asks the service to bring the nodes to what the cluster asks for. */
    reconcile: (clusterId: number, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: cluster(clusterId, 'reconcile'),
          schema: ReconcileResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.message ?? ''),

    /** The flavors a master node may use. */
    masterFlavors: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/clusters/master-flavors',
          schema: MasterFlavorsResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.flavors),

    nameAvailable: (name: string, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/clusters/name-availability/${seg(name)}`,
          schema: NameAvailableResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.available),
  };
}
