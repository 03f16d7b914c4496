import * as z from 'zod';
import { workerGroupsOf } from '../../domain/cluster-nodes.js';
import { envelopeShape, LabelObject, looseObjectOf, num } from './common.js';
import { eventShape } from './events.js';
import { flavorHardwareShape } from './flavor.js';

export const ClusterFlavorSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string().nullish(),
  ...flavorHardwareShape,
  labels: z.array(LabelObject).nullish(),
});
export type ClusterFlavor = z.output<typeof ClusterFlavorSchema>;

/** A group of nodes of one flavor (the OpenAPI's ClusterNodeGroupFields): the real service's workers. */
export const ClusterNodeGroupSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string().nullish(),
  // `worker` is the only role the create payload lists for a group
  role: z.string().nullish(),
  count: num.nullish(),
  min_count: num.nullish(),
  max_count: num.nullish(),
  flavor: ClusterFlavorSchema.nullish(),
  firewall_ids: z.array(z.number()).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ClusterNodeGroup = z.output<typeof ClusterNodeGroupSchema>;

/** One node (ClusterNodeFields): its role, the group it belongs to, and the VM (`instance`) behind it. */
export const ClusterNodeSchema = z.looseObject({
  id: z.number().nullish(),
  role: z.string().nullish(),
  status: z.string().nullish(),
  status_reason: z.string().nullish(),
  is_bastion: z.boolean().nullish(),
  requires_public_ip: z.boolean().nullish(),
  node_group_id: z.number().nullish(),
  node_group_name: z.string().nullish(),
  created_at: z.string().nullish(),
  instance: z
    .looseObject({
      id: z.number().nullish(),
      name: z.string().nullish(),
      status: z.string().nullish(),
      fixed_ip: z.string().nullish(),
      floating_ip: z.string().nullish(),
      floating_ip_status: z.string().nullish(),
      image_id: z.number().nullish(),
      contract_id: z.number().nullish(),
    })
    .nullish(),
});
export type ClusterNode = z.output<typeof ClusterNodeSchema>;

const RawClusterSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  status_reason: z.string().nullish(),
  environment_name: z.string().nullish(),
  environment_region: z.string().nullish(),
  kubernetes_version: z.string().nullish(),
  api_address: z.string().nullish(),
  kube_config: z.string().nullish(),
  keypair_name: z.string().nullish(),
  green_status: z.string().nullish(),
  is_reconciling: z.boolean().nullish(),
  image: looseObjectOf(z.looseObject({ id: z.number().nullish(), name: z.string().nullish() })),
  master_count: num.nullish(),
  master_flavor: ClusterFlavorSchema.nullish(),
  // the real service's shape: workers in node groups, every node listed
  node_groups: z.array(ClusterNodeGroupSchema).nullish(),
  nodes: z.array(ClusterNodeSchema).nullish(),
  // the spec's shape (service-api.md); the real service does not send these
  node_count: num.nullish(),
  node_flavor: ClusterFlavorSchema.nullish(),
  node_addresses: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
});

/**
 * A cluster in either shape. The spec fields are filled from the real shape when the body lacks them (workers =
 * the worker node groups; node addresses = the nodes' public IPs), so a reader of `node_count` sees the truth
 * against the real service too; src/domain/cluster-nodes.ts reads either shape for screens that want more (several
 * worker groups, the masters).
 */
export const ClusterSchema = RawClusterSchema.transform((c) => {
  const workers = workerGroupsOf(c.node_groups);
  const addresses = (c.nodes ?? []).flatMap((n) => (n.instance?.floating_ip ? [n.instance.floating_ip] : []));
  return {
    ...c,
    node_count:
      c.node_count ?? (workers.length > 0 ? workers.reduce((s, g) => s + (g.count ?? 0), 0) : c.node_count),
    node_flavor: c.node_flavor ?? workers.find((g) => g.flavor)?.flavor ?? c.node_flavor,
    node_addresses: c.node_addresses ?? (c.nodes ? addresses : c.node_addresses),
  };
});
export type Cluster = z.output<typeof ClusterSchema>;

export const ClusterListResponse = z.looseObject({ ...envelopeShape, clusters: z.array(ClusterSchema) });

export const ClusterResponse = z.looseObject({ ...envelopeShape, cluster: ClusterSchema });

export const ClusterEventSchema = z.looseObject({ ...eventShape, cluster_id: z.number().nullish() });
export type ClusterEvent = z.output<typeof ClusterEventSchema>;

export const ClusterEventsResponse = z.looseObject({
  ...envelopeShape,
  cluster_events: z.array(ClusterEventSchema),
});

/** A region as a version names it: an object (`{id, name}`), its name, or the document's `"{}"`. */
const versionRegion = z
  .unknown()
  .transform((v): string | null => {
    if (typeof v === 'string') {
      const t = v.trim();
      if (!t.startsWith('{')) return t === '' ? null : t;
      try {
        return nameOf(JSON.parse(t));
      } catch {
        return null;
      }
    }
    return nameOf(v);
  })
  .nullish();

function nameOf(v: unknown): string | null {
  const name = v !== null && typeof v === 'object' ? (v as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : null;
}

/** One Kubernetes version of one region (ClusterVersion): versions belong to a region. */
export const ClusterVersionSchema = z.looseObject({
  id: z.number().nullish(),
  version: z.string(),
  // the region's name, or null when the body does not say
  region: versionRegion,
});
export type ClusterVersion = z.output<typeof ClusterVersionSchema>;

/**
 * Versions: the spec sends `kubernetes_version: string[]`, the service `versions: [{ version, region, … }]`.
 * Both are accepted; the endpoints return plain version strings, or the versions with their region.
 */
export const ClusterVersionsResponse = z
  .looseObject({
    ...envelopeShape,
    kubernetes_version: z.array(z.string()).optional(),
    versions: z.array(ClusterVersionSchema).optional(),
  })
  .refine((b) => b.kubernetes_version !== undefined || b.versions !== undefined, {
    message: 'is missing (expected `kubernetes_version` or `versions`)',
    path: ['kubernetes_version'],
  });

export interface ClusterCreateInput {
  name: string;
  environment_name: string;
  keypair_name: string;
  kubernetes_version: string;
  master_flavor_name: string;
  node_flavor_name: string;
  node_count: number;
  image_name?: string;
  /** Control-plane nodes (1 to 3; the service's default is 1). */
  master_count?: number;
}
