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
    case 'contracts':
      return { load: (signal) => api.billing.contracts({ signal }) };
    case 'payments':
      return { load: (signal) => api.billing.payments({ signal }) };
    case 'usage':
      return { load: (signal) => api.billing.usage({ signal, deleted: arg === 'deleted' }) };
    case 'vm-events':
      return { load: (signal) => api.vms.events(id, { signal }) };
    case 'vm-rate':
      return { load: (signal) => api.billing.resourceRate('instance', id, { signal }) };
    case 'cluster-events':
      return { load: (signal) => api.clusters.events(id, { signal }) };
    case 'cluster-rate':
      return { load: (signal) => api.billing.resourceRate('cluster', id, { signal }) };
    default:
      return undefined;
  }
}

function splitKey(key: string): [string, string | undefined] {
  const i = key.indexOf(':');
  return i < 0 ? [key, undefined] : [key.slice(0, i), key.slice(i + 1)];
}
