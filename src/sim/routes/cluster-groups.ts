/**
 * A cluster's node groups and nodes (create, read, update the autoscaling bounds, delete; add and remove worker
 * nodes), a manual reconcile, the master flavors and the name check. Refusals while the cluster reconciles come
 * from world/cluster-groups.ts, in the service's words.
 */

import * as op from '../../api/operations.gen.js';
import { CPU_ONLY_FLAVORS, findFlavor, REGION_DEFS } from '../catalog.js';
import { type RouteDef, serve } from '../route.js';
import {
  addGroupNodes,
  createNodeGroup,
  deleteNodeGroup,
  GROUP_NAME_MAX,
  GROUP_NODES_MAX,
  reconcileCluster,
  removeNodes,
  requireGroup,
  updateNodeGroup,
} from '../world/cluster-groups.js';
import { isClusterNameTaken } from '../world/clusters.js';
import { fieldInvalid } from '../world/errors.js';
import { requireCluster } from '../world/lookup.js';
import { body, idParam, ok, optInt, optStr, reqStr } from './body.js';
import { clusterJson, clusterNodeJson, nodeGroupJson } from './view-cluster.js';
import { flavorShort } from './view-core.js';

function intArray(b: Record<string, unknown>, field: string): number[] {
  const v = b[field];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isInteger(x)))
    throw fieldInvalid(field, `'${field}' must be a list of integers`, 'payload');
  return v as number[];
}

export const clusterGroupRoutes: RouteDef[] = [
  serve(op.Get_Cluster_Master_Flavors, {
    handle: () => {
      const flavors = CPU_ONLY_FLAVORS.flatMap((name) => {
        const f = REGION_DEFS.map((r) => findFlavor(name, r.name)).find(Boolean);
        return f ? [flavorShort(f)] : [];
      });
      return ok('Getting master flavors successful', { flavors });
    },
  }),
  serve(op.Fetch_cluster_name_availability, {
    handle: (req, world) => {
      const name = req.params.name ?? '';
      const taken = isClusterNameTaken(world, name);
      return {
        // NameAvailableModel: no `status`
        body: {
          name,
          available: !taken,
          message: taken ? `Cluster name ${name} is already taken.` : `Cluster name ${name} is available.`,
        },
      };
    },
  }),
  serve(op.List_Node_Groups, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      return ok('Getting node groups successful', { node_groups: c.groups.map(nodeGroupJson) });
    },
  }),
  serve(op.Create_Node_Group, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const b = body(req);
      const { group, nodes } = createNodeGroup(world, c, {
        name: reqStr(b, 'name', GROUP_NAME_MAX),
        role: reqStr(b, 'role'),
        flavorName: reqStr(b, 'flavor_name'),
        count: optInt(b, 'count', 1, GROUP_NODES_MAX),
        minCount: optInt(b, 'min_count', 1, GROUP_NODES_MAX),
        maxCount: optInt(b, 'max_count', 1, GROUP_NODES_MAX),
      });
      return ok(
        `Node group ${group.name} creation has been initiated.`,
        { node_group: nodeGroupJson(group), nodes: nodes.map((n) => clusterNodeJson(world, c, n)) },
        201,
      );
    },
  }),
  serve(op.Get_Node_Group, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const g = requireGroup(c, idParam(req, 'node_group_id'));
      return ok('Getting node group successful', { node_group: nodeGroupJson(g) });
    },
  }),
  serve(op.Update_Node_Group, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const g = requireGroup(c, idParam(req, 'node_group_id'));
      const b = body(req);
      updateNodeGroup(world, c, g, {
        minCount: optInt(b, 'min_count', 1, GROUP_NODES_MAX),
        maxCount: optInt(b, 'max_count', 1, GROUP_NODES_MAX),
      });
      const nodes = c.nodes.filter((n) => n.groupId === g.id).map((n) => clusterNodeJson(world, c, n));
      return ok(`Node group ${g.name} has been updated.`, { node_group: nodeGroupJson(g), nodes });
    },
  }),
  serve(op.Delete_Node_Group, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const g = requireGroup(c, idParam(req, 'node_group_id'));
      deleteNodeGroup(world, c, g);
      return ok(`Node group ${g.name} deletion has been initiated.`);
    },
  }),
  serve(op.Get_Cluster_Nodes, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      return ok('Getting cluster nodes successful', {
        nodes: c.nodes.map((n) => clusterNodeJson(world, c, n)),
      });
    },
  }),
  serve(op.Create_Node, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const b = body(req);
      const nodes = addGroupNodes(world, c, {
        role: optStr(b, 'role') ?? 'worker',
        groupName: optStr(b, 'node_group'),
        count: optInt(b, 'count', 1, GROUP_NODES_MAX) ?? 1,
      });
      return ok(
        `${nodes.length} node(s) creation has been initiated.`,
        { nodes: nodes.map((n) => clusterNodeJson(world, c, n)) },
        201,
      );
    },
  }),
  serve(op.Delete_Cluster_Nodes, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const nodes = removeNodes(world, c, intArray(body(req), 'ids'));
      return ok(`${nodes.length} node(s) deletion has been initiated.`);
    },
  }),
  serve(op.Delete_Cluster_Node, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      const [n] = removeNodes(world, c, [idParam(req, 'node_id')]);
      return ok(`Node ${n?.name ?? ''} deletion has been initiated.`);
    },
  }),
  serve(op.Reconcile_cluster, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      reconcileCluster(world, c);
      // ManualReconciliationModel: its `status` is a string
      return {
        body: {
          status: 'success',
          message: `Cluster ${c.name} reconciliation has been initiated.`,
          cluster: clusterJson(world, c),
        },
      };
    },
  }),
];
