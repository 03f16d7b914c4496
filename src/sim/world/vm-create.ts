/**
 * VM creation: CREATING → BUILD (at 40 % of timings.vmCreateMs) → ACTIVE, then the public IP when one was asked
 * for. Also the records seeding uses to build VMs in any state.
 */
import { pushAll } from '../../domain/lists.js';
import { type FlavorDef, type ImageDef, imageRefusesFlavor, osOf } from '../catalog.js';
import type { World } from '../world.js';
import { alreadyExists, invalid, outOfStock } from './errors.js';
import { envOf, requireEnvByName, requireFlavor, requireImage, requireKeypairInEnv } from './lookup.js';
import { changeVm } from './pricing.js';
import { requireVmQuota } from './quota.js';
import { makeRule, type RuleInput } from './rules.js';
import { inStock } from './stock.js';
import type { EnvRecord, VmRecord, VmStatus, WorkloadKind } from './types.js';
import { addVmEvent, current } from './vm-events.js';
import { isRunning, newRun } from './vm-runs.js';
import { setStatus } from './vm-state.js';

export interface NewVm {
  name: string;
  env: EnvRecord;
  flavor: FlavorDef;
  image: ImageDef;
  keypairName: string;
  status: VmStatus;
  createdAt: number;
  contractId?: number | null;
  labels?: string[];
  callbackUrl?: string | null;
  userData?: string | null;
  wantsFloatingIp?: boolean;
  locked?: boolean;
  /** A node of this cluster. */
  clusterId?: number | null;
  /** An address already allocated for it (a cluster node's). */
  fixedIp?: string;
  /** Port randomization asked at creation (default true, the document's default). */
  portRandomization?: boolean;
  /** What it does (default: nothing, `idle`, as a new VM until someone runs something on it). */
  workload?: WorkloadKind;
}

/** A VM record in the given state, registered in the world (no transition scheduled). */
export function addVm(world: World, n: NewVm): VmRecord {
  const vm: VmRecord = {
    id: world.nextId('vm'),
    name: n.name,
    envId: n.env.id,
    flavor: n.flavor,
    imageName: n.image.name,
    os: osOf(n.image),
    keypairName: n.keypairName,
    status: n.status,
    powerState: '',
    vmState: '',
    pendingTarget: null,
    fixedIp: n.fixedIp ?? world.allocateFixedIp(n.env.id),
    floatingIp: null,
    floatingIpStatus: 'NO FLOATING IP',
    wantsFloatingIp: n.wantsFloatingIp ?? false,
    contractId: n.contractId ?? null,
    labels: n.labels ?? [],
    createdAt: n.createdAt,
    rules: [],
    volumeIds: [],
    callbackUrl: n.callbackUrl ?? null,
    userData: n.userData ?? null,
    events: [],
    op: 0,
    meter: { since: n.createdAt, upMs: 0, bill: 0, ratePerHour: 0 },
    snapshotting: false,
    locked: n.locked ?? false,
    clusterId: n.clusterId ?? null,
    workload: [{ from: 0, kind: n.workload ?? 'idle' }],
    portRandomization: n.portRandomization ?? true,
    runs: [],
  };
  setStatus(vm, n.status);
  if (isRunning(vm)) vm.runs.push(newRun(vm, n.createdAt, world.now()));
  world.vms.set(vm.id, vm);
  world.vmByName.set(vm.name, vm);
  return vm;
}

export function attachNewFloatingIp(world: World, vm: VmRecord, at: number): void {
  changeVm(world, vm, at, () => {
    vm.floatingIp = world.allocateFloatingIp(envOf(world, vm.envId).region);
    vm.floatingIpStatus = 'ATTACHED';
    vm.wantsFloatingIp = false;
  });
}

/** Schedules CREATING → BUILD → ACTIVE for a VM whose creation started at `startedAt`. */
export function scheduleCreation(world: World, vm: VmRecord, startedAt: number): void {
  const op = vm.op;
  const ms = world.timings.vmCreateMs;
  vm.pendingTarget = 'ACTIVE';
  world.at(startedAt + Math.round(ms * 0.4), (at) => {
    if (!current(world, vm, op)) return;
    setStatus(vm, 'BUILD');
    addVmEvent(world, vm, at, 'Building', `VM ${vm.name} is being built on a ${vm.flavor.name} host.`);
  });
  world.at(startedAt + ms, (at) => {
    if (!current(world, vm, op)) return;
    changeVm(world, vm, at, () => {
      setStatus(vm, 'ACTIVE');
      vm.pendingTarget = null;
    });
    if (vm.wantsFloatingIp) attachNewFloatingIp(world, vm, at);
    addVmEvent(world, vm, at, 'Created', `VM ${vm.name} is ACTIVE.`);
  });
}

export interface CreateVmsInput {
  name: string;
  environmentName: string;
  imageName: string;
  flavorName: string;
  keyName: string;
  count: number;
  assignFloatingIp?: boolean;
  /** enable_port_randomization (default true). */
  portRandomization?: boolean;
  createBootableVolume?: boolean;
  userData?: string | null;
  callbackUrl?: string | null;
  labels?: string[];
  securityRules?: RuleInput[];
  contractId?: number | null;
}

/** POST /core/virtual-machines: `count` VMs named `name` (or `name-1` … `name-N`), all CREATING. */
export function createVms(world: World, input: CreateVmsInput): VmRecord[] {
  const env = requireEnvByName(world, input.environmentName);
  const flavor = requireFlavor(env, input.flavorName);
  const image = requireImage(env, input.imageName);
  const kp = requireKeypairInEnv(world, env, input.keyName);
  const restricted = imageRefusesFlavor(image, flavor.name);
  if (restricted) throw invalid(restricted);
  if (input.createBootableVolume && flavor.limits.localStorageOnly) {
    throw invalid(
      `Flavor ${flavor.name} has local storage only: a VM of this flavor cannot boot from a volume (create_bootable_volume).`,
    );
  }
  if (!inStock(world, flavor)) {
    throw outOfStock(`Flavor ${flavor.name} is out of stock in ${env.region}. Check GET /core/stocks.`);
  }
  if (input.contractId != null && !world.contracts.has(input.contractId)) {
    throw invalid(`Contract ${input.contractId} not found.`);
  }
  requireVmQuota(world, env, input.count);
  const names = input.count === 1 ? [input.name] : range(input.count).map((i) => `${input.name}-${i + 1}`);
  for (const n of names) {
    if (world.vmByName.has(n)) throw alreadyExists(`A virtual machine named "${n}" already exists.`);
  }
  const now = world.now();
  return names.map((name) => {
    const vm = addVm(world, {
      name,
      env,
      flavor,
      image,
      keypairName: kp.name,
      status: 'CREATING',
      createdAt: now,
      contractId: input.contractId ?? null,
      labels: input.labels ?? [],
      callbackUrl: input.callbackUrl ?? null,
      userData: input.userData ?? null,
      wantsFloatingIp: input.assignFloatingIp ?? false,
      portRandomization: input.portRandomization ?? true,
    });
    pushAll(vm.rules, defaultRules(world, now));
    for (const r of input.securityRules ?? []) vm.rules.push(makeRule(world, r, now));
    if (input.createBootableVolume) {
      addBootVolume(world, vm, now);
    }
    addVmEvent(world, vm, now, 'CreateRequested', `Creation of VM ${name} (${flavor.name}) requested.`);
    scheduleCreation(world, vm, now);
    return vm;
  });
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Every VM gets egress to anywhere (IPv4 and IPv6), as the service's default security group does. */
export function defaultRules(world: World, at: number) {
  return [
    makeRule(
      world,
      { direction: 'egress', ethertype: 'IPv4', protocol: 'any', remoteIpPrefix: '0.0.0.0/0' },
      at,
    ),
    makeRule(world, { direction: 'egress', ethertype: 'IPv6', protocol: 'any', remoteIpPrefix: '::/0' }, at),
  ];
}

/** What differs between the Cloud-SSD volumes created attached to a VM. */
export interface AttachedVolumeSpec {
  name: string;
  description: string;
  size: number;
  bootable: boolean;
  device: string;
}

/** A Cloud-SSD volume created already attached to `vm` at `at`. */
export function addAttachedVolume(world: World, vm: VmRecord, at: number, spec: AttachedVolumeSpec): void {
  const id = world.nextId('volume');
  world.volumes.set(id, {
    id,
    name: spec.name,
    description: spec.description,
    volumeType: 'Cloud-SSD',
    size: spec.size,
    bootable: spec.bootable,
    envId: vm.envId,
    vmId: vm.id,
    device: spec.device,
    attachedAt: at,
    createdAt: at,
  });
  vm.volumeIds.push(id);
}

export function addBootVolume(world: World, vm: VmRecord, at: number): void {
  addAttachedVolume(world, vm, at, {
    name: `${vm.name}-boot`,
    description: `Bootable volume of ${vm.name}`,
    size: vm.flavor.disk,
    bootable: true,
    device: '/dev/vda',
  });
}
