/**
 * What may be changed in a cluster's node groups now, and what a change costs. The service refuses every change
 * while a cluster reconciles ("Cluster <name> is reconciling") and before it is ACTIVE: the UI says so before the
 * user tries. Pure functions of structural types (raw bodies and parsed clusters both fit).
 */

import { perHour } from './format.js';
import { newestFirst } from './newest-first.js';
import { flavorHourly, type PricedFlavor } from './pricing.js';

interface ClusterState {
  name: string;
  status?: string | null;
  is_reconciling?: boolean | null;
}

/** Why the service would refuse a node change now; undefined when it would not. */
export function changeBlocker(c: ClusterState): string | undefined {
  if (c.is_reconciling) return `Cluster ${c.name} is reconciling: changes are refused until it ends`;
  if (c.status !== 'ACTIVE')
    return `${c.name} is ${c.status ?? 'not ACTIVE'}: its nodes can be changed once it is ACTIVE`;
  return undefined;
}

/** A reconcile is asked of an ACTIVE cluster or of one in ERROR (to bring failed nodes back). */
export function reconcileBlocker(c: ClusterState): string | undefined {
  if (c.is_reconciling) return `Cluster ${c.name} is reconciling already`;
  if (c.status !== 'ACTIVE' && c.status !== 'ERROR')
    return `${c.name} is ${c.status ?? 'not ACTIVE'}: only an ACTIVE or failed cluster is reconciled`;
  return undefined;
}

export interface GroupLike {
  id?: number | null;
  name?: string | null;
  count?: number | null;
  min_count?: number | null;
  max_count?: number | null;
  flavor?: { name?: string | null; gpu?: string | null; gpu_count?: number | null } | null;
}

export interface NodeLike {
  id?: number | null;
  role?: string | null;
  status?: string | null;
  created_at?: string | null;
  node_group_id?: number | null;
  node_group_name?: string | null;
  instance?: { name?: string | null } | null;
}

/** A node of this group: by the group's id when both say one, else by its name. */
export function inGroup(n: NodeLike, g: GroupLike): boolean {
  return n.node_group_id != null && g.id != null ? n.node_group_id === g.id : n.node_group_name === g.name;
}

/** The group's worker nodes that are not being removed. */
export function nodesOfGroup<N extends NodeLike>(nodes: readonly N[] | null | undefined, g: GroupLike): N[] {
  return (nodes ?? []).filter((n) => n.role === 'worker' && n.status !== 'DELETING' && inGroup(n, g));
}

/** The `n` nodes a scale-down removes: the newest of the group (latest created, then highest id). */
export function newestNodes<N extends NodeLike>(nodes: readonly N[], n: number): N[] {
  return [...nodes]
    .sort((a, b) => newestFirst(a.created_at, b.created_at) || (b.id ?? 0) - (a.id ?? 0))
    .slice(0, Math.max(0, n));
}

/** The hourly price of one node of the group's flavor; undefined when the pricebook does not say. */
export function nodeHourly(g: GroupLike, book: ReadonlyMap<string, number>): number | undefined {
  const f = g.flavor;
  if (!f?.name) return undefined;
  return flavorHourly(f as PricedFlavor, book);
}

/** The change of the hourly price when the group goes from `from` to `to` nodes (undefined: price unknown). */
export function hourlyChange(perNode: number | undefined, from: number, to: number): number | undefined {
  if (perNode === undefined) return undefined;
  return Math.round(perNode * (to - from) * 10_000) / 10_000;
}

/** "+$1.40/h", "−$0.35/h", "±$0.00/h". */
export function signedPerHour(delta: number): string {
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return `${sign}${perHour(Math.abs(delta))}`;
}
