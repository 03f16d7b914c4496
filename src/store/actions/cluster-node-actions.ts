/**
 * A cluster's node groups from the Clusters screen: choose a group, delete one (its name typed), reconcile. The
 * forms (add a group, scale one, remove nodes) are in screens/forms/.
 */

import type { Api } from '../../api/client.js';
import type { Cluster, ClusterNodeGroup } from '../../api/schemas/cluster.js';
import { workerGroupsOf } from '../../domain/cluster-nodes.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { type ResourceKey, storeKey } from '../state/resources.js';
import { followCluster } from './follow-kinds.js';
import { type ActionDeps, runAction } from './mutate.js';

/** Removes these nodes: the single-node delete for one, the batch delete for several (as the service has both). */
export function removeNodes(
  api: Api,
  clusterId: number,
  ids: readonly number[],
): Promise<string | undefined> {
  const [only] = ids;
  return ids.length === 1 && only !== undefined
    ? api.clusters.deleteNode(clusterId, only)
    : api.clusters.deleteNodes(clusterId, ids);
}

/** What a node change refreshes: the list, the open detail and its events. */
export function clusterRefresh(c: Cluster): ResourceKey[] {
  return ['clusters', storeKey('cluster', c.id), storeKey('cluster-events', c.id)];
}

/** "workers · 2 × n1-cpu-large (min 1, max 4)". */
export function groupLabel(g: ClusterNodeGroup): string {
  return `${g.name ?? '?'} · ${g.count ?? '?'} × ${g.flavor?.name ?? '?'} (min ${g.min_count ?? '?'}, max ${g.max_count ?? '?'})`;
}

/** Runs `then` with the group to act on: the only one, or the one chosen in a 'choose' dialog. */
export function chooseGroup(
  deps: ActionDeps,
  c: Cluster,
  title: string,
  then: (g: ClusterNodeGroup) => void,
): void {
  const groups = workerGroupsOf(c.node_groups).filter((g) => g.id != null);
  if (groups.length === 0) {
    ui.say(deps.store, `${sanitize(c.name)} lists no node group`, 'error');
    return;
  }
  if (groups.length === 1) {
    then(groups[0]!);
    return;
  }
  ui.openModal(deps.store, {
    kind: 'choose',
    title,
    message: 'Which node group?',
    options: groups.map((g) => ({ label: groupLabel(g), value: String(g.id) })),
    onChoose: (value) => {
      const g = groups.find((x) => String(x.id) === value);
      if (g) then(g);
    },
  });
}

/** Deletes a node group after its name is typed: its nodes are deleted. The last group is refused up front. */
export function deleteNodeGroup(deps: ActionDeps, c: Cluster): void {
  const groups = workerGroupsOf(c.node_groups);
  if (groups.length <= 1) {
    ui.say(
      deps.store,
      `${sanitize(c.name)} has one node group: the last one cannot be deleted (delete the cluster instead)`,
      'error',
    );
    return;
  }
  chooseGroup(deps, c, `Delete a node group of ${sanitize(c.name)}`, (g) => {
    const name = sanitize(g.name ?? '');
    ui.openModal(deps.store, {
      kind: 'type-to-confirm',
      title: `Delete node group ${name}?`,
      message: `Its ${g.count ?? '?'} node(s) of ${sanitize(g.flavor?.name ?? '?')} are deleted, with what runs on them. The cluster reconciles meanwhile. Type the group's name to confirm.`,
      expected: g.name ?? '',
      onConfirm: () =>
        void runAction(deps, (api) => api.clusters.deleteNodeGroup(c.id, g.id!), {
          doing: `Deleting node group ${name} of ${sanitize(c.name)}`,
          done: `Delete requested for node group ${name}: the cluster reconciles`,
          refresh: clusterRefresh(c),
        }).then((r) => {
          if (r !== undefined) followCluster(deps, c, c.status ?? undefined);
        }),
    });
  });
}

/** Asks the service to reconcile the cluster (bring its nodes to what it asks for), after a yes. */
export function reconcileCluster(deps: ActionDeps, c: Cluster): void {
  const name = sanitize(c.name);
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Reconcile ${name}?`,
    message:
      'The service brings the nodes to what the cluster asks for (failed nodes are replaced). No other change is accepted until it ends.',
    confirmLabel: 'reconcile',
    onConfirm: () =>
      void runAction(deps, (api) => api.clusters.reconcile(c.id), {
        doing: `Reconciling ${name}`,
        done: `Reconcile requested for ${name}`,
        refresh: clusterRefresh(c),
      }).then((r) => {
        if (r !== undefined) followCluster(deps, c, c.status ?? undefined);
      }),
  });
}
