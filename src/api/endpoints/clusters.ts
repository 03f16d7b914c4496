import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
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
    call(t, op.Get_Cluster_Versions, o, { schema: ClusterVersionsResponse }).then(
      (r) => r.versions ?? (r.kubernetes_version ?? []).map((version) => ({ version, region: null })),
    );
  const one = (id: number) => ({ id });

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
      call(t, op.Create_Cluster, o, { body: input, schema: ClusterResponse }).then((r) => r.cluster),

    list: (o?: CallOptions) =>
      call(t, op.List_Clusters, o, { schema: ClusterListResponse }).then((r) => r.clusters),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Getting_Cluster_Detail, o, { params: one(id), schema: ClusterResponse }).then(
        (r) => r.cluster,
      ),

    /** Irreversible: all data of the cluster is deleted. */
    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_cluster, o, { params: one(id), schema: AckResponse }).then(ackMessage),

    events: (id: number, o?: CallOptions) =>
      call(t, op.List_cluster_events, o, { params: { cluster_id: id }, schema: ClusterEventsResponse }).then(
        (r) => r.cluster_events,
      ),
  };
}
