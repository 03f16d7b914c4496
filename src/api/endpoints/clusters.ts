import { body } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  type ClusterCreateInput,
  ClusterEventsResponse,
  ClusterListResponse,
  ClusterResponse,
  type ClusterVersion,
  ClusterVersionsResponse,
} from '../schemas/cluster.js';
import { AckResponse } from '../schemas/common.js';
import { clusterNodeEndpoints } from './cluster-nodes.js';
import { ackMessage, type CallOptions } from './shared.js';

/** Managed Kubernetes clusters (beta). */
export function clusterEndpoints(t: Transport) {
  /** Every version with its region (null when the answer does not say, as the spec's plain strings do not). */
  const versionList = (o?: CallOptions): Promise<ClusterVersion[]> =>
    t
      .request({
        method: 'GET',
        path: '/core/clusters/versions',
        schema: ClusterVersionsResponse,
        retry: true,
        signal: o?.signal,
      })
      .then((r) => r.versions ?? (r.kubernetes_version ?? []).map((version) => ({ version, region: null })));

  return {
    versionList,
    ...clusterNodeEndpoints(t),

    /**
     * Kubernetes versions a cluster can be created with, each once. With `region`, the versions of that region
     * (and those that name no region).
     */
    versions: (o?: CallOptions & { region?: string }) =>
      versionList(o).then((all) => [
        ...new Set(
          all.filter((v) => !o?.region || v.region == null || v.region === o.region).map((v) => v.version),
        ),
      ]),

    /** Starts creating a cluster (status CREATING; 5 to 20 minutes). */
    create: (input: ClusterCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: '/core/clusters',
          body: body('Create_Cluster', input),
          schema: ClusterResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.cluster),

    list: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/clusters',
          schema: ClusterListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.clusters),

    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/clusters/${seg(id)}`,
          schema: ClusterResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.cluster),

    /** Irreversible: all data of the cluster is deleted. */
    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `/core/clusters/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    events: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/core/clusters/${seg(id)}/events`,
          schema: ClusterEventsResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.cluster_events),
  };
}
