/**
 * Kubernetes clusters (beta): creation takes timings.clusterCreateMs through master and worker provisioning,
 * recording an event at each step, and ends ACTIVE, or ERROR with a status_reason (a name containing "fail",
 * a seeded failure, or options.clusterFailRate). Deletion: DELETING, then gone.
 */
import {
  CLUSTER_NODE_IMAGE,
  CPU_ONLY_FLAVORS,
  DOCKER_SUFFIX,
  imageRefusesFlavor,
  kubernetesVersions,
} from '../catalog.js';
import type { World } from '../world.js';
import { addNodeVm, removeNodeVms, setNodeVmStatus } from './cluster-nodes.js';
import { alreadyExists, fieldInvalid, invalid, outOfStock, requireDnsName, wrongState } from './errors.js';
import { kubeConfigFor } from './kubeconfig.js';
import { envOf, requireEnvByName, requireFlavor, requireImage, requireKeypairInEnv } from './lookup.js';
import { closeBill, rebillCluster } from './pricing.js';
import { inStock } from './stock.js';
import type { ClusterEventRecord, ClusterNodeRecord, ClusterRecord, NodeGroupRecord } from './types.js';

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

export const DEFAULT_CLUSTER_IMAGE = CLUSTER_NODE_IMAGE;

/** The worker group a cluster is created with. */
export const FIRST_GROUP_NAME = 'workers';

/** The service's limit on a cluster's name. */
export const CLUSTER_NAME_MAX = 20;

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
  /** Default true: the nodes are VMs (see ClusterRecord.nodeVms). */
  nodeVms?: boolean;
}

export function isClusterNameTaken(world: World, name: string): boolean {
  for (const c of world.clusters.values()) if (c.name === name) return true;
  return false;
}

export function createCluster(world: World, input: CreateClusterInput, opts: SeedClusterOptions = {}) {
  requireDnsName('Cluster', 'name', input.name);
  if (input.name.length > CLUSTER_NAME_MAX)
    throw fieldInvalid('name', `Length must be between 1 and ${CLUSTER_NAME_MAX}.`);
  requireDnsName('Environment', 'environment_name', input.environmentName);
  if (!(CPU_ONLY_FLAVORS as readonly string[]).includes(input.masterFlavorName)) {
    throw invalid(
      `Master flavor "${input.masterFlavorName}" is not allowed: master nodes must use a CPU-only flavor (${CPU_ONLY_FLAVORS.join(', ')}).`,
    );
  }
  const env = requireEnvByName(world, input.environmentName);
  const versions = kubernetesVersions(env.region);
  if (!versions.includes(input.kubernetesVersion)) {
    throw invalid(
      `Kubernetes version "${input.kubernetesVersion}" is not supported in ${env.region}. Supported versions: ${versions.join(', ')}.`,
    );
  }
  const kp = requireKeypairInEnv(world, env, input.keypairName);
  const masterFlavor = requireFlavor(env, input.masterFlavorName);
  const nodeFlavor = requireFlavor(env, input.nodeFlavorName);
  const imageName = input.imageName ?? DEFAULT_CLUSTER_IMAGE;
  if (imageName.endsWith(DOCKER_SUFFIX)) {
    throw invalid(
      `Image "${imageName}" is not supported for clusters: images "${DOCKER_SUFFIX}" cannot be used.`,
    );
  }
  const image = requireImage(env, imageName);
  for (const f of [masterFlavor, nodeFlavor]) {
    const restricted = imageRefusesFlavor(image, f.name);
    if (restricted) throw invalid(restricted);
  }
  if (input.nodeCount < 1 || input.nodeCount > 20) throw invalid('node_count must be between 1 and 20.');
  const masterCount = input.masterCount ?? 1;
  if (masterCount < 1 || masterCount > 3) throw invalid('master_count must be between 1 and 3.');
  if (!opts.ignoreStock && !inStock(world, nodeFlavor)) {
    throw outOfStock(`Flavor ${nodeFlavor.name} is out of stock in ${env.region}. Check GET /core/stocks.`);
  }
  if (isClusterNameTaken(world, input.name)) {
    throw alreadyExists(`A cluster named "${input.name}" already exists.`);
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
    groups: [],
    reconciling: false,
    events: [],
    willFail,
    nodeVms: opts.nodeVms ?? true,
    meter: { since: now, upMs: 0, bill: 0, ratePerHour: 0 },
    op: 0,
  };
  cluster.groups.push({
    id: world.nextId('nodeGroup'),
    name: FIRST_GROUP_NAME,
    flavor: nodeFlavor,
    count: input.nodeCount,
    minCount: input.nodeCount,
    maxCount: input.nodeCount,
    createdAt: now,
    updatedAt: now,
  });
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

/** New nodes, CREATING (a worker in `group`, the first group by default); returns them. */
export function addNodes(
  world: World,
  c: ClusterRecord,
  role: 'master' | 'worker',
  count: number,
  at: number,
  group: NodeGroupRecord | undefined = role === 'worker' ? c.groups[0] : undefined,
): ClusterNodeRecord[] {
  const region = envOf(world, c.envId).region;
  const added: ClusterNodeRecord[] = [];
  for (let i = 1; i <= count; i++) {
    const id = world.nextId('clusterNode');
    const node: ClusterNodeRecord = {
      id,
      // an unlisted node's VM id lies outside the organisation's VM ids
      instanceId: 90_000 + id,
      // numbered across the cluster, masters first: the node's VM is named so (its role is on the node)
      name: `${c.name}-${nextNodeNumber(c)}`,
      role,
      status: 'CREATING',
      fixedIp: world.allocateFixedIp(c.envId),
      floatingIp: world.allocateFloatingIp(region),
      createdAt: at,
      groupId: group?.id,
    };
    c.nodes.push(node);
    added.push(node);
    if (c.nodeVms) addNodeVm(world, c, node, group?.flavor);
  }
  return added;
}

/** Node names are numbered across the cluster; a removed node's number is not given again. */
function nextNodeNumber(c: ClusterRecord): number {
  let most = 0;
  for (const n of c.nodes) {
    const m = /-(\d+)$/.exec(n.name);
    if (m) most = Math.max(most, Number(m[1]));
  }
  return most + 1;
}

function setNodes(
  world: World,
  c: ClusterRecord,
  role: 'master' | 'worker',
  status: 'ACTIVE' | 'ERROR',
  at: number,
): void {
  for (const n of c.nodes) {
    if (n.role !== role) continue;
    n.status = status;
    setNodeVmStatus(world, c, n, status, at);
  }
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
  const say = (at: number, reason: string, text: string) => addClusterEvent(world, c, at, reason, text);
  step(0, (at) =>
    say(at, 'CreationStarted', `Creating cluster ${c.name} (Kubernetes ${c.kubernetesVersion}).`),
  );
  step(0.1, (at) => {
    addNodes(world, c, 'master', c.masterCount, at);
    say(at, 'ProvisioningMasters', `Provisioning ${c.masterCount} master node(s) on ${c.masterFlavor.name}.`);
  });
  step(0.35, (at) => {
    setNodes(world, c, 'master', 'ACTIVE', at);
    say(at, 'MastersReady', `Control plane is up; API server at https://${c.apiAddress}:6443.`);
  });
  step(0.5, (at) => {
    addNodes(world, c, 'worker', c.nodeCount, at);
    say(at, 'ProvisioningWorkers', `Provisioning ${c.nodeCount} worker node(s) on ${c.nodeFlavor.name}.`);
  });
  if (c.willFail) {
    step(0.65, (at) => failCluster(world, c, at));
    return;
  }
  step(0.8, (at) => {
    setNodes(world, c, 'worker', 'ACTIVE', at);
    say(at, 'WorkersJoined', `${c.nodeCount} worker node(s) joined the cluster.`);
  });
  step(1, (at) => {
    c.status = 'ACTIVE';
    c.statusReason = 'Cluster is ready';
    c.kubeConfig = kubeConfigFor(world, c);
    say(at, 'ClusterReady', `Cluster ${c.name} is ACTIVE.`);
  });
}

function failCluster(world: World, c: ClusterRecord, at: number): void {
  const worker = c.nodes.find((n) => n.role === 'worker');
  const reason =
    `Failed to create worker node ${worker?.name ?? c.name}: No valid host was found. ` +
    `There are not enough hosts available for flavor ${c.nodeFlavor.name}.`;
  c.status = 'ERROR';
  c.statusReason = reason;
  setNodes(world, c, 'worker', 'ERROR', at);
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
  for (const n of c.nodes) setNodeVmStatus(world, c, n, 'DELETING', now);
  rebillCluster(c, now);
  world.at(now + world.timings.clusterDeleteMs, (at) => {
    if (world.clusters.get(c.id) !== c || c.op !== op) return;
    world.clusters.delete(c.id);
    removeNodeVms(world, c);
    closeBill(world, c.meter, at);
  });
}
