/**
 * The demo organisation's account-wide resources: API keys, the permission catalogue and RBAC roles, object
 * storage buckets and access keys, vouchers, a custom image made of a snapshot, and a small environment whose
 * subnet is nearly full (its VM quota refuses a large create). Drawn from a random stream of its own, so the rest
 * of the seed stays as it was.
 */
import type { Rng } from '../rng.js';
import { createImageFromSnapshot } from '../world/snapshots.js';
import type { World } from '../world.js';
import { DAY, HOUR, uuid } from './util.js';

export function seedAccount(world: World, rng: Rng): void {
  seedApiKeys(world, rng);
  seedPermissionsAndRoles(world);
  seedObjectStorage(world, rng);
  seedVouchers(world);
  seedCustomImage(world);
  seedSmallSubnet(world);
}

function seedApiKeys(world: World, rng: Rng): void {
  const now = world.now();
  const keys: [string, string, number][] = [
    ['terraform-ci', 'GitLab CI: the infrastructure pipeline', 200],
    ['alice-laptop', 'hyperstack-tui on my laptop', 45],
    ['grafana-exporter', 'Billing dashboard exporter', 12],
  ];
  for (const [name, description, ageDays] of keys) {
    const id = world.nextId('apiKey');
    world.apiKeys.set(id, { id, name, description, key: uuid(rng), createdAt: now - ageDays * DAY });
  }
}

/** What each verb of a permission is sent as (the catalogue's method and endpoint, for reading). */
const VERBS: Record<string, string> = {
  list: 'GET',
  read: 'GET',
  create: 'POST',
  update: 'PUT',
  delete: 'DELETE',
};

const EXTRA_PERMISSIONS = [
  'volume:list',
  'volume:create',
  'volume:delete',
  'snapshot:delete',
  'image:list',
  'image:delete',
  'api-key:list',
  'api-key:create',
  'api-key:delete',
  'rbac:list',
  'rbac:create',
  'rbac:update',
  'rbac:delete',
  'object-storage:list',
  'object-storage:delete',
  'billing:auto-topup',
];

/** Roles of the members (seed/org.ts names them): what each is made of. */
const ROLES: [name: string, description: string, policies: string[], extra: string[]][] = [
  [
    'Admin',
    'Everything in the organisation',
    [
      'Compute full access',
      'Environment management',
      'Key pair management',
      'Network admin',
      'Cluster admin',
      'Billing viewer',
    ],
    EXTRA_PERMISSIONS,
  ],
  [
    'ML Engineer',
    'Runs training VMs and their snapshots',
    ['Compute full access', 'Key pair management'],
    ['volume:list', 'volume:create'],
  ],
  ['Read only', 'Lists and reads, changes nothing', ['Read only'], []],
  ['Billing viewer', 'Usage, contracts and payments', ['Billing viewer'], []],
];

function seedPermissionsAndRoles(world: World): void {
  const created = world.org.createdAt;
  const names = new Set<string>();
  for (const p of world.policies) for (const x of p.permissions) names.add(x.permission);
  for (const x of EXTRA_PERMISSIONS) names.add(x);
  let id = 1001;
  for (const permission of [...names].sort()) {
    const [resource = '', action = ''] = permission.split(':');
    world.permissions.push({
      id: id++,
      resource,
      permission,
      method: VERBS[action] ?? 'GET',
      endpoint: `/${resource}${action in VERBS ? '' : `/{id}/${action}`}`,
      createdAt: created,
    });
  }
  ROLES.forEach(([name, description, policies, extra], i) => {
    const roleId = world.nextId('role');
    world.roles.set(roleId, {
      id: roleId,
      name,
      description,
      permissionIds: world.permissions.filter((p) => extra.includes(p.permission)).map((p) => p.id),
      policyIds: world.policies.filter((p) => policies.includes(p.name)).map((p) => p.id),
      createdAt: created + i * HOUR,
    });
  });
}

function seedObjectStorage(world: World, rng: Rng): void {
  const now = world.now();
  const GB = 1024 ** 3;
  const buckets: [string, ageDays: number, baseGb: number, gbPerDay: number, objectsPerDay: number][] = [
    ['northwind-checkpoints', 160, 820, 14, 40],
    ['datasets-raw', 300, 4200, 0, 0],
    ['ci-artifacts', 90, 35, 1.5, 900],
    ['tmp-exports', 6, 2, 0.2, 25],
  ];
  for (const [name, ageDays, baseGb, gbPerDay, objectsPerDay] of buckets) {
    const id = world.nextId('bucket');
    world.buckets.set(id, {
      id,
      name,
      region: 'CANADA-1',
      createdAt: now - ageDays * DAY,
      baseBytes: baseGb * GB,
      baseObjects: rng.int(200, 20_000),
      bytesPerHour: (gbPerDay * GB) / 24,
      objectsPerHour: objectsPerDay / 24,
    });
  }
  const keys: [string | null, number][] = [
    ['rclone on the training nodes', 120],
    ['CI artifact upload', 60],
    [null, 3],
  ];
  for (const [description, ageDays] of keys) {
    const id = world.nextId('accessKey');
    let accessKey = 'AK';
    for (let i = 0; i < 18; i++) accessKey += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[rng.int(0, 35)];
    world.accessKeys.set(id, {
      id,
      accessKey,
      region: 'CANADA-1',
      description,
      userId: world.userId,
      createdAt: now - ageDays * DAY,
    });
  }
}

function seedVouchers(world: World): void {
  world.vouchers.push(
    {
      id: 1,
      code: 'WELCOME-250',
      amount: 250,
      status: 'active',
      maxRedemptions: 1000,
      redemptions: 412,
      redeemedHere: false,
    },
    {
      id: 2,
      code: 'NORTHWIND-Q3',
      amount: 1000,
      status: 'active',
      maxRedemptions: 1,
      redemptions: 0,
      redeemedHere: false,
    },
    {
      id: 3,
      code: 'SPRING-2025',
      amount: 100,
      status: 'expired',
      maxRedemptions: 500,
      redemptions: 500,
      redeemedHere: false,
    },
  );
}

/** The golden snapshot (seed/resources.ts) was made into a custom image a day after it was taken. */
function seedCustomImage(world: World): void {
  const snap = [...world.snapshots.values()].find(
    (s) => s.name.endsWith('-golden-cuda-12') && s.status === 'SUCCESS',
  );
  if (!snap) return;
  const at = Math.min(world.now(), snap.updatedAt + DAY);
  createImageFromSnapshot(world, snap, { name: 'golden-cuda-12', labels: ['golden', 'cuda-12'], at });
}

/** The sandbox's subnet is a /28: 10 VMs at most, so a create of many VMs there is refused (world/quota.ts). */
function seedSmallSubnet(world: World): void {
  for (const env of world.envs.values()) if (env.name === 'sandbox') env.cidr = `10.${env.id % 250}.0.0/28`;
}
