/**
 * A cluster's worker node groups and nodes after creation: create, update (the autoscaling bounds), delete a
 * group; add and remove worker nodes; reconcile. Each change that moves nodes sets the cluster reconciling for
 * timings.clusterScaleMs (new nodes CREATING → ACTIVE, removed ones DELETING → gone), and while it reconciles, or
 * is not ACTIVE, the service refuses every change ("Cluster <name> is reconciling").
 * As the service documents, min_count/max_count bound autoscaling only: adding or removing nodes by hand is not
 * held to them.
 */
import type { World } from '../world.js';
import { removeNodeVm, setNodeVmStatus } from './cluster-nodes.js';
import { addClusterEvent, addNodes } from './clusters.js';
import {
  alreadyExists,
  fieldInvalid,
  invalid,
  notFound,
  outOfStock,
  requireDnsName,
  wrongState,
} from './errors.js';
import { kubeConfigFor } from './kubeconfig.js';
import { envOf, requireFlavor } from './lookup.js';
import { inStock } from './stock.js';
import type { ClusterNodeRecord, ClusterRecord, NodeGroupRecord } from './types.js';

/** The service's bounds: a group's name (20) and its node counts (1 to 20). */
export const GROUP_NAME_MAX = 20;
export const GROUP_NODES_MAX = 20;

/** Why a change is refused now, in the service's words; undefined when it may be changed. */
export function changeRefusal(c: ClusterRecord): string | undefined {
  if (c.reconciling) return `Cluster ${c.name} is reconciling`;
  if (c.status !== 'ACTIVE')
    return `Cluster ${c.name} is ${c.status}: its nodes can be changed once it is ACTIVE`;
  return undefined;
}

function requireChangeable(c: ClusterRecord): void {
  const why = changeRefusal(c);
  if (why) throw wrongState(why);
}

export function requireGroup(c: ClusterRecord, id: number): NodeGroupRecord {
  const g = c.groups.find((x) => x.id === id);
  if (!g) throw notFound(`Node group with id ${id} not found in cluster ${c.name}.`);
  return g;
}

function groupNodes(c: ClusterRecord, g: NodeGroupRecord): ClusterNodeRecord[] {
  return c.nodes.filter((n) => n.groupId === g.id && n.status !== 'DELETING');
}

/**
 * The cluster reconciles until `clusterScaleMs` from now, then `finish` runs (unless the cluster was deleted or
 * changed otherwise meanwhile).
 */
function reconcileFor(world: World, c: ClusterRecord, finish: (at: number) => void): void {
  const now = world.now();
  const op = c.op;
  c.reconciling = true;
  c.updatedAt = now;
  world.at(now + world.timings.clusterScaleMs, (at) => {
    if (world.clusters.get(c.id) !== c || c.op !== op) return;
    finish(at);
    c.reconciling = false;
    c.updatedAt = at;
  });
}

function activate(world: World, c: ClusterRecord, nodes: ClusterNodeRecord[], at: number): void {
  for (const n of nodes) {
    if (!c.nodes.includes(n) || n.status !== 'CREATING') continue;
    n.status = 'ACTIVE';
    setNodeVmStatus(world, c, n, 'ACTIVE', at);
  }
}

function startRemoving(world: World, c: ClusterRecord, nodes: ClusterNodeRecord[]): void {
  const now = world.now();
  for (const n of nodes) {
    n.status = 'DELETING';
    setNodeVmStatus(world, c, n, 'DELETING', now);
  }
}

function finishRemoving(world: World, c: ClusterRecord, nodes: ClusterNodeRecord[]): void {
  for (const n of nodes) {
    removeNodeVm(world, c, n);
    c.nodes = c.nodes.filter((x) => x !== n);
  }
}

export interface CreateGroupInput {
  name: string;
  role: string;
  flavorName: string;
  count?: number | undefined;
  minCount?: number | undefined;
  maxCount?: number | undefined;
}

function checkBounds(min: number, count: number, max: number): void {
  if (min > max) throw fieldInvalid('min_count', `min_count (${min}) must not exceed max_count (${max}).`);
  if (count < min || count > max)
    throw fieldInvalid(
      'count',
      `count (${count}) must be between min_count (${min}) and max_count (${max}).`,
    );
}

export function createNodeGroup(world: World, c: ClusterRecord, input: CreateGroupInput) {
  requireDnsName('Node group', 'name', input.name);
  if (input.role !== 'worker') throw fieldInvalid('role', `'${input.role}' is not one of ['worker']`);
  requireChangeable(c);
  if (c.groups.some((g) => g.name === input.name))
    throw alreadyExists(`A node group named "${input.name}" already exists in cluster ${c.name}.`);
  const env = envOf(world, c.envId);
  const flavor = requireFlavor(env, input.flavorName);
  const count = input.count ?? 1;
  // as at creation: the bounds default to the count deployed
  const min = input.minCount ?? count;
  const max = input.maxCount ?? Math.max(count, min);
  checkBounds(min, count, max);
  if (!inStock(world, flavor))
    throw outOfStock(`Flavor ${flavor.name} is out of stock in ${env.region}. Check GET /core/stocks.`);
  const now = world.now();
  const group: NodeGroupRecord = {
    id: world.nextId('nodeGroup'),
    name: input.name,
    flavor,
    count,
    minCount: min,
    maxCount: max,
    createdAt: now,
    updatedAt: now,
  };
  c.groups.push(group);
  const nodes = addNodes(world, c, 'worker', count, now, group);
  addClusterEvent(world, c, now, 'NodeGroupCreated', `Node group ${group.name}: ${count} × ${flavor.name}.`);
  reconcileFor(world, c, (at) => activate(world, c, nodes, at));
  return { group, nodes };
}

export function updateNodeGroup(
  world: World,
  c: ClusterRecord,
  g: NodeGroupRecord,
  input: { minCount?: number | undefined; maxCount?: number | undefined },
): NodeGroupRecord {
  requireChangeable(c);
  const min = input.minCount ?? g.minCount;
  const max = input.maxCount ?? g.maxCount;
  if (min > max) throw fieldInvalid('min_count', `min_count (${min}) must not exceed max_count (${max}).`);
  g.minCount = min;
  g.maxCount = max;
  g.updatedAt = world.now();
  return g;
}

export function deleteNodeGroup(world: World, c: ClusterRecord, g: NodeGroupRecord): void {
  requireChangeable(c);
  if (c.groups.length === 1)
    throw wrongState(
      `Node group ${g.name} is the last worker node group of cluster ${c.name}: it cannot be deleted.`,
    );
  const nodes = groupNodes(c, g);
  startRemoving(world, c, nodes);
  addClusterEvent(
    world,
    c,
    world.now(),
    'NodeGroupDeleted',
    `Deleting node group ${g.name} (${nodes.length} node(s)).`,
  );
  reconcileFor(world, c, () => {
    finishRemoving(world, c, nodes);
    c.groups = c.groups.filter((x) => x !== g);
  });
}

/** Adds `count` worker nodes to the group named `groupName` (the group's count grows with them). */
export function addGroupNodes(
  world: World,
  c: ClusterRecord,
  input: { role: string; groupName: string | undefined; count: number },
): ClusterNodeRecord[] {
  if (input.role !== 'worker') throw invalid('Only worker nodes can be added to a cluster.');
  requireChangeable(c);
  const g = c.groups.find((x) => x.name === input.groupName);
  if (!g) throw notFound(`Node group "${input.groupName ?? ''}" not found in cluster ${c.name}.`);
  if (groupNodes(c, g).length + input.count > GROUP_NODES_MAX)
    throw fieldInvalid('count', `A node group holds at most ${GROUP_NODES_MAX} nodes.`);
  const now = world.now();
  const nodes = addNodes(world, c, 'worker', input.count, now, g);
  g.count += input.count;
  g.updatedAt = now;
  addClusterEvent(
    world,
    c,
    now,
    'NodesAdded',
    `${input.count} worker node(s) added to node group ${g.name}.`,
  );
  reconcileFor(world, c, (at) => activate(world, c, nodes, at));
  return nodes;
}

/** Removes worker nodes by id (a master node, or the last node of a group, is refused). */
export function removeNodes(world: World, c: ClusterRecord, ids: readonly number[]): ClusterNodeRecord[] {
  if (ids.length === 0) throw fieldInvalid('ids', 'At least one node id is required.');
  requireChangeable(c);
  const nodes = [...new Set(ids)].map((id) => {
    const n = c.nodes.find((x) => x.id === id);
    if (!n) throw notFound(`Node with id ${id} not found in cluster ${c.name}.`);
    if (n.role !== 'worker')
      throw invalid(`Node ${n.name} is a master node: master nodes cannot be deleted.`);
    return n;
  });
  for (const g of c.groups) {
    const left = groupNodes(c, g).filter((n) => !nodes.includes(n)).length;
    if (left === 0 && nodes.some((n) => n.groupId === g.id))
      throw invalid(`Node group ${g.name} needs at least one node: delete the node group instead.`);
  }
  const now = world.now();
  for (const n of nodes) {
    const g = c.groups.find((x) => x.id === n.groupId);
    if (g) {
      g.count -= 1;
      g.updatedAt = now;
    }
  }
  startRemoving(world, c, nodes);
  addClusterEvent(
    world,
    c,
    now,
    'NodesRemoved',
    `Removing ${nodes.length} worker node(s): ${nodes.map((n) => n.name).join(', ')}.`,
  );
  reconcileFor(world, c, () => finishRemoving(world, c, nodes));
  return nodes;
}

/**
 * A manual reconcile: nodes in ERROR are brought back, and a cluster in ERROR with them; the cluster reconciles
 * meanwhile. Allowed on an ACTIVE or failed cluster.
 */
export function reconcileCluster(world: World, c: ClusterRecord): void {
  if (c.reconciling || (c.status !== 'ACTIVE' && c.status !== 'ERROR')) requireChangeable(c);
  const now = world.now();
  const broken = c.nodes.filter((n) => n.status === 'ERROR');
  addClusterEvent(world, c, now, 'ReconcileStarted', `Reconciling cluster ${c.name}.`);
  reconcileFor(world, c, (at) => {
    for (const n of broken) {
      n.status = 'ACTIVE';
      setNodeVmStatus(world, c, n, 'ACTIVE', at);
    }
    if (c.status === 'ERROR') {
      c.status = 'ACTIVE';
      c.statusReason = 'Cluster is ready';
      if (!c.kubeConfig) c.kubeConfig = kubeConfigFor(world, c);
    }
    addClusterEvent(world, c, at, 'ReconcileDone', `Cluster ${c.name} reconciled.`);
  });
}
