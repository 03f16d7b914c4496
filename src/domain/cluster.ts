/**
 * Cluster rules from the service's documentation (spec §3, §8): creation takes about 5 to 20 minutes, and a cluster
 * still not ACTIVE after 30 minutes is to be deleted and created again. Pure functions of a cluster and `now`.
 */
import { type Copyable, shellLineCopy } from './copyable.js';
import { duration } from './format.js';

export const EXPECTED_MIN_MINUTES = 5;
export const EXPECTED_MAX_MINUTES = 20;
export const STUCK_MINUTES = 30;
const MINUTE = 60_000;

/** Where a CREATING cluster stands: within the expected time, slower than expected, or stuck (delete it). */
export type CreationPhase = 'expected' | 'slow' | 'stuck';

export interface CreationProgress {
  elapsedMs: number;
  phase: CreationPhase;
}

interface ClusterLike {
  status?: string | null;
  created_at?: string | null;
}

/** The progress of a CREATING cluster; undefined for any other status or an unreadable creation time. */
export function creationProgress(c: ClusterLike, now: number): CreationProgress | undefined {
  if (c.status !== 'CREATING' || !c.created_at) return undefined;
  const t = Date.parse(c.created_at);
  if (Number.isNaN(t)) return undefined;
  const elapsedMs = Math.max(0, now - t);
  const phase: CreationPhase =
    elapsedMs >= STUCK_MINUTES * MINUTE
      ? 'stuck'
      : elapsedMs > EXPECTED_MAX_MINUTES * MINUTE
        ? 'slow'
        : 'expected';
  return { elapsedMs, phase };
}

/** CREATING for 30 minutes or more: the documented remedy is to delete it and create it again. */
export function isStuck(c: ClusterLike, now: number): boolean {
  return creationProgress(c, now)?.phase === 'stuck';
}

const EXPECTED = `${EXPECTED_MIN_MINUTES}–${EXPECTED_MAX_MINUTES} min`;

/** "creating for 7m (expected 5–20 min)", "… slower than expected", "… not ACTIVE after 30 min: delete and recreate". */
export function creationText(p: CreationProgress): string {
  const elapsed = duration(p.elapsedMs);
  switch (p.phase) {
    case 'expected':
      return `creating for ${elapsed} (expected ${EXPECTED})`;
    case 'slow':
      return `creating for ${elapsed}: slower than the expected ${EXPECTED}; past ${STUCK_MINUTES} min it should be recreated`;
    case 'stuck':
      return `creating for ${elapsed}: not ACTIVE after ${STUCK_MINUTES} min, it should be deleted and created again`;
  }
}

/** The short form for a table cell: "7m/5–20m", "25m slow", "34m STUCK". */
export function creationCell(p: CreationProgress): string {
  const elapsed = duration(p.elapsedMs);
  if (p.phase === 'stuck') return `${elapsed} STUCK`;
  if (p.phase === 'slow') return `${elapsed} slow`;
  return `${elapsed}/${EXPECTED_MIN_MINUTES}–${EXPECTED_MAX_MINUTES}m`;
}

/** `./<name>.kubeconfig`, with anything but letters, digits, dot, dash and underscore replaced. */
export function defaultKubeconfigPath(clusterName: string): string {
  const safe = clusterName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'cluster';
  return `./${safe}.kubeconfig`;
}

/** The line to paste: `KUBECONFIG=/path/to/x.kubeconfig kubectl get nodes` (the path quoted for the shell). */
export function kubectlLine(path: string): Copyable | undefined {
  return shellLineCopy([{ assign: 'KUBECONFIG', value: path }, 'kubectl', 'get', 'nodes']);
}

/** What to pass to create the same cluster again (after deleting a stuck or failed one). */
export function recreateHint(c: {
  environment_name?: string | null;
  kubernetes_version?: string | null;
  node_count?: number | null;
  node_flavor?: { name?: string | null } | null;
  master_flavor?: { name?: string | null } | null;
  keypair_name?: string | null;
}): string {
  const parts = [
    c.environment_name ? `environment ${c.environment_name}` : undefined,
    c.kubernetes_version ? `Kubernetes ${c.kubernetes_version}` : undefined,
    c.master_flavor?.name ? `master ${c.master_flavor.name}` : undefined,
    c.node_flavor?.name ? `workers ${c.node_count ?? '?'} × ${c.node_flavor.name}` : undefined,
    c.keypair_name ? `key pair ${c.keypair_name}` : undefined,
  ].filter(Boolean);
  return parts.join(', ');
}

/** A cluster being created or reconciling (its nodes come and go). */
export const clusterMoving = (c: { status?: string | null; is_reconciling?: boolean | null }) =>
  c.status === 'CREATING' || c.is_reconciling === true;
