/** The JSON shapes of a Kubernetes cluster (spec fields and the OpenAPI's node groups and nodes) and its events. */
import { findImage } from '../catalog.js';
import { envOf } from '../world/lookup.js';
import type { ClusterEventRecord, ClusterRecord } from '../world/types.js';
import type { World } from '../world.js';
import { flavorShort, iso } from './view-core.js';

export function clusterJson(world: World, c: ClusterRecord) {
  const env = envOf(world, c.envId);
  const groupId = c.id * 10 + 1;
  const imageId = findImage(c.imageName, env.region)?.id ?? 0;
  return {
    id: c.id,
    name: c.name,
    environment_name: env.name,
    kubernetes_version: c.kubernetesVersion,
    api_address: c.apiAddress,
    kube_config: c.kubeConfig,
    status: c.status,
    status_reason: c.statusReason,
    node_count: c.nodeCount,
    node_flavor: flavorShort(c.nodeFlavor),
    master_flavor: flavorShort(c.masterFlavor),
    node_addresses: c.nodes.flatMap((n) => (n.floatingIp ? [n.floatingIp] : [])),
    keypair_name: c.keypairName,
    is_reconciling: false,
    created_at: iso(c.createdAt),
    node_groups: [
      {
        id: groupId,
        name: 'default',
        role: 'worker',
        count: c.nodeCount,
        min_count: c.nodeCount,
        max_count: c.nodeCount,
        flavor: flavorShort(c.nodeFlavor),
        firewall_ids: [],
        firewalls: [],
        created_at: iso(c.createdAt),
        updated_at: iso(c.updatedAt),
      },
    ],
    nodes: c.nodes.map((n) => ({
      id: n.id,
      role: n.role,
      status: n.status,
      status_reason: n.status === 'ERROR' ? c.statusReason : '',
      is_bastion: false,
      requires_public_ip: true,
      node_group_id: n.role === 'worker' ? groupId : 0,
      node_group_name: n.role === 'worker' ? 'default' : 'masters',
      created_at: iso(n.createdAt),
      updated_at: iso(c.updatedAt),
      instance: {
        id: n.instanceId,
        name: n.name,
        status: n.status,
        fixed_ip: n.fixedIp,
        floating_ip: n.floatingIp,
        floating_ip_status: n.floatingIp ? 'ATTACHED' : 'NO FLOATING IP',
        image_id: imageId,
        contract_id: null,
      },
    })),
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
