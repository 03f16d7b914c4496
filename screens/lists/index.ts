/**
 * Every list `get` prints, by its kind (screens/lists/kinds.ts). Each is the list a screen shows, declared once in
 * this folder (rows, columns, region, environment, raw object): a screen's registry entry names its lists (`get`)
 * or says why it has none, and test/unit/get-lists.test.ts holds every screen to it. Only `get` imports this file.
 */
import type { ResourceKey } from '../../src/store/state/resources.js';
import type { ListSpec } from '../../src/ui/screen/list-spec.js';
import { API_KEYS_LIST } from './api-keys.js';
import { ACCESS_KEYS_LIST, BUCKETS_LIST } from './buckets.js';
import { CLUSTERS_LIST } from './clusters.js';
import { FIREWALLS_LIST } from './firewalls.js';
import { IMAGES_LIST } from './images.js';
import { KEYPAIRS_LIST } from './keypairs.js';
import type { ListName } from './kinds.js';
import { INVITES_LIST, MEMBERS_LIST, POLICIES_LIST } from './org.js';
import { PROFILES_LIST } from './profiles.js';
import { ROLES_LIST } from './roles.js';
import { SNAPSHOTS_LIST } from './snapshots.js';
import { flavorsList, stockList } from './stock.js';
import { usageList } from './usage.js';
import { vmsList } from './vms.js';
import { VOLUMES_LIST } from './volumes.js';

/** What `get` asks of the service: the lists built for an environment (usage) get it, the others filter rows. */
export interface ListQuery {
  environment?: string | undefined;
}

export interface GetList {
  list(q: ListQuery): ListSpec<object, ResourceKey>;
  /** The list is asked of the service for the environment (`--environment` applies without `environment`). */
  byEnvironment?: true;
}

/** A list of any rows, as `get` holds it: it only passes a row back to the functions of the list it came from. */
const erase = <T, K extends ResourceKey>(spec: ListSpec<T, K>) =>
  spec as unknown as ListSpec<object, ResourceKey>;
const of = <T, K extends ResourceKey>(spec: ListSpec<T, K>): GetList => ({ list: () => erase(spec) });

export const GET_LISTS: Readonly<Record<ListName, GetList>> = {
  vms: of(vmsList(true)),
  stock: of(stockList()),
  flavors: of(flavorsList()),
  clusters: of(CLUSTERS_LIST),
  firewalls: of(FIREWALLS_LIST),
  volumes: of(VOLUMES_LIST),
  snapshots: of(SNAPSHOTS_LIST),
  images: of(IMAGES_LIST),
  'api-keys': of(API_KEYS_LIST),
  buckets: of(BUCKETS_LIST),
  'access-keys': of(ACCESS_KEYS_LIST),
  keypairs: of(KEYPAIRS_LIST),
  profiles: of(PROFILES_LIST),
  members: of(MEMBERS_LIST),
  invites: of(INVITES_LIST),
  policies: of(POLICIES_LIST),
  roles: of(ROLES_LIST),
  usage: { list: (q) => erase(usageList(false, q.environment)), byEnvironment: true },
};
