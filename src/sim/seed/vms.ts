/**
 * The demo VMs: many flavors, both regions, every state (ACTIVE, CREATING, SHUTOFF, HIBERNATED, ERROR) with
 * consistent power_state/vm_state, public IPs on some, volumes, firewall rules, labels and past events.
 * Linear in the count: 10 000 VMs build in a few tens of milliseconds.
 */
import { pushAll } from '../../domain/lists.js';
import { FLAVORS, type FlavorDef, flavorPrice, IMAGES } from '../catalog.js';
import type { Rng } from '../rng.js';
import { billedRate } from '../world/pricing.js';
import { makeRule } from '../world/rules.js';
import type { EnvRecord, VmRecord, VmStatus, WorkloadKind } from '../world/types.js';
import {
  addAttachedVolume,
  addBootVolume,
  addVm,
  defaultRules,
  type NewVm,
  scheduleCreation,
} from '../world/vm-create.js';
import { addVmEvent } from '../world/vm-events.js';
import { newRun } from '../world/vm-runs.js';
import type { World } from '../world.js';
import { DAY, HOUR, MINUTE, weighted } from './util.js';

const BASE_NAMES = [
  'llm-train',
  'jupyter',
  'inference-api',
  'vllm-serve',
  'sd-render',
  'finetune',
  'data-prep',
  'ray-head',
  'ray-worker',
  'bench',
  'demo',
  'whisper-asr',
  'embeddings',
  'eval-runner',
  'bastion',
];

/** What each kind of VM does (its metrics follow it): notebooks, demos and bastions mostly sit idle. */
const SERVING = new Set(['inference-api', 'vllm-serve', 'whisper-asr', 'embeddings']);
const IDLE = new Set(['jupyter', 'demo', 'bastion']);
export function seededWorkload(name: string): WorkloadKind {
  const base = name.replace(/-\d+$/, '');
  return SERVING.has(base) ? 'serving' : IDLE.has(base) ? 'idle' : 'training';
}

const LABELS = [
  'training',
  'inference',
  'prod',
  'staging',
  'research',
  'team-nlp',
  'team-vision',
  'gpu-bench',
];

/** The first VMs cover every state; the rest follow these weights. */
const FIRST: VmStatus[] = [
  'ACTIVE',
  'CREATING',
  'SHUTOFF',
  'HIBERNATED',
  'ERROR',
  'ACTIVE',
  'CREATING',
  'ACTIVE',
];
const WEIGHTS: [VmStatus, number][] = [
  ['ACTIVE', 60],
  ['SHUTOFF', 14],
  ['HIBERNATED', 12],
  ['CREATING', 6],
  ['ERROR', 8],
];

function flavorWeight(f: FlavorDef): number {
  if (f.gpuCount === 0) return 4;
  return { 1: 6, 2: 3, 4: 2, 8: 1 }[f.gpuCount] ?? 1;
}

export function seedVms(world: World, rng: Rng, count: number): void {
  const now = world.now();
  const envs = [...world.envs.values()];
  const envWeights = envs.map((e, i) => [e, [5, 4, 2, 4, 1][i] ?? 1] as const);
  const flavorsOf = (env: EnvRecord) =>
    FLAVORS.filter((f) => f.region === env.region).map((f) => [f, flavorWeight(f)] as const);
  // images restricted to some flavors are left out (and so did not change the seeded picks when they came)
  const imagesOf = (env: EnvRecord) =>
    IMAGES.filter((i) => i.region === env.region && !i.restrictions).map(
      (i) => [i, i.type === 'Windows' ? 1 : 5] as const,
    );
  const byEnv = new Map(
    envs.map((e) => [
      e.id,
      {
        flavors: flavorsOf(e),
        images: imagesOf(e),
        keys: [...world.keypairs.values()].filter((k) => k.envId === e.id).map((k) => k.name),
      },
    ]),
  );
  for (let i = 0; i < count; i++) {
    const status = FIRST[i] ?? weighted(rng, WEIGHTS);
    const env = weighted(rng, envWeights);
    const pools = byEnv.get(env.id)!;
    const flavor = weighted(rng, pools.flavors);
    const image = weighted(rng, pools.images);
    const keypairName = rng.pick(pools.keys);
    const name = `${rng.pick(BASE_NAMES)}-${i + 1}`;
    const createdAt =
      status === 'CREATING'
        ? now - (i === 1 ? 15_000 : rng.int(1_000, 12_000))
        : now - rng.int(2 * HOUR, 120 * DAY);
    seedVm(world, rng, { name, env, flavor, image, keypairName, status, createdAt }, now);
  }
}

type SeedVm = Pick<NewVm, 'name' | 'env' | 'flavor' | 'image' | 'keypairName' | 'status' | 'createdAt'>;

function seedVm(world: World, rng: Rng, s: SeedVm, now: number): void {
  const labels = LABELS.filter(() => rng.chance(0.15)).slice(0, 2);
  const vm = addVm(world, {
    ...s,
    labels,
    wantsFloatingIp: s.status === 'CREATING' && rng.chance(0.6),
    workload: seededWorkload(s.name),
  });
  pushAll(vm.rules, defaultRules(world, s.createdAt));
  if (rng.chance(0.5)) {
    vm.rules.push(
      makeRule(
        world,
        {
          direction: 'ingress',
          ethertype: 'IPv4',
          protocol: 'tcp',
          remoteIpPrefix: '0.0.0.0/0',
          portMin: 22,
          portMax: 22,
        },
        s.createdAt,
      ),
    );
  }
  if (rng.chance(0.2)) {
    vm.rules.push(
      makeRule(
        world,
        { direction: 'ingress', ethertype: 'IPv4', protocol: 'icmp', remoteIpPrefix: '0.0.0.0/0' },
        s.createdAt,
      ),
    );
  }
  if (rng.chance(0.4)) addBootVolume(world, vm, s.createdAt);
  if (rng.chance(0.2)) addDataVolume(world, rng, vm, s.createdAt);
  addVmEvent(
    world,
    vm,
    s.createdAt,
    'CreateRequested',
    `Creation of VM ${vm.name} (${vm.flavor.name}) requested.`,
  );
  if (s.status === 'CREATING') {
    scheduleCreation(world, vm, s.createdAt);
    return;
  }
  const ready = s.createdAt + rng.int(2, 6) * MINUTE;
  if (s.status === 'ERROR') {
    addVmEvent(
      world,
      vm,
      ready,
      'CreationFailed',
      `Failed to create VM ${vm.name}: No valid host was found. There are not enough hosts available.`,
      'Warning',
    );
    return;
  }
  addVmEvent(world, vm, ready, 'Created', `VM ${vm.name} is ACTIVE.`);
  const hasIp =
    ((s.status === 'ACTIVE' || s.status === 'SHUTOFF') && rng.chance(0.65)) ||
    (s.status === 'HIBERNATED' && rng.chance(0.3));
  if (hasIp) {
    vm.floatingIp = world.allocateFloatingIp(s.env.region);
    vm.floatingIpStatus = 'ATTACHED';
  }
  if (s.status === 'HIBERNATED' && !hasIp) vm.wantsFloatingIp = rng.chance(0.5);
  const age = now - ready;
  let upMs = age;
  // it has run since it was ready (until it was stopped or hibernated)
  vm.runs = [newRun(vm, ready, now)];
  if (s.status !== 'ACTIVE') {
    const since = ready + Math.floor(age * (0.3 + 0.6 * rng.next()));
    vm.runs = [newRun(vm, ready, now, since)];
    // a SHUTOFF VM is still billed; a HIBERNATED one stopped at hibernation
    if (s.status === 'HIBERNATED') upMs = since - ready;
    const done = s.status === 'SHUTOFF' ? 'Stopped' : 'Hibernated';
    addVmEvent(world, vm, since, done, `VM ${vm.name} is ${s.status}.`);
  }
  vm.meter = {
    since: now,
    upMs,
    bill: (upMs / HOUR) * flavorPrice(vm.flavor),
    ratePerHour: 0,
  };
  vm.meter.ratePerHour = billedRate(world, vm, now);
}

function addDataVolume(world: World, rng: Rng, vm: VmRecord, at: number): void {
  addAttachedVolume(world, vm, at, {
    name: `${vm.name}-data`,
    description: 'Datasets and checkpoints',
    size: rng.pick([500, 1000, 2000]),
    bootable: false,
    device: '/dev/vdb',
  });
}

/** A few volumes that are not attached to anything. */
export function seedLooseVolumes(world: World, rng: Rng): void {
  const now = world.now();
  const envs = [...world.envs.values()];
  ['dataset-cache', 'checkpoints-archive', 'scratch'].forEach((name, i) => {
    const env = envs[i % envs.length]!;
    const id = world.nextId('volume');
    world.volumes.set(id, {
      id,
      name,
      description: '',
      volumeType: 'Cloud-SSD',
      size: rng.pick([250, 1000, 5000]),
      bootable: false,
      envId: env.id,
      vmId: null,
      device: null,
      attachedAt: null,
      createdAt: now - rng.int(1, 90) * DAY,
    });
  });
}
