import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  type ClusterCreateInput,
  ClusterEventsResponse,
  ClusterListResponse,
  ClusterResponse,
  ClusterVersionsResponse,
} from '../schemas/cluster.js';
import { AckResponse } from '../schemas/common.js';
import { ackMessage, type CallOptions } from './shared.js';

/** Managed Kubernetes clusters (beta). */
export function clusterEndpoints(t: Transport) {
  return {
    /** Kubernetes versions a cluster can be created with. */
    versions: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/core/clusters/versions',
          schema: ClusterVersionsResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.kubernetes_version ?? (r.versions ?? []).map((v) => v.version)),

    /** Starts creating a cluster (status CREATING; 5 to 20 minutes). */
    create: (input: ClusterCreateInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: '/core/clusters',
          body: input,
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
