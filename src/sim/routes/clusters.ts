/** Kubernetes clusters (beta): versions, create, list, read, delete, events. */
import { KUBERNETES_VERSIONS, REGION_IDS, REGIONS } from '../catalog.js';
import type { RouteDef } from '../route.js';
import { createCluster, deleteCluster } from '../world/clusters.js';
import { requireCluster } from '../world/lookup.js';
import { body, idParam, ok, optInt, optStr, reqInt, reqStr } from './body.js';
import { clusterEventJson, clusterJson } from './view-cluster.js';

const VERSIONS_SINCE = Date.parse('2024-06-01T00:00:00Z');

export const clusterRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/core/clusters/versions',
    mutation: false,
    handle: () => {
      let id = 1;
      const versions = REGIONS.flatMap((region) =>
        KUBERNETES_VERSIONS.map((version, i) => ({
          id: id++,
          version,
          // a version belongs to a region
          region: { id: REGION_IDS[region], name: region },
          image: { name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2' },
          created_at: new Date(VERSIONS_SINCE + i * 60 * 86_400_000).toISOString(),
          updated_at: new Date(VERSIONS_SINCE + i * 60 * 86_400_000).toISOString(),
        })),
      );
      // the OpenAPI's `versions` objects (service-api.md shows `kubernetes_version`, a list of strings)
      return ok('Getting cluster versions successful', { versions });
    },
  },
  {
    method: 'POST',
    path: '/core/clusters',
    mutation: true,
    handle: (req, world) => {
      const b = body(req);
      const c = createCluster(world, {
        name: reqStr(b, 'name', 50),
        environmentName: reqStr(b, 'environment_name'),
        keypairName: reqStr(b, 'keypair_name'),
        kubernetesVersion: reqStr(b, 'kubernetes_version'),
        masterFlavorName: reqStr(b, 'master_flavor_name'),
        nodeFlavorName: reqStr(b, 'node_flavor_name'),
        nodeCount: reqInt(b, 'node_count'),
        imageName: optStr(b, 'image_name'),
        masterCount: optInt(b, 'master_count'),
      });
      return ok(`Cluster ${c.name} creation has been initiated.`, { cluster: clusterJson(world, c) }, 201);
    },
  },
  {
    method: 'GET',
    path: '/core/clusters',
    mutation: false,
    handle: (_req, world) =>
      ok('Getting clusters successful', {
        clusters: [...world.clusters.values()].map((c) => clusterJson(world, c)),
      }),
  },
  {
    method: 'GET',
    path: '/core/clusters/:id',
    mutation: false,
    handle: (req, world) =>
      ok('Getting cluster successful', { cluster: clusterJson(world, requireCluster(world, idParam(req))) }),
  },
  {
    method: 'DELETE',
    path: '/core/clusters/:id',
    mutation: true,
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req));
      deleteCluster(world, c);
      return ok(`Cluster ${c.name} deletion has been initiated.`);
    },
  },
  {
    method: 'GET',
    path: '/core/clusters/:id/events',
    mutation: false,
    handle: (req, world) => {
      const c = requireCluster(world, idParam(req));
      return ok('Getting cluster events successful', {
        cluster_events: c.events.map((e) => clusterEventJson(world, c, e)),
      });
    },
  },
];
