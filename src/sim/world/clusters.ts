/**
 * Kubernetes clusters (beta): creation takes timings.clusterCreateMs through master and worker provisioning,
 * recording an event at each step, and ends ACTIVE, or ERROR with a status_reason (a name containing "fail",
 * a seeded failure, or options.clusterFailRate). Deletion: DELETING, then gone.
 */
import { CPU_ONLY_FLAVORS, DOCKER_SUFFIX, KUBERNETES_VERSIONS } from '../catalog.js';
import type { World } from '../world.js';
import { alreadyExists, invalid, outOfStock, requireDnsName, wrongState } from './errors.js';
import { kubeConfigFor } from './kubeconfig.js';
import { envOf, requireEnvByName, requireFlavor, requireImage, requireKeypairInEnv } from './lookup.js';
import { inStock } from './stock.js';
import type { ClusterEventRecord, ClusterRecord } from './types.js';

export interface CreateClusterInput {
  name: string;
  environmentName: string;
  keypairName: string;
  kubernetesVersion: string;
  masterFlavorName: string;
  nodeFlavorName: string;
  nodeCount: number;
  imageName?: string | undefined;
  masterCount?: number | undefined;
}

export const DEFAULT_CLUSTER_IMAGE = 'Ubuntu Server 22.04 LTS R535 CUDA 12.2';

function hashName(seed: number, name: string): number {
  let h = seed ^ 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 4_294_967_296;
}

/** Seeding only: a creation that started in the past, a decided outcome, no stock check. */
export interface SeedClusterOptions {
  createdAt?: number;
  willFail?: boolean;
  ignoreStock?: boolean;
}

export function createCluster(world: World, input: CreateClusterInput, opts: SeedClusterOptions = {}) {
  requireDnsName('Cluster', 'name', input.name);
  if (input.name.length > 50) throw invalid('name must be at most 50 characters.');
  requireDnsName('Environment', 'environment_name', input.environmentName);
  if (!(KUBERNETES_VERSIONS as readonly string[]).includes(input.kubernetesVersion)) {
    throw invalid(
      `Kubernetes version "${input.kubernetesVersion}" is not supported. Supported versions: ${KUBERNETES_VERSIONS.join(', ')}.`,
    );
  }
  if (!(CPU_ONLY_FLAVORS as readonly string[]).includes(input.masterFlavorName)) {
    throw invalid(
      `Master flavor "${input.masterFlavorName}" is not allowed: master nodes must use a CPU-only flavor (${CPU_ONLY_FLAVORS.join(', ')}).`,
    );
  }
  const env = requireEnvByName(world, input.environmentName);
  const kp = requireKeypairInEnv(world, env, input.keypairName);
  const masterFlavor = requireFlavor(env, input.masterFlavorName);
  const nodeFlavor = requireFlavor(env, input.nodeFlavorName);
  const imageName = input.imageName ?? DEFAULT_CLUSTER_IMAGE;
  if (imageName.endsWith(DOCKER_SUFFIX)) {
    throw invalid(
      `Image "${imageName}" is not supported for clusters: images "${DOCKER_SUFFIX}" cannot be used.`,
    );
  }
  requireImage(env, imageName);
  if (input.nodeCount < 1 || input.nodeCount > 20) throw invalid('node_count must be between 1 and 20.');
  const masterCount = input.masterCount ?? 1;
  if (masterCount < 1 || masterCount > 3) throw invalid('master_count must be between 1 and 3.');
  if (!opts.ignoreStock && !inStock(world, nodeFlavor)) {
    throw outOfStock(`Flavor ${nodeFlavor.name} is out of stock in ${env.region}. Check GET /core/stocks.`);
  }
  for (const c of world.clusters.values()) {
    if (c.name === input.name) throw alreadyExists(`A cluster named "${input.name}" already exists.`);
  }
  const now = opts.createdAt ?? world.now();
  const willFail =
    opts.willFail ??
    (input.name.includes('fail') || hashName(world.seed, input.name) < world.clusterFailRate);
  const cluster: ClusterRecord = {
    id: world.nextId('cluster'),
    name: input.name,
    envId: env.id,
    kubernetesVersion: input.kubernetesVersion,
    masterFlavor,
    masterCount,
    nodeFlavor,
    nodeCount: input.nodeCount,
    keypairName: kp.name,
    imageName,
    status: 'CREATING',
    statusReason: 'Cluster creation in progress',
    createdAt: now,
    updatedAt: now,
    apiAddress: world.allocateFloatingIp(env.region),
    kubeConfig: '',
    nodes: [],
    events: [],
    willFail,
    op: 0,
  };
  world.clusters.set(cluster.id, cluster);
  scheduleClusterCreation(world, cluster);
  return cluster;
}

export function addClusterEvent(
  world: World,
  c: ClusterRecord,
  at: number,
  reason: string,
  message: string,
  type: ClusterEventRecord['type'] = 'Normal',
  object = `Cluster/${c.name}`,
): void {
  c.events.push({
    id: world.nextId('clusterEvent'),
    time: at,
    type,
    reason,
    object,
    message,
    userId: world.userId,
  });
}

function addNodes(
  world: World,
  c: ClusterRecord,
  role: 'master' | 'worker',
  count: number,
  at: number,
): void {
  const region = envOf(world, c.envId).region;
  for (let i = 1; i <= count; i++) {
    const id = world.nextId('clusterNode');
    c.nodes.push({
      id,
      instanceId: 90_000 + id,
      name: `${c.name}-${role}-${i}`,
      role,
      status: 'CREATING',
      fixedIp: world.allocateFixedIp(c.envId),
      floatingIp: world.allocateFloatingIp(region),
      createdAt: at,
    });
  }
}

function setNodes(c: ClusterRecord, role: 'master' | 'worker', status: string): void {
  for (const n of c.nodes) if (n.role === role) n.status = status;
}

/** The steps of a creation, at fractions of timings.clusterCreateMs after `createdAt`. */
export function scheduleClusterCreation(world: World, c: ClusterRecord): void {
  const op = c.op;
  const ms = world.timings.clusterCreateMs;
  const step = (fraction: number, run: (at: number) => void) =>
    world.at(c.createdAt + Math.round(ms * fraction), (at) => {
      if (world.clusters.get(c.id) !== c || c.op !== op || c.status !== 'CREATING') return;
      c.updatedAt = at;
      run(at);
    });
  step(0, (at) =>
    addClusterEvent(
      world,
      c,
      at,
      'CreationStarted',
      `Creating cluster ${c.name} (Kubernetes ${c.kubernetesVersion}).`,
    ),
  );
  step(0.1, (at) => {
    addNodes(world, c, 'master', c.masterCount, at);
    addClusterEvent(
      world,
      c,
      at,
      'ProvisioningMasters',
      `Provisioning ${c.masterCount} master node(s) on ${c.masterFlavor.name}.`,
    );
  });
  step(0.35, (at) => {
    setNodes(c, 'master', 'ACTIVE');
    addClusterEvent(
      world,
      c,
      at,
      'MastersReady',
      `Control plane is up; API server at https://${c.apiAddress}:6443.`,
    );
  });
  step(0.5, (at) => {
    addNodes(world, c, 'worker', c.nodeCount, at);
    addClusterEvent(
      world,
      c,
      at,
      'ProvisioningWorkers',
      `Provisioning ${c.nodeCount} worker node(s) on ${c.nodeFlavor.name}.`,
    );
  });
  if (c.willFail) {
    step(0.65, (at) => failCluster(world, c, at));
    return;
  }
  step(0.8, (at) => {
    setNodes(c, 'worker', 'ACTIVE');
    addClusterEvent(world, c, at, 'WorkersJoined', `${c.nodeCount} worker node(s) joined the cluster.`);
  });
  step(1, (at) => {
    c.status = 'ACTIVE';
    c.statusReason = 'Cluster is ready';
    c.kubeConfig = kubeConfigFor(world, c);
    addClusterEvent(world, c, at, 'ClusterReady', `Cluster ${c.name} is ACTIVE.`);
  });
}

function failCluster(world: World, c: ClusterRecord, at: number): void {
  const worker = c.nodes.find((n) => n.role === 'worker');
  const reason =
    `Failed to create worker node ${worker?.name ?? c.name}: No valid host was found. ` +
    `There are not enough hosts available for flavor ${c.nodeFlavor.name}.`;
  c.status = 'ERROR';
  c.statusReason = reason;
  setNodes(c, 'worker', 'ERROR');
  addClusterEvent(
    world,
    c,
    at,
    'WorkerProvisioningFailed',
    reason,
    'Warning',
    `Node/${worker?.name ?? c.name}`,
  );
  addClusterEvent(
    world,
    c,
    at,
    'CreationFailed',
    `Cluster ${c.name} is in ERROR. Delete it and create it again.`,
    'Warning',
  );
}

export function deleteCluster(world: World, c: ClusterRecord): void {
  if (c.status === 'DELETING') throw wrongState(`Cluster ${c.name} is already being deleted.`);
  const now = world.now();
  const op = ++c.op;
  c.status = 'DELETING';
  c.statusReason = 'Cluster deletion in progress';
  c.updatedAt = now;
  addClusterEvent(
    world,
    c,
    now,
    'DeletionStarted',
    `Deleting cluster ${c.name} and its ${c.nodes.length} node(s).`,
  );
  world.at(now + world.timings.clusterDeleteMs, () => {
    if (world.clusters.get(c.id) === c && c.op === op) world.clusters.delete(c.id);
  });
}
