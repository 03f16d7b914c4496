import { Text } from 'ink';
import { creationProgress, creationText, isStuck } from '../src/domain/cluster.js';
import { changeBlocker, reconcileBlocker } from '../src/domain/cluster-changes.js';
import { sanitize } from '../src/domain/sanitize.js';
import { deleteCluster, saveKubeconfig } from '../src/store/actions/cluster-actions.js';
import { deleteNodeGroup, reconcileCluster } from '../src/store/actions/cluster-node-actions.js';
import { storeKey } from '../src/store/state/resources.js';
import { clusterDetailLines, RECONCILING_TEXT } from '../src/ui/details/cluster-detail.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import type { Theme } from '../src/ui/theme.js';
import { openCreateCluster } from './forms/cluster-create.js';
import { openRemoveNodes } from './forms/cluster-nodes-remove.js';
import { openCreateNodeGroup } from './forms/node-group-create.js';
import { openScaleNodeGroup } from './forms/node-group-scale.js';
import { CLUSTERS_LIST, type ClusterRow } from './lists/clusters.js';

/** The warning line: a stuck creation first, then a failed cluster, then creations in progress, else the beta note. */
function note(list: readonly ClusterRow[], theme: Theme, now: number) {
  const stuck = list.find((r) => isStuck(r.cluster, now));
  const failed = list.filter((r) => r.cluster.status === 'ERROR');
  const creating = list.filter((r) => r.cluster.status === 'CREATING');
  const reconciling = list.filter((r) => r.cluster.is_reconciling && r.cluster.status !== 'CREATING');
  const line = (s: string, color: string | undefined) => (
    <Text color={color} wrap="truncate-end">
      {s}
    </Text>
  );
  if (stuck) {
    const p = creationProgress(stuck.cluster, now);
    return line(
      `⚠ ${sanitize(stuck.cluster.name)}: ${p ? creationText(p) : 'stuck'} (select it, D)`,
      theme.error,
    );
  }
  if (failed[0]) {
    const c = failed[0].cluster;
    const more = failed.length > 1 ? ` (+${failed.length - 1} more in ERROR)` : '';
    return line(
      `✖ ${sanitize(c.name)} is in ERROR: ${sanitize(c.status_reason ?? 'no reason given')}${more}`,
      theme.error,
    );
  }
  if (creating.length > 0) {
    return line(
      `◐ ${creating.length} creating: a cluster takes about 5–20 minutes; one not ACTIVE after 30 minutes should be deleted and created again.`,
      theme.warn,
    );
  }
  if (reconciling[0]) {
    const more = reconciling.length > 1 ? ` (+${reconciling.length - 1} more)` : '';
    return line(`◐ ${sanitize(reconciling[0].cluster.name)}${more}: ${RECONCILING_TEXT}`, theme.warn);
  }
  return line('Beta feature: many concurrent creations may be slow or fail.', theme.dim);
}

export const CLUSTERS_SPEC: ResourceSpec<ClusterRow, 'clusters'> = {
  ...CLUSTERS_LIST,
  note,
  emptyText: 'no clusters',
  detail: {
    title: (r) => `cluster ${r.cluster.name}`,
    // The single read (kept fresh while open) carries the nodes whole; the list's object until it lands.
    watch: (r) => [
      storeKey('cluster', r.cluster.id),
      storeKey('cluster-events', r.cluster.id),
      storeKey('cluster-rate', r.cluster.id),
    ],
    lines: (r, slice, now, width) => {
      const events = slice(storeKey('cluster-events', r.cluster.id));
      const rate = slice(storeKey('cluster-rate', r.cluster.id));
      return clusterDetailLines({
        cluster: fresher(slice(storeKey('cluster', r.cluster.id)), slice('clusters'), r.cluster),
        region: r.region,
        events: events.data,
        eventsLoading: events.status === 'loading' || events.status === 'idle',
        rate: rate.data,
        rateLoading: rate.status === 'loading' || rate.status === 'idle',
        now,
        width,
      });
    },
    raw: (r) => r.cluster,
  },
  screenActions: [
    {
      key: 'c',
      label: 'create cluster',
      mutation: true,
      // the new cluster gets the cursor, as a new VM does
      run: (app, screen) =>
        void openCreateCluster(app.deps, { onCreated: (c) => screen.select(String(c.id)) }),
    },
  ],
  actions: [
    {
      key: 's',
      label: 'save kubeconfig',
      when: (r) => Boolean(r.cluster.kube_config?.trim()),
      run: (r, app) => saveKubeconfig(app.deps, r.cluster),
    },
    // node groups: offered on an ACTIVE cluster; while it reconciles they show why the service refuses them
    {
      key: 'S',
      label: 'scale node group',
      mutation: true,
      when: (r) => r.cluster.status === 'ACTIVE',
      blocked: (r) => changeBlocker(r.cluster),
      run: (r, app) => openScaleNodeGroup(app.deps, r.cluster),
    },
    {
      key: 'a',
      label: 'add node group',
      mutation: true,
      when: (r) => r.cluster.status === 'ACTIVE',
      blocked: (r) => changeBlocker(r.cluster),
      run: (r, app) => void openCreateNodeGroup(app.deps, r.cluster),
    },
    {
      key: 'x',
      label: 'remove nodes',
      mutation: true,
      when: (r) => r.cluster.status === 'ACTIVE',
      blocked: (r) => changeBlocker(r.cluster),
      run: (r, app) => void openRemoveNodes(app.deps, r.cluster),
    },
    {
      key: 'X',
      label: 'delete node group',
      mutation: true,
      when: (r) => r.cluster.status === 'ACTIVE',
      blocked: (r) => changeBlocker(r.cluster),
      run: (r, app) => deleteNodeGroup(app.deps, r.cluster),
    },
    {
      key: 'e',
      label: 'reconcile',
      mutation: true,
      when: (r) => r.cluster.status === 'ACTIVE' || r.cluster.status === 'ERROR',
      blocked: (r) => reconcileBlocker(r.cluster),
      run: (r, app) => reconcileCluster(app.deps, r.cluster),
    },
    {
      key: 'D',
      label: 'delete (stuck: recreate)',
      mutation: true,
      when: (r, now) => isStuck(r.cluster, now),
      run: (r, app) => deleteCluster(app.deps, r.cluster, Date.now()),
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      when: (r, now) => r.cluster.status !== 'DELETING' && !isStuck(r.cluster, now),
      run: (r, app) => deleteCluster(app.deps, r.cluster, Date.now()),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([CLUSTERS_SPEC]);

/**
 * Kubernetes clusters (beta): status with creation time against the expected 5–20 minutes, events, kubeconfig,
 * node groups (add, scale, delete), worker nodes (remove), reconcile.
 */
export function ClustersScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={CLUSTERS_SPEC} />;
}
