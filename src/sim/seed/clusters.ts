/**
 * Seeded Kubernetes clusters: two ACTIVE, one CREATING that will succeed, one CREATING that will fail (the
 * seeded share of failures) and one already in ERROR with its status_reason and events.
 */
import { findFlavor } from '../catalog.js';
import type { Rng } from '../rng.js';
import { createCluster } from '../world/clusters.js';
import { findEnvByName } from '../world/lookup.js';
import type { World } from '../world.js';
import { DAY } from './util.js';

export function seedClusters(world: World, rng: Rng): void {
  const now = world.now();
  const ms = world.timings.clusterCreateMs;
  const defs: [
    name: string,
    env: string,
    key: string,
    master: string,
    node: string,
    count: number,
    startedAgo: number,
    fail: boolean,
  ][] = [
    ['inference-prod', 'prod-canada', 'ci-deploy', 'n1-cpu-medium', 'n3-L40x1', 3, 40 * DAY, false],
    ['training-k8s', 'research-norway', 'alice-laptop', 'n1-cpu-large', 'n3-A100x1', 2, 12 * DAY, false],
    [
      'batch-jobs',
      'prod-canada',
      'ops-bastion',
      'n1-cpu-small',
      'n3-H100x1',
      2,
      Math.round(ms * 0.55),
      false,
    ],
    [
      'eval-cluster',
      'ml-training',
      'training-bot',
      'n1-cpu-medium',
      'n3-RTX-A6000x2',
      4,
      Math.round(ms * 0.2),
      true,
    ],
    ['gpu-ci', 'research-norway', 'bob-workstation', 'n1-cpu-small', 'n3-H100x8', 2, 3 * DAY, true],
  ];
  for (const [name, envName, keypairName, master, node, nodeCount, ago, willFail] of defs) {
    const env = findEnvByName(world, envName);
    if (!env || !findFlavor(node, env.region)) continue;
    createCluster(
      world,
      {
        name,
        environmentName: envName,
        keypairName,
        kubernetesVersion: rng.pick(['1.27.8', '1.28.10', '1.29.4']),
        masterFlavorName: master,
        nodeFlavorName: node,
        nodeCount,
      },
      // these clusters predate node VMs: their nodes are not listed as VMs (ClusterRecord.nodeVms)
      { createdAt: now - ago, willFail, ignoreStock: true, nodeVms: false },
    );
  }
}
