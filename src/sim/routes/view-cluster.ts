/**
 * The JSON shapes of a Kubernetes cluster and its events, as the real service sends them (the OpenAPI's
 * ClusterFields): workers in `node_groups[]`, every node in `nodes[]` with its group and VM. NOT the spec's
 * `node_count` / `node_flavor` / `node_addresses`, which the real service does not send.
 */
import { findImage } from '../catalog.js';
import { envOf } from '../world/lookup.js';
import type {
  ClusterEventRecord,
  ClusterNodeRecord,
  ClusterRecord,
  NodeGroupRecord,
} from '../world/types.js';
import type { World } from '../world.js';
import { envFeatures, flavorShort, iso } from './view-core.js';

const MASTER_GROUP_NAME = 'masters';

/** A node group (ClusterNodeGroupFields). */
export function nodeGroupJson(g: NodeGroupRecord) {
  return {
    id: g.id,
    name: g.name,
    role: 'worker',
    count: g.count,
    min_count: g.minCount,
    max_count: g.maxCount,
    flavor: flavorShort(g.flavor),
    firewall_ids: [],
    firewalls: [],
    created_at: iso(g.createdAt),
    updated_at: iso(g.updatedAt),
  };
}

/** A node (ClusterNodeFields) with its group and the VM behind it. */
export function clusterNodeJson(world: World, c: ClusterRecord, n: ClusterNodeRecord) {
  const image = findImage(c.imageName, envOf(world, c.envId).region);
  const group = c.groups.find((g) => g.id === n.groupId);
  return {
    id: n.id,
    role: n.role,
    status: n.status,
    status_reason: n.status === 'ERROR' ? c.statusReason : '',
    is_bastion: false,
    requires_public_ip: true,
    node_group_id: group?.id ?? null,
    node_group_name: group?.name ?? (n.role === 'master' ? MASTER_GROUP_NAME : null),
    created_at: iso(n.createdAt),
    updated_at: iso(c.updatedAt),
    instance: {
      id: n.instanceId,
      name: n.name,
      status: n.status,
      fixed_ip: n.fixedIp,
      floating_ip: n.floatingIp,
      floating_ip_status: n.floatingIp ? 'ATTACHED' : 'NO FLOATING IP',
      image_id: image?.id ?? null,
      contract_id: null,
    },
  };
}

export function clusterJson(world: World, c: ClusterRecord) {
  const env = envOf(world, c.envId);
  const image = findImage(c.imageName, env.region);
  return {
    id: c.id,
    name: c.name,
    environment_name: env.name,
    environment_region: env.region,
    green_status: envFeatures(env).green_status,
    kubernetes_version: c.kubernetesVersion,
    api_address: c.apiAddress,
    kube_config: c.kubeConfig,
    status: c.status,
    status_reason: c.statusReason,
    is_reconciling: c.reconciling,
    keypair_name: c.keypairName,
    image: { id: image?.id ?? null, name: c.imageName },
    master_count: c.masterCount,
    master_flavor: flavorShort(c.masterFlavor),
    created_at: iso(c.createdAt),
    node_groups: c.groups.map(nodeGroupJson),
    nodes: c.nodes.map((n) => clusterNodeJson(world, c, n)),
  };
}

export function clusterEventJson(world: World, c: ClusterRecord, e: ClusterEventRecord) {
  return {
    id: e.id,
    cluster_id: c.id,
    user_id: e.userId,
    org_id: world.org.id,
    time: iso(e.time),
    type: e.type,
    reason: e.reason,
    object: e.object,
    message: e.message,
  };
}
