import { z } from 'zod';
import { envelopeShape, num } from './common.js';

const ClusterFlavorSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string().nullish(),
  cpu: num.nullish(),
  ram: num.nullish(),
  disk: num.nullish(),
  ephemeral: num.nullish(),
  gpu: z.string().nullish(),
  gpu_count: num.nullish(),
});

export const ClusterSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  status_reason: z.string().nullish(),
  environment_name: z.string().nullish(),
  kubernetes_version: z.string().nullish(),
  api_address: z.string().nullish(),
  kube_config: z.string().nullish(),
  keypair_name: z.string().nullish(),
  // spec shape
  node_count: num.nullish(),
  node_flavor: ClusterFlavorSchema.nullish(),
  node_addresses: z.array(z.string()).nullish(),
  // the service's newer shape (node groups); kept loose
  master_flavor: ClusterFlavorSchema.nullish(),
  node_groups: z.array(z.looseObject({})).nullish(),
  nodes: z.array(z.looseObject({})).nullish(),
  created_at: z.string().nullish(),
});
export type Cluster = z.output<typeof ClusterSchema>;

export const ClusterListResponse = z.looseObject({ ...envelopeShape, clusters: z.array(ClusterSchema) });

export const ClusterResponse = z.looseObject({ ...envelopeShape, cluster: ClusterSchema });

export const ClusterEventSchema = z.looseObject({
  id: z.number().nullish(),
  cluster_id: z.number().nullish(),
  user_id: z.number().nullish(),
  org_id: z.number().nullish(),
  time: z.string().nullish(),
  type: z.string().nullish(),
  reason: z.string().nullish(),
  object: z.string().nullish(),
  message: z.string().nullish(),
});
export type ClusterEvent = z.output<typeof ClusterEventSchema>;

export const ClusterEventsResponse = z.looseObject({
  ...envelopeShape,
  cluster_events: z.array(ClusterEventSchema),
});

/**
 * Versions: the spec sends `kubernetes_version: string[]`, the service `versions: [{ version, … }]`. Both are
 * accepted; the endpoint returns plain version strings.
 */
export const ClusterVersionsResponse = z
  .looseObject({
    ...envelopeShape,
    kubernetes_version: z.array(z.string()).optional(),
    versions: z.array(z.looseObject({ version: z.string() })).optional(),
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
}
