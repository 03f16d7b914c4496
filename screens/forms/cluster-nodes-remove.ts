/**
 * "Remove worker nodes" (Clusters screen, x): one or several worker nodes, chosen by name, removed with the
 * cluster's name typed to confirm. One node is one DELETE; several are one batch request. A group is never left
 * without a node (the service refuses it: delete the group instead), and the summary says the hourly saving.
 */

import type { Cluster } from '../../src/api/schemas/cluster.js';
import { hourlyChange, nodeHourly, nodesOfGroup, signedPerHour } from '../../src/domain/cluster-changes.js';
import { workerGroupsOf } from '../../src/domain/cluster-nodes.js';
import { priceMap } from '../../src/domain/pricing.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { clusterRefresh, removeNodes } from '../../src/store/actions/cluster-node-actions.js';
import { followCluster } from '../../src/store/actions/follow-kinds.js';
import { type FormContext, loadFormData } from '../../src/store/actions/form-data.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

/** The form's values, by field id. */
type RemoveValues = {
  nodes: readonly string[];
  confirm: string;
};

export function removeNodesForm(ctx: FormContext, c: Cluster): FormSpec<RemoveValues> {
  const { data, deps } = ctx;
  const prices = priceMap(data.pricebook);
  const groups = workerGroupsOf(c.node_groups).map((g) => ({ g, nodes: nodesOfGroup(c.nodes, g) }));
  const all = groups.flatMap(({ g, nodes }) => nodes.map((n) => ({ n, g })));
  const cname = sanitize(c.name);
  /** A group every node of which is chosen: the service refuses it. */
  const emptied = (ids: readonly string[]) =>
    groups.find(({ nodes }) => nodes.length > 0 && nodes.every((n) => ids.includes(String(n.id))));
  return {
    title: `Remove worker nodes of ${cname}`,
    notes: ['The nodes are deleted with what runs on them; the cluster reconciles meanwhile.'],
    fields: [
      {
        id: 'nodes',
        kind: 'multi-select',
        label: 'Nodes',
        help: 'Space marks a node; several go in one request.',
        options: () =>
          all.map(({ n, g }) => ({
            label: n.instance?.name ?? String(n.id),
            value: String(n.id),
            hint: `${g.name ?? '?'} · ${g.flavor?.name ?? '?'} · ${n.status ?? '?'}`,
          })),
        validate: (v) => {
          const ids = v;
          if (ids.length === 0) return 'choose at least one node';
          const e = emptied(ids);
          return e ? `leaves ${e.g.name ?? '?'} with no node: delete the group instead (X)` : undefined;
        },
      },
      {
        id: 'confirm',
        kind: 'text',
        label: 'Type the cluster name',
        validate: (v) => (v === c.name ? undefined : `type ${cname} to confirm`),
      },
    ],
    initial: { nodes: [], confirm: '' },
    summary: (values) => {
      const ids = values.nodes;
      if (ids.length === 0) return undefined;
      let delta: number | undefined = 0;
      for (const { n, g } of all) {
        if (!ids.includes(String(n.id))) continue;
        const d = hourlyChange(nodeHourly(g, prices), 1, 0);
        delta = delta === undefined || d === undefined ? undefined : delta + d;
      }
      return `${ids.length} node(s) removed · ${delta === undefined ? 'price change unknown' : signedPerHour(delta)}`;
    },
    submitLabel: 'Remove',
    onSubmit: async (values) => {
      const ids = values.nodes.map(Number);
      await mutate(deps, (api) => removeNodes(api, c.id, ids), {
        doing: `Removing ${ids.length} node(s) of ${cname}`,
        done: `${ids.length} node(s) of ${cname} DELETING: the cluster reconciles`,
        refresh: clusterRefresh(c),
      });
      followCluster(deps, c, c.status ?? undefined);
    },
  };
}

/** Opens "Remove worker nodes" (prices loaded first, best effort). */
export async function openRemoveNodes(deps: ActionDeps, c: Cluster): Promise<void> {
  const data = await loadFormData(deps, [], ['pricebook'], { title: 'Remove worker nodes' });
  if (data) ui.openForm(deps.store, removeNodesForm({ deps, data }, c));
}
