/** Firewalls (with rules and attachments), snapshots and provisioning profiles of the demo organisation. */
import type { Rng } from '../rng.js';
import { findEnvByName } from '../world/lookup.js';
import { makeRule, type RuleInput } from '../world/rules.js';
import { addSnapshotEvent, finishSnapshot, snapshotSource } from '../world/snapshots.js';
import type { EnvRecord, VmRecord } from '../world/types.js';
import type { World } from '../world.js';
import { DAY, HOUR } from './util.js';

const tcpIn = (port: number, v6 = false): RuleInput => ({
  direction: 'ingress',
  ethertype: v6 ? 'IPv6' : 'IPv4',
  protocol: 'tcp',
  remoteIpPrefix: v6 ? '::/0' : '0.0.0.0/0',
  portMin: port,
  portMax: port,
});

function vmsIn(world: World, env: EnvRecord | undefined, n: number): VmRecord[] {
  const out: VmRecord[] = [];
  if (!env) return out;
  for (const vm of world.vms.values()) {
    if (out.length >= n) break;
    if (vm.envId === env.id && vm.status !== 'ERROR') out.push(vm);
  }
  return out;
}

export function seedFirewalls(world: World, rng: Rng): void {
  const now = world.now();
  const defs: [name: string, env: string, description: string, rules: RuleInput[], attach: number][] = [
    ['allow-ssh', 'research-norway', 'SSH from anywhere', [tcpIn(22)], 3],
    [
      'web-public',
      'prod-canada',
      'HTTP and HTTPS for the inference API',
      [tcpIn(80), tcpIn(443), tcpIn(443, true)],
      2,
    ],
    [
      'internal-only',
      'ml-training',
      'Everything from the private network, nothing else',
      [{ direction: 'ingress', ethertype: 'IPv4', protocol: 'any', remoteIpPrefix: '10.0.0.0/8' }],
      0,
    ],
  ];
  for (const [name, envName, description, rules, attach] of defs) {
    const env = findEnvByName(world, envName);
    if (!env) continue;
    const createdAt = now - rng.int(5, 90) * DAY;
    const id = world.nextId('firewall');
    world.firewalls.set(id, {
      id,
      name,
      description,
      envId: env.id,
      status: 'SUCCESS',
      createdAt,
      rules: rules.map((r) => makeRule(world, r, createdAt)),
      attachments: vmsIn(world, env, attach).map((vm) => ({
        id: world.nextId('attachment'),
        vmId: vm.id,
        createdAt: Math.min(now, Math.max(vm.createdAt, createdAt) + HOUR),
      })),
    });
  }
}

export function seedSnapshots(world: World, rng: Rng): void {
  const now = world.now();
  const candidates = [...world.vms.values()].filter((v) => v.status === 'ACTIVE' || v.status === 'SHUTOFF');
  // the snapshot in progress is of the last candidate: a VM being snapshotted refuses every action, so it is
  // kept away from the first VMs of the list (the ones a demo, or a test, acts on first)
  const sources = [...candidates.slice(0, 3), ...candidates.slice(3).slice(-1)];
  const names = ['pre-upgrade', 'golden-cuda-12', 'before-finetune', 'nightly'];
  sources.forEach((vm, i) => {
    const inProgress = i === sources.length - 1;
    const createdAt = inProgress ? now - 10_000 : now - rng.int(1, 60) * DAY;
    const id = world.nextId('snapshot');
    const snap = {
      id,
      name: `${vm.name}-${names[i]}`,
      description: inProgress ? 'Nightly snapshot' : `Snapshot of ${vm.name}`,
      status: inProgress ? ('CREATING' as const) : ('SUCCESS' as const),
      ...snapshotSource(vm),
      size: Math.max(1, Math.round(vm.flavor.disk * (0.2 + 0.5 * rng.next()))),
      isImage: i === 1,
      labels: i === 1 ? ['golden'] : [],
      hasFloatingIp: vm.floatingIp !== null,
      createdAt,
      updatedAt: inProgress ? createdAt : createdAt + rng.int(2, 20) * 60_000,
    };
    world.snapshots.set(id, snap);
    addSnapshotEvent(
      world,
      snap,
      createdAt,
      'SnapshotStarted',
      `Snapshot ${snap.name} of VM ${vm.name} started.`,
    );
    if (!inProgress)
      addSnapshotEvent(
        world,
        snap,
        snap.updatedAt,
        'SnapshotCreated',
        `Snapshot ${snap.name} is ready (${snap.size} GB).`,
      );
    if (inProgress) {
      vm.snapshotting = true;
      world.at(createdAt + world.timings.snapshotMs, (at) => finishSnapshot(world, snap, at));
    }
  });
}

export function seedProfiles(world: World, rng: Rng): void {
  const now = world.now();
  const defs: [string, string, Record<string, unknown>][] = [
    [
      'h100-training-node',
      'Single H100 for fine-tuning runs',
      {
        environment_name: 'research-norway',
        image_name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2',
        flavor_name: 'n3-H100x1',
        key_name: 'alice-laptop',
        assign_floating_ip: true,
        create_bootable_volume: false,
        count: 1,
        user_data: '#cloud-config\npackages:\n  - nvtop\n  - tmux\n',
      },
    ],
    [
      'l40-inference',
      'Inference replica behind the API gateway',
      {
        environment_name: 'prod-canada',
        image_name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker',
        flavor_name: 'n3-L40x1',
        key_name: 'ci-deploy',
        assign_floating_ip: false,
        create_bootable_volume: true,
        count: 2,
        callback_url: 'https://hooks.northwind-ai.example/hyperstack',
      },
    ],
    [
      'cpu-bastion',
      'Small jump host',
      {
        environment_name: 'sandbox',
        image_name: 'Ubuntu Server 24.04 LTS',
        flavor_name: 'n1-cpu-small',
        key_name: 'chen-macbook',
        assign_floating_ip: true,
        count: 1,
      },
    ],
  ];
  for (const [name, description, data] of defs) {
    const id = world.nextId('profile');
    world.profiles.set(id, { id, name, description, data, createdAt: now - rng.int(3, 200) * DAY });
  }
}
