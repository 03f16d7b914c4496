/**
 * Every route of the simulated service, loaded at once (tests; a custom server's `routes`): the server itself loads
 * them in groups as they are first asked for (groups.ts, same order). Each handler first advances the world.
 */
import type { RouteDef } from '../route.js';
import { accountExtraRoutes } from './account-extras.js';
import { apiKeyRoutes } from './api-keys.js';
import { authRoutes } from './auth.js';
import { billingRoutes } from './billing.js';
import { billingHistoryRoutes } from './billing-history.js';
import { catalogRoutes } from './catalog.js';
import { clusterGroupRoutes } from './cluster-groups.js';
import { clusterRoutes } from './clusters.js';
import { contractRoutes } from './contracts.js';
import { creditRoutes } from './credit.js';
import { environmentRoutes } from './environments.js';
import { firewallRoutes } from './firewalls.js';
import { advancing } from './groups.js';
import { imageRoutes } from './images.js';
import { keypairRoutes } from './keypairs.js';
import { nameAvailabilityRoutes } from './name-availability.js';
import { objectStorageRoutes } from './object-storage.js';
import { profileRoutes } from './profiles.js';
import { rbacRoutes } from './rbac.js';
import { regionRoutes } from './regions.js';
import { snapshotRoutes } from './snapshots.js';
import { topUpRoutes } from './top-up.js';
import { vmExtraRoutes } from './vm-extras.js';
import { vmRoutes } from './vms.js';
import { volumeCallbackRoutes } from './volume-callbacks.js';
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
  // issue 25: the rest of the service an operator touches
  ...imageRoutes,
  ...nameAvailabilityRoutes,
  ...apiKeyRoutes,
  ...rbacRoutes,
  ...objectStorageRoutes,
  ...topUpRoutes,
  ...billingHistoryRoutes,
  ...contractRoutes,
  ...volumeCallbackRoutes,
  ...accountExtraRoutes,
].map(advancing);
