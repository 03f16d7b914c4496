/** The clusters list: its rows and columns, for the Clusters screen and `get clusters`. */
import type { Cluster } from '../../src/api/schemas/cluster.js';
import { creationCell, creationProgress, isStuck } from '../../src/domain/cluster.js';
import { masterSummary, workerCount, workerFlavorCell } from '../../src/domain/cluster-nodes.js';
import { envRegionText } from '../../src/domain/format.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import type { Column } from '../../src/ui/table/types.js';
import { statusLabel, type Theme } from '../../src/ui/theme.js';

/** A cluster and its region (from its environment). */
export interface ClusterRow {
  cluster: Cluster;
  region: string | undefined;
}

function statusText(c: Cluster, now: number): string {
  const p = creationProgress(c, now);
  if (!p) return `${statusLabel(c.status)}${c.is_reconciling ? ' ◐ reconciling' : ''}`;
  return `${p.phase === 'stuck' ? '⚠' : '◐'} CREATING ${creationCell(p)}`;
}

function columns(theme: Theme, now: number): Column<ClusterRow>[] {
  return [
    // Names up to 16 shown whole: at 80 columns the least needed columns go before a name is cut.
    {
      id: 'name',
      title: 'NAME',
      value: (r) => r.cluster.name,
      minWidth: 16,
      priority: 0,
      identifies: true,
    },
    {
      id: 'env',
      title: 'ENVIRONMENT',
      value: (r) => envRegionText(r.cluster.environment_name, r.region),
      priority: 2,
    },
    { id: 'version', title: 'K8S', value: (r) => r.cluster.kubernetes_version, priority: 3 },
    {
      id: 'status',
      title: 'STATUS',
      value: (r) => r.cluster.status,
      text: (r) => statusText(r.cluster, now),
      color: (r) => (isStuck(r.cluster, now) ? theme.error : theme.statusStyle(r.cluster.status).color),
      // "⚠ CREATING 31m STUCK" whole: the word that matters is last.
      minWidth: 20,
      priority: 0,
    },
    {
      id: 'nodes',
      title: 'WORKERS',
      value: (r) => workerCount(r.cluster),
      align: 'right',
      minWidth: 7,
      priority: 1,
    },
    {
      id: 'flavor',
      title: 'NODE FLAVOR',
      value: (r) => workerFlavorCell(r.cluster),
      minWidth: 11,
      priority: 2,
    },
    {
      id: 'masters',
      title: 'MASTERS',
      value: (r) => masterSummary(r.cluster).count,
      align: 'right',
      minWidth: 7,
      priority: 4,
    },
    {
      id: 'green',
      title: 'GREEN',
      value: (r) => r.cluster.green_status,
      // Under the title GREEN, "partly" says PARTIALLY_GREEN in a width the line has (it was cut at 120 columns).
      text: (r) => greenWord(r.cluster.green_status),
      priority: 5,
    },
    ageColumn((r) => r.cluster.created_at, now),
  ];
}

/** The service's GREEN, PARTIALLY_GREEN or NOT_GREEN (renewable energy) as one word under GREEN. */
export function greenWord(status: string | null | undefined): string {
  if (status == null) return '—';
  return { GREEN: 'yes', PARTIALLY_GREEN: 'partly', NOT_GREEN: 'no' }[status] ?? status;
}

function rows(ctx: RowContext<'clusters'>): ClusterRow[] {
  const envs = ctx.also('environments') ?? [];
  const regionOf = new Map(envs.map((e) => [e.name, e.region]));
  return ctx.data.map((cluster) => ({
    cluster,
    region: cluster.environment_region ?? regionOf.get(cluster.environment_name ?? ''),
  }));
}

export const CLUSTERS_LIST: ListSpec<ClusterRow, 'clusters'> = {
  resource: 'clusters',
  also: ['environments'],
  noun: 'clusters',
  columns,
  rowId: (r) => String(r.cluster.id),
  rows,
  region: (r) => r.region,
  environment: (r) => r.cluster.environment_name,
  raw: (r) => r.cluster,
};
