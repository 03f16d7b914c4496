import type { Api } from '../api/client.js';
import { isTransitioning } from '../domain/vm-state.js';
import type { AppStore } from './app-store.js';
import type { PollTarget } from './poller.js';

/**
 * Every resource the app can poll, by store key. Lists have a fixed key ("vms"); details carry the id
 * ("vm-events:12"). The poller asks here how to load a key; screens name the keys they show.
 */
export function targetFor(api: Api, key: string, store?: AppStore): PollTarget | undefined {
  const [kind, arg] = splitKey(key);
  const id = Number(arg);
  switch (kind) {
    case 'vms':
      return {
        load: (signal) => api.vms.listAll({ signal }),
        // Fast while a VM moves, or while an action was sent but the data does not show it yet.
        transitioning: (vms) =>
          (vms as Array<{ status?: string | null }>).some((v) => isTransitioning(v.status)) ||
          Object.keys(store?.getState().pending ?? {}).some((k) => k.startsWith('vm:')),
      };
    case 'stocks':
      return { load: (signal) => api.catalog.stocks({ signal }) };
    case 'flavors':
      return { load: (signal) => api.catalog.flavors({ signal }) };
    case 'dashboard':
      return { load: (signal) => api.catalog.dashboard({ signal }) };
    case 'clusters':
      return {
        load: (signal) => api.clusters.list({ signal }),
        transitioning: (cs) => (cs as Array<{ status?: string | null }>).some((c) => c.status === 'CREATING'),
      };
    case 'firewalls':
      return { load: (signal) => api.firewalls.list({ signal }).then((p) => p.items) };
    case 'environments':
      return { load: (signal) => api.environments.list({ signal }).then((p) => p.items) };
    case 'keypairs':
      return { load: (signal) => api.keypairs.list({ signal }).then((p) => p.items) };
    case 'images':
      return { load: (signal) => api.catalog.images({ signal }) };
    case 'pricebook':
      return { load: (signal) => api.billing.pricebook({ signal }) };
    case 'profiles':
      return { load: (signal) => api.profiles.list({ signal }) };
    case 'cluster-versions':
      return { load: (signal) => api.clusters.versions({ signal }) };
    case 'contracts':
      return { load: (signal) => api.billing.contracts({ signal }).then((p) => p.items) };
    case 'payments':
      return { load: (signal) => api.billing.payments({ signal }) };
    case 'usage': {
      // "usage", "usage:deleted", "usage:env:NAME", "usage:deleted:env:NAME"
      const q = usageQuery(arg);
      return {
        load: (signal) =>
          api.billing.usage({
            signal,
            deleted: q.deleted,
            ...(q.environment !== undefined ? { environment: q.environment } : {}),
          }),
      };
    }
    case 'vm-events':
      return { load: (signal) => api.vms.events(id, { signal }) };
    case 'vm-rate':
      return { load: (signal) => api.billing.resourceRate('instance', id, { signal }) };
    case 'cluster-events':
      return {
        load: (signal) => api.clusters.events(id, { signal }),
        // New events arrive while the cluster is being created: fast then, like the list.
        transitioning: () =>
          (
            store?.getState().slices.clusters?.data as
              | Array<{ id?: number; status?: string | null }>
              | undefined
          )?.some((c) => c.id === id && c.status === 'CREATING') ?? false,
      };
    case 'cluster-rate':
      return { load: (signal) => api.billing.resourceRate('cluster', id, { signal }) };
    case 'volume-rate':
      return { load: (signal) => api.billing.resourceRate('volume', id, { signal }) };
    default:
      return undefined;
  }
}

/** The store key of a usage query (the billing screen's deleted toggle and environment filter). */
export function usageKey(deleted: boolean, environment?: string): string {
  return ['usage', ...(deleted ? ['deleted'] : []), ...(environment ? [`env:${environment}`] : [])].join(':');
}

function usageQuery(arg: string | undefined): { deleted: boolean; environment: string | undefined } {
  const rest = arg ?? '';
  const deleted = rest === 'deleted' || rest.startsWith('deleted:');
  const envAt = rest.indexOf('env:');
  return { deleted, environment: envAt >= 0 ? rest.slice(envAt + 4) || undefined : undefined };
}

function splitKey(key: string): [string, string | undefined] {
  const i = key.indexOf(':');
  return i < 0 ? [key, undefined] : [key.slice(0, i), key.slice(i + 1)];
}
