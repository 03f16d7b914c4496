/** Kubernetes versions a cluster can be created with: they belong to a region (ClusterVersion.region). */
import type { Region } from './regions.js';

/** Every version offered somewhere, oldest first. */
export const KUBERNETES_VERSIONS = ['1.27.8', '1.28.10', '1.29.4', '1.30.2'] as const;

/** A region opened later offers only the recent versions. */
const BY_REGION: Readonly<Record<string, readonly string[]>> = {
  'US-1': ['1.29.4', '1.30.2'],
};

export function kubernetesVersions(region: Region): readonly string[] {
  return BY_REGION[region] ?? KUBERNETES_VERSIONS;
}

/** The image a version's nodes boot from. */
export const CLUSTER_NODE_IMAGE = 'Ubuntu Server 22.04 LTS R535 CUDA 12.2';
