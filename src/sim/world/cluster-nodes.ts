/**
 * A cluster's nodes are VMs of the organisation: each node's `instance` is a VM listed by GET
 * /core/virtual-machines with the cluster's id in `cluster_id`, locked (the cluster manages it: no power action,
 * no deletion of its own). They follow their node's status, are billed with their cluster (pricing.ts
 * clusterBilledRate), and go when the cluster goes.
 */
import { pushAll } from '../../domain/lists.js';
import { findImage } from '../catalog.js';
import type { World } from '../world.js';
import { envOf } from './lookup.js';
import { changeVm, rebillCluster } from './pricing.js';
import type { ClusterNodeRecord, ClusterRecord, FlavorDef, VmStatus } from './types.js';
import { addVm, defaultRules } from './vm-create.js';
import { setStatus } from './vm-state.js';

/** The VM behind a new node (created with it, CREATING); the node records its id. */
export function addNodeVm(
  world: World,
  c: ClusterRecord,
  node: ClusterNodeRecord,
  flavor: FlavorDef = node.role === 'master' ? c.masterFlavor : c.nodeFlavor,
): void {
  const env = envOf(world, c.envId);
  const image = findImage(c.imageName, env.region);
  if (!image) throw new Error(`internal: image ${c.imageName} missing in ${env.region}`);
  const vm = addVm(world, {
    name: node.name,
    env,
    flavor,
    image,
    keypairName: c.keypairName,
    status: 'CREATING',
    createdAt: node.createdAt,
    clusterId: c.id,
    locked: true,
    fixedIp: node.fixedIp,
  });
  pushAll(vm.rules, defaultRules(world, node.createdAt));
  vm.floatingIp = node.floatingIp;
  vm.floatingIpStatus = node.floatingIp ? 'ATTACHED' : 'NO FLOATING IP';
  node.instanceId = vm.id;
}

/**
 * The node's VM follows its node's status (CREATING, ACTIVE, ERROR, DELETING), when the node has one; the
 * cluster's meter follows its nodes (a node in ERROR or on its way out bills nothing).
 */
export function setNodeVmStatus(
  world: World,
  c: ClusterRecord,
  node: ClusterNodeRecord,
  status: VmStatus,
  at: number,
): void {
  const vm = world.vms.get(node.instanceId);
  if (vm && vm.clusterId === c.id) changeVm(world, vm, at, () => setStatus(vm, status));
  rebillCluster(c, at);
}

/** One node is gone: so is its VM. */
export function removeNodeVm(world: World, c: ClusterRecord, node: ClusterNodeRecord): void {
  const vm = world.vms.get(node.instanceId);
  if (!vm || vm.clusterId !== c.id) return;
  world.vms.delete(vm.id);
  if (world.vmByName.get(vm.name) === vm) world.vmByName.delete(vm.name);
}

/** The cluster is gone: so are its node VMs (no usage record: the cluster bore their cost). */
export function removeNodeVms(world: World, c: ClusterRecord): void {
  for (const node of c.nodes) removeNodeVm(world, c, node);
}
