/**
 * "Add node group" (Clusters screen, a): a name (lowercase letters, digits, hyphens; unique in the cluster), a
 * flavor of the cluster's region (price and stock shown), the count and its autoscaling bounds (1 ≤ min ≤ count ≤
 * max ≤ 20). The summary says what it adds to the hourly price. The cluster reconciles while the nodes come up.
 */

import type { Cluster } from '../../src/api/schemas/cluster.js';
import { hourlyChange, signedPerHour } from '../../src/domain/cluster-changes.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { clusterRefresh } from '../../src/store/actions/cluster-node-actions.js';
import { followCluster } from '../../src/store/actions/follow-kinds.js';
import { envNamed, type FormContext, flavorsIn, loadFormData } from '../../src/store/actions/form-data.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { dnsNameField } from './dns-name-field.js';
import { flavorField } from './flavor-field.js';

/** The service's bounds: a group's name (20 characters) and its node counts (1 to 20). */
export const GROUP_NAME_MAX = 20;
export const GROUP_NODES_MAX = 20;

export const int = (v: number | undefined): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : undefined;

/** A node count and its autoscaling bounds (the fields of boundFields). */
export type Bounds = {
  count: number | undefined;
  min_count: number | undefined;
  max_count: number | undefined;
};

/**
 * "min ≤ count ≤ max" of the values, or what is wrong, under the field the user must change: the count is what
 * they want, so a count outside the bounds flags the bound that keeps it out (Max for a count above it, Min for
 * one below it); a min above the max flags Min.
 */
export function boundsError(values: Bounds): { field: 'min_count' | 'max_count'; text: string } | undefined {
  const count = int(values.count);
  const min = int(values.min_count);
  const max = int(values.max_count);
  if (min !== undefined && max !== undefined && min > max)
    return { field: 'min_count', text: `min ${min} is above max ${max}` };
  if (count !== undefined && min !== undefined && count < min)
    return { field: 'min_count', text: `above the ${count} nodes wanted: lower it to ${count} or less` };
  if (count !== undefined && max !== undefined && count > max)
    return { field: 'max_count', text: `below the ${count} nodes wanted: raise it to ${count} or more` };
  return undefined;
}

/** Count, min and max number fields, each checked against the others. */
export function boundFields(countHelp: string): FieldSpec<Bounds>[] {
  const num = (id: keyof Bounds, label: string, help: string): FieldSpec<Bounds> => ({
    id,
    kind: 'number',
    label,
    min: 1,
    max: GROUP_NODES_MAX,
    integer: true,
    help,
    validate: (_v, values) => {
      const e = boundsError(values);
      return e && e.field === id ? e.text : undefined;
    },
  });
  return [
    num('count', 'Nodes', countHelp),
    num('min_count', 'Min (autoscaling)', 'The fewest nodes autoscaling may leave (1 or more).'),
    num('max_count', 'Max (autoscaling)', `The most nodes autoscaling may add (at most ${GROUP_NODES_MAX}).`),
  ];
}

type NodeGroupValues = Bounds & { name: string; flavor: string | undefined };

export function createNodeGroupForm(ctx: FormContext, c: Cluster): FormSpec<NodeGroupValues> {
  const { data, deps } = ctx;
  const prices = priceMap(data.pricebook);
  const region = c.environment_region ?? envNamed(data, c.environment_name ?? undefined)?.region;
  const taken = new Set((c.node_groups ?? []).map((g) => g.name));
  const cname = sanitize(c.name);
  return {
    title: `Add a node group to ${cname}`,
    notes: [
      'Worker nodes of one flavor. The cluster reconciles while they come up, and refuses other changes meanwhile.',
    ],
    fields: [
      dnsNameField({
        max: GROUP_NAME_MAX,
        placeholder: 'e.g. gpu-workers',
        help: `Only lowercase letters, digits and hyphens; at most ${GROUP_NAME_MAX} characters.`,
        taken: (name) => (taken.has(name) ? `${cname} has a node group named ${name}` : undefined),
      }),
      flavorField({
        id: 'flavor',
        label: 'Flavor',
        help: `The flavor of every node of the group, in ${region ?? 'the cluster’s region'}.`,
        data,
        prices,
        regionOf: () => region,
      }),
      ...boundFields('Nodes to create now.'),
    ],
    initial: { name: '', flavor: undefined, count: 1, min_count: 1, max_count: 1 },
    summary: (values) => {
      const f = flavorsIn(data, region).find((x) => x.name === values.flavor);
      const n = int(values.count);
      if (!f || n === undefined) return undefined;
      const delta = hourlyChange(flavorHourly(f, prices), 0, n);
      const price =
        delta === undefined
          ? 'price unknown (not in the pricebook)'
          : `${signedPerHour(delta)} for the cluster`;
      return `${n} × ${f.name} in ${region ?? '?'} · ${price}`;
    },
    submitLabel: 'Add',
    serviceFields: { flavor_name: 'flavor' },
    onSubmit: async (values) => {
      const { name } = values;
      await mutate(
        deps,
        (api) =>
          api.clusters.createNodeGroup(c.id, {
            name,
            role: 'worker',
            flavor_name: values.flavor ?? '',
            count: int(values.count) ?? 1,
            min_count: int(values.min_count) ?? 1,
            max_count: int(values.max_count) ?? 1,
          }),
        {
          doing: `Adding node group ${name} to ${cname}`,
          done: `Node group ${name} added to ${cname}: its nodes are CREATING, the cluster reconciles`,
          refresh: clusterRefresh(c),
        },
      );
      followCluster(deps, c, c.status ?? undefined);
    },
  };
}

/** Opens "Add node group" (loads the flavors, stock and prices first). */
export async function openCreateNodeGroup(deps: ActionDeps, c: Cluster): Promise<void> {
  const data = await loadFormData(deps, ['flavors'], ['stocks', 'pricebook', 'environments'], {
    title: 'Add a node group',
  });
  if (!data) return;
  ui.openForm(deps.store, createNodeGroupForm({ deps, data }, c));
}
