/** What each kind of resource is followed by (follow.ts): its list, when it has settled, what is said then. */
import { ipAddress } from '../../domain/address.js';
import { clusterMoving } from '../../domain/cluster.js';
import { sanitize } from '../../domain/sanitize.js';
import { isTransitioning } from '../../domain/vm-state.js';
import { volumeMoving } from '../../domain/volumes.js';
import { follow } from './follow.js';
import type { ActionDeps } from './mutate.js';

const named = (noun: string, name: string) => `${noun} ${sanitize(name)}`;

/**
 * VMs until they settle (ACTIVE, SHUTOFF, ERROR …): "VM ux-test is ACTIVE after 20 s — C copies ssh". `before`:
 * the state before an action on one VM (see FollowSpec.before).
 */
export function followVms(
  deps: ActionDeps,
  vms: readonly { id: number; name: string }[],
  before?: string,
): () => void {
  const ids = new Set(vms.map((v) => v.id));
  return follow(deps, {
    key: 'vms',
    find: (list) => list.filter((v) => ids.has(v.id)),
    count: ids.size,
    what: vms.length === 1 && vms[0] ? named('VM', vms[0].name) : `${vms.length} VMs`,
    state: (v) => v.status,
    settled: (v) => !isTransitioning(v.status),
    next: (items) =>
      items.length === 1 && items[0]?.status === 'ACTIVE' && ipAddress(items[0].floating_ip)
        ? ' — C copies ssh'
        : '',
    gone: 'is deleted',
    ...(before !== undefined ? { before } : {}),
  });
}

/** A snapshot until it is SUCCESS (or failed): "snapshot nightly is SUCCESS after 42 s". */
export function followSnapshot(deps: ActionDeps, snap: { id: number; name: string }, before?: string) {
  return follow(deps, {
    key: 'snapshots',
    find: (list) => list.filter((s) => s.id === snap.id),
    count: 1,
    what: named('snapshot', snap.name),
    state: (s) => s.status,
    settled: (s) => s.status !== 'CREATING' && s.status !== 'DELETING',
    gone: 'is deleted',
    ...(before !== undefined ? { before } : {}),
  });
}

/** A volume until it settles (available, in-use, error): "volume data-1 is available after 9 s". */
export function followVolume(
  deps: ActionDeps,
  volume: { id: number; name?: string | null },
  before?: string,
) {
  return follow(deps, {
    key: 'volumes',
    find: (list) => list.filter((v) => v.id === volume.id),
    count: 1,
    what: named('volume', volume.name ?? `#${volume.id}`),
    state: (v) => v.status ?? '?',
    settled: (v) => !volumeMoving(v.status),
    gone: 'is deleted',
    ...(before !== undefined ? { before } : {}),
  });
}

/**
 * A cluster until it is no longer being created or reconciled: "cluster k8s-1 is ACTIVE after 6m". `before`: its
 * state before a change of its node groups (it shows RECONCILING meanwhile).
 */
export function followCluster(deps: ActionDeps, cluster: { id: number; name: string }, before?: string) {
  return follow(deps, {
    key: 'clusters',
    find: (list) => list.filter((c) => c.id === cluster.id),
    count: 1,
    what: named('cluster', cluster.name),
    state: (c) => (c.is_reconciling ? 'RECONCILING' : (c.status ?? '?')),
    // a cluster being deleted is followed until it is gone, not said to have settled as DELETING
    settled: (c) => !clusterMoving(c) && c.status !== 'DELETING',
    gone: 'is deleted',
    ...(before !== undefined ? { before } : {}),
  });
}
