/**
 * "Scale node group" (Clusters screen, S): the group's node count and its autoscaling bounds. The summary shows
 * the change of the hourly price (the flavor's price × the node difference) before anything is sent. The bounds
 * are a PATCH of the group; the count moves by adding worker nodes, or removing the newest ones (their group's
 * name typed to confirm), as the service documents manual scaling.
 */

import type { Cluster, ClusterNodeGroup } from '../../src/api/schemas/cluster.js';
import {
  hourlyChange,
  newestNodes,
  nodeHourly,
  nodesOfGroup,
  signedPerHour,
} from '../../src/domain/cluster-changes.js';
import { perHour } from '../../src/domain/format.js';
import { priceMap } from '../../src/domain/pricing.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { chooseGroup, clusterRefresh, removeNodes } from '../../src/store/actions/cluster-node-actions.js';
import { followCluster } from '../../src/store/actions/follow-kinds.js';
import { type FormContext, loadFormData } from '../../src/store/actions/form-data.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { type Bounds, boundFields, int } from './node-group-create.js';

/** The form's values, by field id. */
type ScaleValues = Bounds & { confirm: string };

export function scaleNodeGroupForm(ctx: FormContext, c: Cluster, g: ClusterNodeGroup): FormSpec<ScaleValues> {
  const { data, deps } = ctx;
  const perNode = nodeHourly(g, priceMap(data.pricebook));
  const nodes = nodesOfGroup(c.nodes, g);
  const current = g.count ?? nodes.length;
  const gname = sanitize(g.name ?? '?');
  const cname = sanitize(c.name);
  const flavor = sanitize(g.flavor?.name ?? '?');
  const removing = (values: ScaleValues) => {
    const n = int(values.count);
    return n !== undefined && n < current ? newestNodes(nodes, current - n) : [];
  };
  return {
    title: `Scale node group ${gname} of ${cname}`,
    notes: [
      `${current} × ${flavor} now${perNode === undefined ? '' : ` at ${perHour(perNode)} each`}. Min and max bound autoscaling.`,
      'Nodes are added, or the newest removed; the cluster reconciles meanwhile and refuses other changes.',
    ],
    fields: [
      ...boundFields(`Nodes wanted (now ${current}).`),
      {
        id: 'confirm',
        kind: 'text',
        label: 'Type the group name',
        help: 'Removing nodes deletes them and what runs on them: type the group’s name to confirm.',
        hidden: (values) => removing(values).length === 0,
        validate: (v, values) =>
          removing(values).length > 0 && v !== g.name ? `type ${gname} to remove nodes` : undefined,
      },
    ],
    initial: {
      count: current,
      min_count: g.min_count ?? current,
      max_count: g.max_count ?? current,
      confirm: '',
    },
    summary: (values) => {
      const n = int(values.count);
      if (n === undefined) return undefined;
      const delta = hourlyChange(perNode, current, n);
      const price =
        delta === undefined ? 'price change unknown (not in the pricebook)' : `${signedPerHour(delta)}`;
      const gone = removing(values).map((x) => sanitize(x.instance?.name ?? String(x.id)));
      return `${gname}: ${current} → ${n} × ${flavor} · ${price}${gone.length ? ` · removes ${gone.join(', ')}` : ''}`;
    },
    submitLabel: 'Scale',
    onSubmit: async (values) => {
      const n = int(values.count) ?? current;
      const min = int(values.min_count);
      const max = int(values.max_count);
      const refresh = clusterRefresh(c);
      if (min !== g.min_count || max !== g.max_count) {
        await mutate(
          deps,
          (api) =>
            api.clusters.updateNodeGroup(c.id, g.id!, {
              ...(min !== undefined ? { min_count: min } : {}),
              ...(max !== undefined ? { max_count: max } : {}),
            }),
          {
            doing: `Setting the bounds of ${gname} to ${min}–${max}`,
            done: `${gname}: bounds ${min}–${max}`,
            refresh,
          },
        );
      }
      if (n > current) {
        await mutate(
          deps,
          (api) =>
            api.clusters.addNodes(c.id, { role: 'worker', node_group: g.name ?? '', count: n - current }),
          {
            doing: `Adding ${n - current} node(s) to ${gname}`,
            done: `${gname}: ${n - current} node(s) CREATING, the cluster reconciles`,
            refresh,
          },
        );
      } else if (n < current) {
        const ids = removing(values).flatMap((x) => (x.id != null ? [x.id] : []));
        await mutate(deps, (api) => removeNodes(api, c.id, ids), {
          doing: `Removing ${ids.length} node(s) from ${gname}`,
          done: `${gname}: ${ids.length} node(s) DELETING, the cluster reconciles`,
          refresh,
        });
      }
      if (n !== current) followCluster(deps, c, c.status ?? undefined);
    },
  };
}

/** Opens "Scale node group" for the only group or the one chosen (the prices loaded first, best effort). */
export function openScaleNodeGroup(deps: ActionDeps, c: Cluster): void {
  chooseGroup(deps, c, `Scale a node group of ${sanitize(c.name)}`, (g) => {
    void loadFormData(deps, [], ['pricebook'], { title: 'Scale node group' }).then((data) => {
      if (data) ui.openForm(deps.store, scaleNodeGroupForm({ deps, data }, c, g));
    });
  });
}
