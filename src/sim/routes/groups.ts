/**
 * The simulator's routes in groups, one per file of this folder, each loaded when a request first falls on one of
 * its paths (match.ts, LazyRouteTable): a demo start loads the routes its first screen asks for, not the others.
 * Each group declares its paths, so the table knows which groups a request may belong to without loading them
 * (test/unit/sim-routes-lazy.test.ts checks they are exactly its routes' paths, in index.ts's order).
 */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, simPath } from '../route.js';

export interface RouteGroup {
  name: string;
  paths: readonly string[];
  load(): Promise<RouteDef[]>;
}

/** Each handler first advances the world to the clock's time, so transitions due by now show in the answer. */
export function advancing(route: RouteDef): RouteDef {
  return {
    ...route,
    handle: (req, world) => {
      world.advance();
      return route.handle(req, world);
    },
  };
}

const VM = '/core/virtual-machines/:vm_id';

/** The kinds with a billing history, and each one's id parameter (billing-history.ts). */
const HISTORY_KINDS = ['virtual-machine', 'volume', 'snapshot', 'cluster', 'bucket'] as const;
const HISTORY_PARAM: Record<(typeof HISTORY_KINDS)[number], string> = {
  'virtual-machine': 'vm_id',
  volume: 'volume_id',
  snapshot: 'snapshot_id',
  cluster: 'cluster_id',
  bucket: 'bucket_id',
};

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  {
    name: 'auth',
    paths: [
      '/auth/organizations',
      '/auth/organizations/remove-member',
      '/auth/organizations/update',
      '/auth/invites',
      '/auth/invites/:id',
      '/auth/policies',
    ],
    load: () => import('./auth.js').then((m) => m.authRoutes),
  },
  {
    name: 'regions',
    paths: ['/core/regions'],
    load: () => import('./regions.js').then((m) => m.regionRoutes),
  },
  {
    name: 'environments',
    paths: ['/core/environments', '/core/environments/:id'],
    load: () => import('./environments.js').then((m) => m.environmentRoutes),
  },
  {
    name: 'keypairs',
    paths: ['/core/keypairs', '/core/keypair/:id'],
    load: () => import('./keypairs.js').then((m) => m.keypairRoutes),
  },
  {
    name: 'catalog',
    paths: ['/core/flavors', '/core/images', '/core/stocks', '/core/dashboard'],
    load: () => import('./catalog.js').then((m) => m.catalogRoutes),
  },
  {
    name: 'vms',
    paths: [
      '/core/virtual-machines',
      VM,
      ...['start', 'stop', 'hard-reboot', 'hibernate', 'hibernate-restore', 'resize'].map(
        (a) => `${VM}/${a}`,
      ),
    ],
    load: () => import('./vms.js').then((m) => m.vmRoutes),
  },
  {
    name: 'vm-extras',
    paths: [
      'metrics',
      'events',
      'sg-rules',
      'sg-rules/:sg_rule_id',
      'attach-floatingip',
      'detach-floatingip',
      'attach-callback',
      'update-callback',
      'delete-callback',
      'label',
      'logs',
      'request-console',
      'console/:job_id',
    ].map((p) => `${VM}/${p}`),
    load: () => import('./vm-extras.js').then((m) => m.vmExtraRoutes),
  },
  {
    name: 'volumes',
    paths: [
      ...[
        op.List_volumes,
        op.Get_Volume,
        op.List_volume_types,
        op.Fetch_volume_name_availability,
        op.Attach_volumes_to_VM,
        op.Detach_volumes_from_VM,
        op.Update_volume_attachment,
      ].map(simPath),
    ],
    load: () => import('./volumes.js').then((m) => m.volumeRoutes),
  },
  {
    name: 'firewalls',
    paths: [
      '/core/firewalls',
      '/core/firewalls/:id',
      '/core/firewalls/:firewall_id/firewall-rules',
      '/core/firewalls/:firewall_id/firewall-rules/:firewall_rule_id',
      '/core/firewalls/:firewall_id/update-attachments',
    ],
    load: () => import('./firewalls.js').then((m) => m.firewallRoutes),
  },
  {
    name: 'snapshots',
    paths: [
      '/core/snapshots',
      '/core/snapshots/:id',
      '/core/snapshots/:snapshot_id/events',
      '/core/snapshots/:snapshot_id/image',
      '/core/snapshots/:id/restore',
      '/core/virtual-machines/:vm_id/snapshots',
      '/core/virtual-machines/:vm_id/snapshots/:snapshot_id',
    ],
    load: () => import('./snapshots.js').then((m) => m.snapshotRoutes),
  },
  {
    name: 'profiles',
    paths: ['/core/profiles', '/core/profiles/:id'],
    load: () => import('./profiles.js').then((m) => m.profileRoutes),
  },
  {
    name: 'cluster-groups',
    paths: [
      '/core/clusters/master-flavors',
      '/core/clusters/name-availability/:name',
      '/core/clusters/:cluster_id/node-groups',
      '/core/clusters/:cluster_id/node-groups/:node_group_id',
      '/core/clusters/:cluster_id/nodes',
      '/core/clusters/:cluster_id/nodes/delete',
      '/core/clusters/:cluster_id/nodes/:node_id',
      '/core/clusters/:cluster_id/reconcile',
    ],
    load: () => import('./cluster-groups.js').then((m) => m.clusterGroupRoutes),
  },
  {
    name: 'clusters',
    paths: [
      '/core/clusters/versions',
      '/core/clusters',
      '/core/clusters/:id',
      '/core/clusters/:cluster_id/events',
    ],
    load: () => import('./clusters.js').then((m) => m.clusterRoutes),
  },
  {
    name: 'billing',
    paths: [
      '/pricebook/calculate/resource/:resource_type/:id',
      '/pricebook',
      '/pricebook/contracts',
      '/pricebook/contracts/:contract_id',
      '/billing/billing/usage',
      '/billing/payment/payment-details',
    ],
    load: () => import('./billing.js').then((m) => m.billingRoutes),
  },
  {
    name: 'credit',
    paths: [
      '/billing/user-credit/credit',
      '/billing/billing/last-day-cost',
      '/billing/billing/threshold',
      '/billing/billing/threshold/:threshold_id',
      '/billing/billing/history',
      '/billing/billing/history/virtual-machine/:vm_id/graph',
      '/billing/billing/history/volume/:volume_id/graph',
    ],
    load: () => import('./credit.js').then((m) => m.creditRoutes),
  },
  // issue 25: the rest of the service an operator touches
  {
    name: 'images',
    paths: ['/core/images/:id', '/core/image/name-availability/:name'],
    load: () => import('./images.js').then((m) => m.imageRoutes),
  },
  {
    name: 'name-availability',
    paths: [
      '/core/environments/name-availability/:name',
      '/core/virtual-machines/name-availability/:name',
      '/core/snapshots/name-availability/:name',
    ],
    load: () => import('./name-availability.js').then((m) => m.nameAvailabilityRoutes),
  },
  {
    name: 'api-keys',
    paths: ['/api-key', '/api-key/generate', '/api-key/:api_key_id'],
    load: () => import('./api-keys.js').then((m) => m.apiKeyRoutes),
  },
  {
    name: 'rbac',
    paths: [
      '/auth/permissions',
      '/auth/roles',
      '/auth/roles/:id',
      '/auth/users/me/permissions',
      '/auth/users/:id/permissions',
      '/auth/users/:user_id/assign-roles',
      '/auth/users/:user_id/roles',
    ],
    load: () => import('./rbac.js').then((m) => m.rbacRoutes),
  },
  {
    name: 'object-storage',
    paths: [
      '/object-storage/buckets',
      '/object-storage/buckets/:bucket_name',
      '/object-storage/access-keys',
      '/object-storage/access-keys/:access_key_id',
      '/object-storage/regions',
      '/object-storage/healthz',
    ],
    load: () => import('./object-storage.js').then((m) => m.objectStorageRoutes),
  },
  {
    name: 'top-up',
    paths: ['/billing/auto-topup', '/billing/auto-topup/status', '/billing/billing/vouchers/redeem'],
    load: () => import('./top-up.js').then((m) => m.topUpRoutes),
  },
  {
    name: 'billing-history',
    paths: [
      ...HISTORY_KINDS.map((k) => `/billing/billing/history/${k}`),
      ...HISTORY_KINDS.map((k) => `/billing/billing/history/${k}/:${HISTORY_PARAM[k]}`),
      '/billing/billing/history/cluster/:cluster_id/graph',
      '/billing/billing/history/snapshot/:snapshot_id/graph',
      '/billing/billing/virtual-machine/:vm_id/billing-events',
      '/billing/billing/volume/:volume_id/billing-events',
      '/billing/billing/virtual-machine/:vm_id/sub-resource',
      '/billing/billing/virtual-machine/:vm_id/sub-resource/graph',
    ],
    load: () => import('./billing-history.js').then((m) => m.billingHistoryRoutes),
  },
  {
    name: 'contracts',
    paths: [
      '/core/virtual-machines/contract/:contract_id/virtual-machines',
      '/pricebook/contracts/:contract_id/gpu_allocation_graph',
    ],
    load: () => import('./contracts.js').then((m) => m.contractRoutes),
  },
  {
    name: 'volume-callbacks',
    paths: ['attach-callback', 'update-callback', 'delete-callback'].map(
      (p) => `/core/volumes/:volume_id/${p}`,
    ),
    load: () => import('./volume-callbacks.js').then((m) => m.volumeCallbackRoutes),
  },
  {
    name: 'account-extras',
    paths: [
      '/core/gpus',
      '/core/sg-rules-protocols',
      '/core/user/resources/defaults',
      '/core/environments/:id/vm-quota',
      '/core/virtual-machines/:vm_id/attach-firewalls',
      '/auth/invites/:id/accept',
    ],
    load: () => import('./account-extras.js').then((m) => m.accountExtraRoutes),
  },
];
