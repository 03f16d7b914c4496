import type { ResourceRate } from '../../api/schemas/billing.js';
import type { Cluster, ClusterEvent } from '../../api/schemas/cluster.js';
import { creationProgress, creationText, STUCK_MINUTES } from '../../domain/cluster.js';
import { age, dateTime, gb, NONE } from '../../domain/format.js';
import { displayWidth } from '../../domain/text.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';
import { rateLines } from './rate.js';

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

/** Words wrapped into lines of at most `width` columns (a longer word is cut into pieces). */
export function wrapWords(s: string, width: number): string[] {
  const w = Math.max(10, Math.floor(width));
  const out: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (displayWidth(rest) > w) {
      if (line) {
        out.push(line);
        line = '';
      }
      out.push(rest.slice(0, w));
      rest = rest.slice(w);
    }
    if (!line) line = rest;
    else if (displayWidth(line) + 1 + displayWidth(rest) <= w) line += ` ${rest}`;
    else {
      out.push(line);
      line = rest;
    }
  }
  if (line) out.push(line);
  return out;
}

type Flavor = Cluster['node_flavor'];

function flavorText(f: Flavor): string {
  if (!f) return NONE;
  const gpu = f.gpu ? `${f.gpu_count ?? 1} × ${f.gpu}, ` : 'CPU only, ';
  return `${f.name ?? NONE} (${gpu}${f.cpu ?? NONE} vCPU, ${gb(f.ram)} RAM)`;
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
  if (!p) return [];
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

interface NodeLike {
  role?: unknown;
  status?: unknown;
  instance?: { name?: unknown; fixed_ip?: unknown; floating_ip?: unknown } | null;
}

function nodeLines(c: Cluster): DetailLine[] {
  const nodes = (c.nodes ?? []) as NodeLike[];
  if (nodes.length === 0) return [];
  const out: DetailLine[] = [section(`Nodes (${nodes.length})`)];
  for (const n of nodes) {
    const s = (v: unknown) => (typeof v === 'string' && v ? v : NONE);
    out.push(
      text(
        `${s(n.role).padEnd(7)} ${s(n.instance?.name)}  ${s(n.status)}  ${s(n.instance?.fixed_ip)} / ${s(n.instance?.floating_ip)}`,
        n.status === 'ERROR' ? 'error' : undefined,
      ),
    );
  }
  return out;
}

/** Newest first: time, type, reason, message. Warnings stand out. */
export function eventLines(events: ClusterEvent[] | undefined, loading: boolean): DetailLine[] {
  const out: DetailLine[] = [section(`Events${events ? ` (${events.length})` : ''}`)];
  if (!events) return [...out, text(loading ? 'loading…' : 'not available', 'dim')];
  if (events.length === 0) return [...out, text('no events yet', 'dim')];
  const sorted = [...events].sort(
    (a, b) => String(b.time ?? '').localeCompare(String(a.time ?? '')) || (b.id ?? 0) - (a.id ?? 0),
  );
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
  const addresses = c.node_addresses ?? [];
  const lines: DetailLine[] = [
    ...headline(c, p.now, p.width ?? 100),
    section('Cluster (beta)'),
    field('id', c.id),
    field('name', c.name),
    field('status', c.status, c.status === 'ERROR' ? 'error' : undefined),
    field('status reason', c.status_reason, c.status === 'ERROR' ? 'error' : undefined),
    field('environment', c.environment_name),
    field('region', p.region),
    field('Kubernetes', c.kubernetes_version),
    field('API address', c.api_address),
    field('key pair', c.keypair_name),
    field('master flavor', flavorText(c.master_flavor)),
    field('worker flavor', flavorText(c.node_flavor)),
    field('worker nodes', c.node_count),
    field('node addresses', addresses.length ? addresses.join(', ') : undefined),
    field(
      'kubeconfig',
      c.kube_config?.trim() ? 'available: s saves it to a file' : 'not yet (handed out once ACTIVE)',
    ),
    field(
      'created',
      c.created_at ? `${dateTime(c.created_at)} (${age(c.created_at, p.now)} ago)` : undefined,
    ),
    ...nodeLines(c),
    ...eventLines(p.events, p.eventsLoading),
    ...rateLines(p.rate, p.rateLoading),
  ];
  return lines;
}
