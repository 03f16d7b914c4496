import type { ResourceRate } from '../../api/schemas/billing.js';
import type { Cluster, ClusterEvent } from '../../api/schemas/cluster.js';
import { creationProgress, creationText, STUCK_MINUTES } from '../../domain/cluster.js';
import { inGroup } from '../../domain/cluster-changes.js';
import {
  type FlavorLike,
  masterSummary,
  nodeAddresses,
  workerCount,
  workerFlavors,
  workerFlavorText,
} from '../../domain/cluster-nodes.js';
import { age, dateTime, gb, NONE } from '../../domain/format.js';
import { newestFirst } from '../../domain/newest-first.js';
import { wrapWords } from '../../domain/text.js';
import { GREEN_STATUS, wordFor } from '../../domain/words.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';
import { costNowText, rateLines } from './rate.js';

export interface ClusterDetailInput {
  cluster: Cluster;
  region: string | undefined;
  events: ClusterEvent[] | undefined;
  eventsLoading: boolean;
  rate: ResourceRate | undefined;
  rateLoading: boolean;
  now: number;
  /** Columns of the pane: an error reason is wrapped to it, never cut. */
  width?: number;
}

/** A flavor as clusters carry it (the helpers of cluster-nodes.ts hand back the same objects). */
type Flavor = (FlavorLike & { cpu?: number | null; ram?: number | null }) | null | undefined;
type NodeGroup = NonNullable<Cluster['node_groups']>[number];

/** "n3-L40x1 (1 × L40, 28 vCPU, 58 GB RAM)": only what the body says (a flavor of a name alone is its name). */
function flavorText(f: Flavor): string {
  if (!f) return NONE;
  const said = f.gpu !== undefined || f.gpu_count !== undefined;
  const gpu = f.gpu ? `${f.gpu_count ?? 1} × ${f.gpu}` : said ? 'CPU only' : undefined;
  const parts = [
    gpu,
    f.cpu != null ? `${f.cpu} vCPU` : undefined,
    f.ram != null ? `${gb(f.ram)} RAM` : undefined,
  ];
  const known = parts.filter((p) => p !== undefined);
  return `${f.name ?? NONE}${known.length > 0 ? ` (${known.join(', ')})` : ''}`;
}

/** The lines that say what is wrong first: ERROR with its reason, or a creation running late. */
function headline(c: Cluster, now: number, width: number): DetailLine[] {
  if (c.status === 'ERROR') {
    return [
      ...wrapWords(`✖ ERROR: ${c.status_reason || 'no reason given'}`, width).map((l) => text(l, 'error')),
      text('The cluster failed: delete it (D) and create it again.', 'error'),
    ];
  }
  const p = creationProgress(c, now);
  if (!p) return c.is_reconciling ? [text(`◐ ${RECONCILING_TEXT}`, 'warn')] : [];
  if (p.phase === 'stuck') {
    return [
      text(`⚠ ${creationText(p)}.`, 'error'),
      text(
        `The service documents that a cluster not ACTIVE after ${STUCK_MINUTES} minutes is to be deleted (D).`,
        'error',
      ),
    ];
  }
  return [text(`◐ ${creationText(p)}`, p.phase === 'slow' ? 'warn' : undefined)];
}

/** What a cluster that `is_reconciling` is doing, in words. */
export const RECONCILING_TEXT =
  'reconciling: the service is bringing the nodes to what the cluster asks for; changes are refused until it ends';

const str = (v: unknown) => (typeof v === 'string' && v ? v : NONE);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '?');

/** "2 ACTIVE, 1 CREATING": the states of a group's nodes, as the cluster lists them. */
function nodeStates(c: Cluster, g: NodeGroup): string | undefined {
  const mine = (c.nodes ?? []).filter((n) => inGroup(n, g));
  if (mine.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const n of mine) counts.set(n.status ?? '?', (counts.get(n.status ?? '?') ?? 0) + 1);
  return [...counts].map(([st, k]) => `${k} ${st}`).join(', ');
}

/** "workers  worker  2 nodes (min 1, max 4)  n3-A100x1 (1 × A100, …)  · 2 ACTIVE": a node group and its nodes. */
function groupLine(c: Cluster, g: NodeGroup): DetailLine {
  const bounds =
    g.min_count != null || g.max_count != null ? ` (min ${num(g.min_count)}, max ${num(g.max_count)})` : '';
  const states = nodeStates(c, g);
  const moving = states !== undefined && /CREATING|DELETING/.test(states);
  return text(
    `${str(g.name)}  ${str(g.role)}  ${num(g.count)} nodes${bounds}  ${flavorText(g.flavor)}${states ? `  · ${states}` : ''}`,
    moving ? 'warn' : undefined,
  );
}

/** Every node group of the real shape (workers and any other role); none for the spec's shape. */
function groupLines(c: Cluster): DetailLine[] {
  const groups = c.node_groups ?? [];
  if (groups.length === 0) return [];
  return [section(`Node groups (${groups.length})`), ...groups.map((g) => groupLine(c, g))];
}

function nodeLines(c: Cluster): DetailLine[] {
  const nodes = c.nodes ?? [];
  if (nodes.length === 0) return [];
  const out: DetailLine[] = [section(`Nodes (${nodes.length})`)];
  for (const n of nodes) {
    const role = n.is_bastion ? 'bastion' : str(n.role);
    const group = n.node_group_name ? ` [${n.node_group_name}]` : '';
    out.push(
      text(
        `${role.padEnd(7)} ${str(n.instance?.name)}${group}  ${str(n.status)}  ${str(n.instance?.fixed_ip)} / ${str(n.instance?.floating_ip)}`,
        n.status === 'ERROR' ? 'error' : undefined,
      ),
    );
  }
  return out;
}

function reconcilingField(r: boolean | null | undefined): string | undefined {
  if (r === true) return 'yes: the nodes are being brought to what the cluster asks for';
  return r === false ? 'no' : undefined;
}

/** The workers' flavor in words: the one flavor described, or the groups' flavors counted. */
function workerFlavorField(c: Cluster): string {
  const all = workerFlavors(c);
  if (all.length === 1) return flavorText(all[0]!.flavor);
  return workerFlavorText(c) ?? NONE;
}

/** Newest first: time, type, reason, message. Warnings stand out. */
export function eventLines(events: ClusterEvent[] | undefined, loading: boolean): DetailLine[] {
  const out: DetailLine[] = [section(`Events${events ? ` (${events.length})` : ''}`)];
  if (!events) return [...out, text(loading ? 'loading…' : 'not available', 'dim')];
  if (events.length === 0) return [...out, text('no events yet', 'dim')];
  const sorted = [...events].sort((a, b) => newestFirst(a.time, b.time) || (b.id ?? 0) - (a.id ?? 0));
  for (const e of sorted) {
    out.push(
      text(
        `${dateTime(e.time)}  ${(e.type ?? NONE).padEnd(7)}  ${e.reason ?? NONE}: ${e.message ?? ''}`,
        e.type === 'Warning' ? 'warn' : undefined,
      ),
    );
  }
  return out;
}

/** Everything about a cluster for the detail pane: what is wrong first, then fields, nodes, events, hourly cost. */
export function clusterDetailLines(p: ClusterDetailInput): DetailLine[] {
  const c = p.cluster;
  const addresses = nodeAddresses(c);
  const lines: DetailLine[] = [
    ...headline(c, p.now, p.width ?? 100),
    // what an operator acts on first: is it up, how to reach it, what it runs on, what it costs
    field('status', c.status, c.status === 'ERROR' ? 'error' : undefined),
    field('green status', wordFor(c.green_status, GREEN_STATUS)),
    field(
      'kubeconfig',
      c.kube_config?.trim() ? 'available: s saves it to a file' : 'not yet (handed out once ACTIVE)',
    ),
    field('API address', c.api_address),
    field('worker nodes', workerCount(c)),
    field('worker flavor', workerFlavorField(c)),
    field('master nodes', masterSummary(c).count),
    field('master flavor', flavorText(masterSummary(c).flavor)),
    field('cost', costNowText(p.rate, p.rateLoading)),
    field('environment', c.environment_name),
    field('region', p.region ?? c.environment_region),
    section('Cluster (beta)'),
    field('id', c.id),
    field('name', c.name),
    field('status reason', c.status_reason, c.status === 'ERROR' ? 'error' : undefined),
    field('reconciling', reconcilingField(c.is_reconciling), c.is_reconciling ? 'warn' : undefined),
    field('Kubernetes', c.kubernetes_version),
    field('image', c.image?.name),
    field('key pair', c.keypair_name),
    field('node addresses', addresses.length ? addresses.join(', ') : undefined),
    field(
      'created',
      c.created_at ? `${dateTime(c.created_at)} (${age(c.created_at, p.now)} ago)` : undefined,
    ),
    ...groupLines(c),
    ...nodeLines(c),
    ...eventLines(p.events, p.eventsLoading),
    ...rateLines(p.rate, p.rateLoading),
  ];
  return lines;
}
