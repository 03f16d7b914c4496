/**
 * Every route of the simulated service, loaded at once (tests; a custom server's `routes`): the server itself loads
 * them in groups as they are first asked for (groups.ts, same order). Each handler first advances the world.
 */
import type { RouteDef } from '../route.js';
import { authRoutes } from './auth.js';
import { billingRoutes } from './billing.js';
import { catalogRoutes } from './catalog.js';
import { clusterGroupRoutes } from './cluster-groups.js';
import { clusterRoutes } from './clusters.js';
import { creditRoutes } from './credit.js';
import { environmentRoutes } from './environments.js';
import { firewallRoutes } from './firewalls.js';
import { advancing } from './groups.js';
import { keypairRoutes } from './keypairs.js';
import { profileRoutes } from './profiles.js';
import { regionRoutes } from './regions.js';
import { snapshotRoutes } from './snapshots.js';
import { vmExtraRoutes } from './vm-extras.js';
import { vmRoutes } from './vms.js';
import { volumeRoutes } from './volumes.js';

export const routes: RouteDef[] = [
  ...authRoutes,
  ...regionRoutes,
  ...environmentRoutes,
  ...keypairRoutes,
  ...catalogRoutes,
  ...vmRoutes,
  ...vmExtraRoutes,
  ...volumeRoutes,
  ...firewallRoutes,
  ...snapshotRoutes,
  ...profileRoutes,
  // before clusterRoutes: /core/clusters/master-flavors is not a cluster id
  ...clusterGroupRoutes,
  ...clusterRoutes,
  ...billingRoutes,
  ...creditRoutes,
].map(advancing);
