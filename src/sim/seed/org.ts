/** The demo organisation, its members, pending invitations and the RBAC policies on offer. */
import type { Rng } from '../rng.js';
import { scheduleAcceptance } from '../world/org.js';
import type { MemberRecord } from '../world/types.js';
import type { World } from '../world.js';
import { DAY, uuid } from './util.js';

const PEOPLE: [name: string, user: string, role: MemberRecord['role'], roles: string[]][] = [
  ['Alice Nakamura', 'alice', 'owner', ['Admin']],
  ['Bob Lindqvist', 'bob', 'admin', ['Admin']],
  ['Chen Wei', 'chen', 'member', ['ML Engineer']],
  ['Dana Okafor', 'dana', 'member', ['Read only']],
  ['Emil Haugen', 'emil', 'member', ['Billing viewer']],
];

const DOMAIN = 'northwind-ai.example';

export function seedOrg(world: World, rng: Rng): void {
  const now = world.now();
  const created = now - 420 * DAY;
  const members: MemberRecord[] = PEOPLE.map(([name, user, role, rbacRoles], i) => {
    const joinedAt = created + i * rng.int(5, 40) * DAY;
    return {
      id: world.nextId('user'),
      name,
      email: `${user}@${DOMAIN}`,
      username: user,
      role,
      rbacRoles,
      joinedAt,
      lastLogin: i === 3 ? null : now - rng.int(1, 72) * 3_600_000,
      sub: uuid(rng),
    };
  });
  world.org = {
    id: 1042,
    name: 'Northwind AI Labs',
    createdAt: created,
    credit: rng.int(1500, 6000),
    threshold: 100,
    // the service's default alerts: every organisation is subscribed to all of them
    thresholds: [500, 100, 50, 10].map((amount, i) => ({
      id: i + 1,
      threshold: amount,
      title: `Credit below $${amount}`,
      tooltip: `An e-mail when the credit balance falls below $${amount}.`,
      subscribed: true,
    })),
    members,
    invites: [
      { id: world.nextId('invite'), email: `farah@${DOMAIN}`, status: 'pending', createdAt: now - 2 * DAY },
      {
        id: world.nextId('invite'),
        email: 'gustav.berg@contractor.example',
        status: 'pending',
        createdAt: now - 9 * DAY,
      },
      {
        id: world.nextId('invite'),
        email: `old.intern@${DOMAIN}`,
        status: 'expired',
        createdAt: now - 60 * DAY,
      },
    ],
  };
  world.userId = members[0]!.id;
  // the newest invitation is accepted a few minutes into the demo
  scheduleAcceptance(world, world.org.invites[0]!, now + 5 * 60_000);
  seedPolicies(world, created);
}

const POLICIES: [name: string, description: string, perms: string[]][] = [
  [
    'Compute full access',
    'Create, operate and delete virtual machines, volumes and snapshots',
    [
      'virtual-machine:list',
      'virtual-machine:read',
      'virtual-machine:create',
      'virtual-machine:delete',
      'virtual-machine:start',
      'virtual-machine:stop',
      'virtual-machine:hard-reboot',
      'virtual-machine:hibernate',
      'virtual-machine:hibernate-restore',
      'snapshot:list',
      'snapshot:create',
    ],
  ],
  [
    'Read only',
    'List and read every resource, change nothing',
    [
      'environment:list',
      'keypair:list',
      'virtual-machine:list',
      'virtual-machine:read',
      'firewall:list',
      'cluster:list',
    ],
  ],
  [
    'Environment management',
    'Manage environments',
    ['environment:list', 'environment:create', 'environment:update', 'environment:delete'],
  ],
  [
    'Key pair management',
    'Import and manage SSH key pairs',
    ['keypair:list', 'keypair:create', 'keypair:update', 'keypair:delete'],
  ],
  [
    'Network admin',
    'Firewalls, firewall rules and public IPs',
    [
      'firewall:list',
      'firewall:create',
      'firewall:delete',
      'firewall:create-firewall-rule',
      'virtual-machine:attach-floatingip',
      'virtual-machine:detach-floatingip',
    ],
  ],
  [
    'Cluster admin',
    'Kubernetes clusters (beta)',
    ['cluster:list', 'cluster:read', 'cluster:create', 'cluster:delete'],
  ],
  [
    'Billing viewer',
    'Usage, contracts and payments',
    ['billing:usage', 'billing:payment-details', 'pricebook:contracts'],
  ],
];

function seedPolicies(world: World, created: number): void {
  let permId = 1;
  POLICIES.forEach(([name, description, perms], i) => {
    world.policies.push({
      id: 11 + i,
      name,
      description,
      createdAt: created + i * 3_600_000,
      permissions: perms.map((permission) => ({
        id: permId++,
        resource: permission.split(':')[0]!,
        permission,
      })),
    });
  });
}
