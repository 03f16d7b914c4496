import { authEndpoints } from './endpoints/auth.js';
import { billingEndpoints } from './endpoints/billing.js';
import { catalogEndpoints } from './endpoints/catalog.js';
import { clusterEndpoints } from './endpoints/clusters.js';
import { creditEndpoints } from './endpoints/credit.js';
import { environmentEndpoints } from './endpoints/environments.js';
import { firewallEndpoints } from './endpoints/firewalls.js';
import { keypairEndpoints } from './endpoints/keypairs.js';
import { profileEndpoints } from './endpoints/profiles.js';
import { regionEndpoints } from './endpoints/regions.js';
import { snapshotEndpoints } from './endpoints/snapshots.js';
import { vmEndpoints } from './endpoints/vms.js';
import { volumeEndpoints } from './endpoints/volumes.js';
import type { Transport } from './request.js';

/** Every operation of the service, typed, over one transport (the real service or the simulator). */
export function createApi(t: Transport) {
  return {
    auth: authEndpoints(t),
    regions: regionEndpoints(t),
    environments: environmentEndpoints(t),
    keypairs: keypairEndpoints(t),
    catalog: catalogEndpoints(t),
    vms: vmEndpoints(t),
    firewalls: firewallEndpoints(t),
    snapshots: snapshotEndpoints(t),
    profiles: profileEndpoints(t),
    volumes: volumeEndpoints(t),
    clusters: clusterEndpoints(t),
    billing: billingEndpoints(t),
    credit: creditEndpoints(t),
  };
}

export type Api = ReturnType<typeof createApi>;

export type { CollectOptions } from './endpoints/paginate.js';
export type { CallOptions, ListOptions, Page } from './endpoints/shared.js';
export type { VmListOptions } from './endpoints/vms.js';
