import { useMemo } from 'react';
import type { Cluster } from '../src/api/schemas/cluster.js';
import { ListScreen } from '../src/app/ListScreen.js';
import type { ScreenProps } from '../src/app/screen-api.js';
import { useApp } from '../src/app/screen-api.js';
import { age } from '../src/domain/format.js';
import type { Column } from '../src/ui/table/types.js';
import { statusLabel, type Theme } from '../src/ui/theme.js';

function columns(theme: Theme): Column<Cluster>[] {
  return [
    { id: 'name', title: 'NAME', value: (c) => c.name, minWidth: 10, grow: 1, priority: 0 },
    { id: 'env', title: 'ENVIRONMENT', value: (c) => c.environment_name, priority: 2 },
    { id: 'version', title: 'K8S', value: (c) => c.kubernetes_version, priority: 3 },
    {
      id: 'status',
      title: 'STATUS',
      value: (c) => c.status,
      text: (c) => statusLabel(c.status),
      color: (c) => theme.statusStyle(c.status).color,
      priority: 0,
    },
    { id: 'nodes', title: 'WORKERS', value: (c) => c.node_count, align: 'right', priority: 1 },
    { id: 'flavor', title: 'NODE FLAVOR', value: (c) => c.node_flavor?.name, priority: 2 },
    {
      id: 'age',
      title: 'AGE',
      value: (c) => (c.created_at ? -Date.parse(c.created_at) : null),
      text: (c) => age(c.created_at, Date.now()),
      align: 'right',
      priority: 3,
    },
  ];
}

/** Kubernetes clusters (beta). */
export function ClustersScreen(props: ScreenProps) {
  const { theme } = useApp();
  const cols = useMemo(() => columns(theme), [theme]);
  return (
    <ListScreen
      {...props}
      resource="clusters"
      title="Kubernetes clusters — beta"
      note="Cluster creation takes about 5–20 minutes; a cluster not ACTIVE after 30 minutes should be deleted and created again."
      columns={cols}
      rowId={(c) => String(c.id)}
      emptyText="no clusters"
    />
  );
}
