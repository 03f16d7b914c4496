/** Kubernetes clusters (beta): versions, create, list, read, delete, events. */

import * as op from '../../api/operations.gen.js';
import { CLUSTER_NODE_IMAGE, kubernetesVersions, REGION_DEFS } from '../catalog.js';
import { type RouteDef, serve } from '../route.js';
import { CLUSTER_NAME_MAX, createCluster, deleteCluster } from '../world/clusters.js';
import { requireCluster } from '../world/lookup.js';
import { body, idParam, ok, optInt, optStr, reqInt, reqStr } from './body.js';
import { clusterEventJson, clusterJson } from './view-cluster.js';

const VERSIONS_SINCE = Date.parse('2024-06-01T00:00:00Z');

export const clusterRoutes: RouteDef[] = [
  serve(op.Get_Cluster_Versions, {
    handle: () => {
      let id = 1;
      const versions = REGION_DEFS.flatMap((region) =>
        kubernetesVersions(region.name).map((version, i) => ({
          id: id++,
          version,
          // a version belongs to a region
          region: { id: region.id, name: region.name },
          image: { name: CLUSTER_NODE_IMAGE },
          created_at: new Date(VERSIONS_SINCE + i * 60 * 86_400_000).toISOString(),
          updated_at: new Date(VERSIONS_SINCE + i * 60 * 86_400_000).toISOString(),
        })),
      );
      // the OpenAPI's `versions` objects (service-api.md shows `kubernetes_version`, a list of strings)
      return ok('Getting cluster versions successful', { versions });
    },
  }),
  serve(op.Create_Cluster, {
    handle: (req, world) => {
      const b = body(req);
      const c = createCluster(world, {
        name: reqStr(b, 'name', CLUSTER_NAME_MAX),
        environmentName: reqStr(b, 'environment_name'),
        keypairName: reqStr(b, 'keypair_name'),
        kubernetesVersion: reqStr(b, 'kubernetes_version'),
        masterFlavorName: reqStr(b, 'master_flavor_name'),
        nodeFlavorName: reqStr(b, 'node_flavor_name'),
        nodeCount: reqInt(b, 'node_count'),
        imageName: optStr(b, 'image_name'),
        // the OpenAPI's bounds when sent (2 to 3); absent, the service makes one master
        masterCount: optInt(b, 'master_count', 2, 3),
      });
      return ok(`Cluster ${c.name} creation has been initiated.`, { cluster: clusterJson(world, c) }, 201);
    },
  }),
  serve(op.List_Clusters, {
    handle: (_req, world) =>
      ok('Getting clusters successful', {
        clusters: [...world.clusters.values()].map((c) => clusterJson(world, c)),
      }),
  }),
  serve(op.Getting_Cluster_Detail, {
    handle: (req, world) =>
      ok('Getting cluster successful', { cluster: clusterJson(world, requireCluster(world, idParam(req))) }),
  }),
  serve(op.Delete_cluster, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req));
      deleteCluster(world, c);
      return ok(`Cluster ${c.name} deletion has been initiated.`);
    },
  }),
  serve(op.List_cluster_events, {
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req, 'cluster_id'));
      return ok('Getting cluster events successful', {
        cluster_events: c.events.map((e) => clusterEventJson(world, c, e)),
      });
    },
  }),
];
