import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../src/api/schemas/cluster.js';
import {
  creationCell,
  creationProgress,
  creationText,
  defaultKubeconfigPath,
  isStuck,
  kubectlLine,
  recreateHint,
} from '../../src/domain/cluster.js';
import { wrapWords } from '../../src/domain/text.js';
import type { DetailLine } from '../../src/ui/DetailPane.js';
import { clusterDetailLines, eventLines } from '../../src/ui/details/cluster-detail.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
const creating = (min: number) => ({ status: 'CREATING', created_at: ago(min) });
const textOf = (lines: DetailLine[]) =>
  lines
    .map((l) =>
      l.kind === 'section' ? `# ${l.title}` : l.kind === 'field' ? `${l.label}: ${l.value}` : l.text,
    )
    .join('\n');

describe('creation time against the documented 5–20 minutes (30: delete and recreate)', () => {
  it('phases', () => {
    expect(creationProgress(creating(7), NOW)).toEqual({ elapsedMs: 7 * 60_000, phase: 'expected' });
    expect(creationProgress(creating(20), NOW)?.phase).toBe('expected');
    expect(creationProgress(creating(21), NOW)?.phase).toBe('slow');
    expect(creationProgress(creating(29.9), NOW)?.phase).toBe('slow');
    expect(creationProgress(creating(30), NOW)?.phase).toBe('stuck');
    expect(isStuck(creating(31), NOW)).toBe(true);
    expect(isStuck({ status: 'ACTIVE', created_at: ago(300) }, NOW)).toBe(false);
    expect(creationProgress({ status: 'CREATING', created_at: null }, NOW)).toBeUndefined();
    expect(creationProgress({ status: 'CREATING', created_at: 'garbage' }, NOW)).toBeUndefined();
    // A clock a little behind the service's: never a negative time.
    expect(creationProgress(creating(-1), NOW)?.elapsedMs).toBe(0);
  });

  it('texts', () => {
    expect(creationText(creationProgress(creating(7), NOW)!)).toBe('creating for 7m (expected 5–20 min)');
    expect(creationText(creationProgress(creating(25), NOW)!)).toContain('slower than the expected 5–20 min');
    expect(creationText(creationProgress(creating(31), NOW)!)).toBe(
      'creating for 31m: not ACTIVE after 30 min, it should be deleted and created again',
    );
    expect(creationCell(creationProgress(creating(7), NOW)!)).toBe('7m/5–20m');
    expect(creationCell(creationProgress(creating(25), NOW)!)).toBe('25m slow');
    expect(creationCell(creationProgress(creating(45), NOW)!)).toBe('45m STUCK');
  });
});

describe('kubeconfig file and command', () => {
  it('defaults to ./<name>.kubeconfig, safe for any name', () => {
    expect(defaultKubeconfigPath('inference-prod')).toBe('./inference-prod.kubeconfig');
    expect(defaultKubeconfigPath('../etc/passwd')).toBe('./__etc_passwd.kubeconfig');
    expect(defaultKubeconfigPath('a b$(x)')).toBe('./a_b__x_.kubeconfig');
    expect(defaultKubeconfigPath('')).toBe('./cluster.kubeconfig');
  });

  it('quotes the path for the shell when needed', () => {
    expect(kubectlLine('/home/me/prod.kubeconfig')?.text).toBe(
      'KUBECONFIG=/home/me/prod.kubeconfig kubectl get nodes',
    );
    expect(kubectlLine("/tmp/my dir/it's")?.text).toBe(`KUBECONFIG='/tmp/my dir/it'\\''s' kubectl get nodes`);
    expect(kubectlLine('/tmp/$(rm -rf ~)')?.text).toBe("KUBECONFIG='/tmp/$(rm -rf ~)' kubectl get nodes");
    expect(kubectlLine('/tmp/a\nb')).toBeUndefined();
  });

  it('says what to create the cluster again with', () => {
    expect(
      recreateHint({
        environment_name: 'prod-canada',
        kubernetes_version: '1.29.4',
        master_flavor: { name: 'n1-cpu-medium' },
        node_flavor: { name: 'n3-L40x1' },
        node_count: 3,
        keypair_name: 'ci',
      }),
    ).toBe(
      'environment prod-canada, Kubernetes 1.29.4, master n1-cpu-medium, workers 3 × n3-L40x1, key pair ci',
    );
    expect(recreateHint({})).toBe('');
  });
});

describe('cluster detail lines', () => {
  const base: Cluster = {
    id: 9,
    name: 'k',
    status: 'ACTIVE',
    environment_name: 'prod',
    kubernetes_version: '1.29.4',
    api_address: '1.2.3.4',
    keypair_name: 'kp',
    node_count: 2,
    node_flavor: { name: 'n3-L40x1', gpu: 'L40', gpu_count: 1, cpu: 28, ram: 58 },
    master_flavor: { name: 'n1-cpu-medium', gpu: null, cpu: 4, ram: 8 },
    node_addresses: ['5.5.5.5', '6.6.6.6'],
    kube_config: 'apiVersion: v1',
    created_at: ago(60 * 24 * 3),
  };
  const lines = (c: Partial<Cluster>, width = 60) =>
    textOf(
      clusterDetailLines({
        cluster: { ...base, ...c },
        region: 'CANADA-1',
        events: [],
        eventsLoading: false,
        rate: undefined,
        rateLoading: false,
        now: NOW,
        width,
      }),
    );

  it('shows the fields, flavors in words and the kubeconfig state', () => {
    const t = lines({});
    expect(t).toContain('API address: 1.2.3.4');
    expect(t).toContain('master flavor: n1-cpu-medium (CPU only, 4 vCPU, 8 GB RAM)');
    expect(t).toContain('worker flavor: n3-L40x1 (1 × L40, 28 vCPU, 58 GB RAM)');
    expect(t).toContain('node addresses: 5.5.5.5, 6.6.6.6');
    expect(t).toContain('kubeconfig: available: s saves it to a file');
    expect(t).toContain('created: 2026-11-18 12:00 (3d ago)');
    expect(lines({ kube_config: '' })).toContain('kubeconfig: not yet');
  });

  it('puts an ERROR and its whole reason first, wrapped to the width', () => {
    const reason =
      'Failed to create worker node k-worker-1: No valid host was found. There are not enough hosts available.';
    const t = lines({ status: 'ERROR', status_reason: reason }, 40).split('\n');
    expect(t[0]).toMatch(/^✖ ERROR: /);
    const head = t.slice(0, t.indexOf('The cluster failed: delete it (D) and create it again.')).join(' ');
    expect(head).toBe(`✖ ERROR: ${reason}`);
    for (const l of t.slice(0, 3)) expect(l.length).toBeLessThanOrEqual(40);
  });

  it('says a creation past 30 minutes should be deleted and created again', () => {
    const t = lines({ status: 'CREATING', created_at: ago(31), kube_config: '' });
    expect(t.split('\n')[0]).toBe(
      '⚠ creating for 31m: not ACTIVE after 30 min, it should be deleted and created again.',
    );
    expect(lines({ status: 'CREATING', created_at: ago(8) }).split('\n')[0]).toBe(
      '◐ creating for 8m (expected 5–20 min)',
    );
  });

  it('lists events newest first, with time, type, reason and message', () => {
    const t = textOf(
      eventLines(
        [
          { id: 1, time: '2026-11-21T11:00:00Z', type: 'Normal', reason: 'CreationStarted', message: 'go' },
          { id: 2, time: '2026-11-21T11:05:00Z', type: 'Warning', reason: 'Failed', message: 'no host' },
          { id: 3, time: null, type: null, reason: null, message: null },
        ],
        false,
      ),
    ).split('\n');
    expect(t[0]).toBe('# Events (3)');
    expect(t[1]).toBe('2026-11-21 11:05  Warning  Failed: no host');
    expect(t[2]).toBe('2026-11-21 11:00  Normal   CreationStarted: go');
    expect(t[3]).toBe('—  —        —: ');
    expect(textOf(eventLines(undefined, true))).toContain('loading…');
  });

  it('wraps words, cutting only words longer than a line', () => {
    expect(wrapWords('aaa bbb ccc', 10)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapWords('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
