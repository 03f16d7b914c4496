/**
 * A cluster's nodes read from either shape: the real service's (`node_groups[]` of workers, `nodes[]`,
 * `master_count`) or the spec's (`node_count`, `node_flavor`, `node_addresses`). When both are there the real one
 * wins. Pure functions of a structural type, so raw bodies and parsed clusters both fit.
 */

export interface FlavorLike {
  name?: string | null;
  gpu?: string | null;
  gpu_count?: number | null;
}

interface GroupLike {
  name?: string | null;
  role?: string | null;
  count?: number | null;
  flavor?: FlavorLike | null;
}

interface NodeLike {
  role?: string | null;
  is_bastion?: boolean | null;
  instance?: { floating_ip?: string | null } | null;
}

export interface ClusterShape {
  node_groups?: readonly GroupLike[] | null;
  nodes?: readonly NodeLike[] | null;
  master_count?: number | null;
  master_flavor?: FlavorLike | null;
  node_count?: number | null;
  node_flavor?: FlavorLike | null;
  node_addresses?: readonly string[] | null;
}

/**
 * Every group but a master one is a worker group: `worker` is the only role the create payload lists for a group,
 * masters are counted apart (`master_count`), and the document's own example has `role: "role"`.
 */
export function workerGroupsOf<G extends { role?: string | null }>(
  groups: readonly G[] | null | undefined,
): G[] {
  return (groups ?? []).filter((g) => g.role !== 'master');
}

function workerGroups(c: ClusterShape): GroupLike[] {
  return workerGroupsOf(c.node_groups);
}

function workerNodes(c: ClusterShape): NodeLike[] {
  return (c.nodes ?? []).filter((n) => n.role === 'worker' && n.is_bastion !== true);
}

/** How many workers the cluster asks for; undefined when the body does not say. */
export function workerCount(c: ClusterShape): number | undefined {
  const groups = workerGroups(c);
  if (groups.length > 0) return groups.reduce((sum, g) => sum + (g.count ?? 0), 0);
  if (c.node_count !== null && c.node_count !== undefined) return c.node_count;
  const nodes = workerNodes(c);
  return nodes.length > 0 ? nodes.length : undefined;
}

export interface WorkerFlavor {
  flavor: FlavorLike;
  /** Workers of this flavor (undefined when the body does not say). */
  count: number | undefined;
  /** The node group's name (the real shape); undefined for the spec's single flavor. */
  group: string | undefined;
}

/** The workers' flavors, one entry per worker group (the spec's shape has one). */
export function workerFlavors(c: ClusterShape): WorkerFlavor[] {
  const groups = workerGroups(c).filter((g) => g.flavor);
  if (groups.length > 0)
    return groups.map((g) => ({
      flavor: g.flavor!,
      count: g.count ?? undefined,
      group: g.name ?? undefined,
    }));
  if (c.node_flavor) return [{ flavor: c.node_flavor, count: c.node_count ?? undefined, group: undefined }];
  return [];
}

/** "2 × n3-A100x1 + 1 × n3-H100x1"; undefined when no flavor is known. */
export function workerFlavorText(c: ClusterShape): string | undefined {
  const all = workerFlavors(c).filter((w) => w.flavor.name);
  if (all.length === 0) return undefined;
  return all.map((w) => `${w.count ?? '?'} × ${w.flavor.name}`).join(' + ');
}

export interface MasterSummary {
  /** Control-plane nodes: `master_count`, else the master nodes listed; undefined when neither says. */
  count: number | undefined;
  flavor: FlavorLike | undefined;
}

export function masterSummary(c: ClusterShape): MasterSummary {
  const listed = (c.nodes ?? []).filter((n) => n.role === 'master').length;
  const count = c.master_count ?? (listed > 0 ? listed : undefined);
  return { count, flavor: c.master_flavor ?? undefined };
}

/** The nodes' public addresses: from the nodes when listed, else the spec's `node_addresses`. */
export function nodeAddresses(c: ClusterShape): string[] {
  if (c.nodes && c.nodes.length > 0)
    return c.nodes.flatMap((n) => (n.instance?.floating_ip ? [n.instance.floating_ip] : []));
  return [...(c.node_addresses ?? [])];
}

/** The worker flavors as one cell: the flavor's name when there is one, "2 × a + 1 × b" for several groups. */
export function workerFlavorCell(c: ClusterShape): string | undefined {
  const all = workerFlavors(c);
  if (all.length === 1) return all[0]!.flavor.name ?? undefined;
  return workerFlavorText(c);
}
