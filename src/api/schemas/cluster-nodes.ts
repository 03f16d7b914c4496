/** Answers of a cluster's node groups, nodes, reconcile, master flavors and name check (the OpenAPI's shapes). */
import * as z from 'zod';
import { ClusterFlavorSchema, ClusterNodeGroupSchema, ClusterNodeSchema, ClusterSchema } from './cluster.js';
import { envelopeShape } from './common.js';

export const NodeGroupListResponse = z.looseObject({
  ...envelopeShape,
  node_groups: z.array(ClusterNodeGroupSchema),
});

/** Create and update answer the group and its nodes (ClusterNodeGroupsCreateResponse). */
export const NodeGroupResponse = z.looseObject({
  ...envelopeShape,
  node_group: ClusterNodeGroupSchema,
  nodes: z.array(ClusterNodeSchema).nullish(),
});

export const ClusterNodesResponse = z.looseObject({ ...envelopeShape, nodes: z.array(ClusterNodeSchema) });

/** ManualReconciliationModel: its `status` is a string ("success"), not the usual boolean. */
export const ReconcileResponse = z.looseObject({
  status: z.unknown(),
  message: z.string().nullish(),
  cluster: ClusterSchema.nullish(),
});

export const MasterFlavorsResponse = z.looseObject({
  ...envelopeShape,
  flavors: z.array(ClusterFlavorSchema),
});

export { NameAvailableResponse } from './common.js';

/** Create_ClusterNodeGroup_payload: min/max bound autoscaling and default to the count. */
export interface NodeGroupCreateInput {
  name: string;
  role: 'worker';
  flavor_name: string;
  count?: number;
  min_count?: number;
  max_count?: number;
}

/** Update_ClusterNodeGroup_payload: the autoscaling bounds only (adding or removing nodes is a nodes call). */
export interface NodeGroupUpdateInput {
  min_count?: number;
  max_count?: number;
}

/** CreateClusterNodeFields: `count` worker nodes in the group named `node_group`. */
export interface NodesCreateInput {
  role: 'worker';
  node_group: string;
  count: number;
}
