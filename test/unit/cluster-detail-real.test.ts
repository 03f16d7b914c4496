/**
 * The cluster detail from what the real service sends: the OpenAPI document's own examples (verbatim), sparse real
 * answers (nulls, missing optional fields), and the spec's older shape, each through the client's schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Cluster, ClusterListResponse, ClusterResponse } from '../../src/api/schemas/cluster.js';
import { workerFlavorCell } from '../../src/domain/cluster-nodes.js';
import type { DetailLine } from '../../src/ui/DetailPane.js';
import { clusterDetailLines } from '../../src/ui/details/cluster-detail.js';
import { SPARSE } from '../fixtures/api/real/sparse.js';

const NOW = Date.parse('2025-03-01T12:10:00Z');
const example = (id: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/api/real/${id}.json`, import.meta.url), 'utf8'));

const textOf = (lines: DetailLine[]) =>
  lines
    .map((l) =>
      l.kind === 'section' ? `# ${l.title}` : l.kind === 'field' ? `${l.label}: ${l.value}` : l.text,
    )
    .join('\n');

const detail = (cluster: Cluster) =>
  textOf(
    clusterDetailLines({
      cluster,
      region: undefined,
      events: [],
      eventsLoading: false,
      rate: undefined,
      rateLoading: false,
      now: NOW,
      width: 100,
    }),
  );

describe('cluster detail from real-shaped bodies', () => {
  it('the document’s example: every node group with role, count, min/max and flavor; reconciling shown', () => {
    const c = ClusterResponse.parse(example('Getting_Cluster_Detail')).cluster;
    const t = detail(c);
    expect(t).toContain('◐ reconciling: the service is bringing the nodes');
    expect(t).toContain('reconciling: yes');
    expect(t).toContain('# Node groups (2)');
    expect(
      t.match(/^name {2}role {2}3 nodes \(min 1, max 1\) {2}name \(5 × gpu, 6 vCPU, 9\.3 GB RAM\)$/gm),
    ).toHaveLength(2);
    expect(t).toContain('worker nodes: 6');
    expect(t).toContain('worker flavor: 3 × name + 3 × name');
    expect(t).toContain('master flavor: name (5 × gpu, 6 vCPU, 9.3 GB RAM)');
    expect(t).toContain('node addresses: floating_ip, floating_ip');
    expect(t).toMatch(/^bastion name \[node_group_name\] {2}status/m);
    expect(workerFlavorCell(c)).toBe('3 × name + 3 × name');
    expect(t).not.toMatch(/undefined|null|NaN/);
  });

  it('the list’s example gives the same rows', () => {
    const [c] = ClusterListResponse.parse(example('List_Clusters')).clusters;
    expect(detail(c!)).toContain('worker nodes: 6');
  });

  it('sparse: nulls and missing fields show as "—", a flavor of a name alone as its name', () => {
    const [c] = ClusterListResponse.parse(SPARSE.List_Clusters).clusters;
    const t = detail(c!);
    expect(t).toContain('worker nodes: 2');
    expect(t).toContain('worker flavor: n3-H100x1');
    expect(t).toMatch(/^workers {2}worker {2}2 nodes {2}n3-H100x1$/m);
    expect(t).toContain('master nodes: 1');
    expect(t).toContain('master flavor: —');
    expect(t).toContain('reconciling: no');
    expect(t).toContain('green status: —');
    expect(t).toContain('node addresses: —');
    expect(workerFlavorCell(c!)).toBe('n3-H100x1');
    expect(t).not.toMatch(/undefined|null|NaN/);

    const bare = ClusterResponse.parse(SPARSE.Getting_Cluster_Detail).cluster;
    const b = detail(bare);
    expect(b).toContain('worker nodes: —');
    expect(b).toContain('master nodes: —');
    expect(b).toContain('reconciling: —');
    expect(b).not.toContain('Node groups');
    expect(b).not.toMatch(/undefined|null|NaN/);
  });

  it('the spec’s shape (node_count, node_flavor, node_addresses) still reads', () => {
    const c = ClusterResponse.parse({
      status: true,
      cluster: {
        id: 1,
        name: 'old',
        status: 'ACTIVE',
        node_count: 3,
        node_flavor: { name: 'n3-L40x1', gpu: 'L40', gpu_count: 1, cpu: 28, ram: 58 },
        node_addresses: ['5.5.5.5'],
      },
    }).cluster;
    const t = detail(c);
    expect(t).toContain('worker nodes: 3');
    expect(t).toContain('worker flavor: n3-L40x1 (1 × L40, 28 vCPU, 58 GB RAM)');
    expect(t).toContain('node addresses: 5.5.5.5');
    expect(t).not.toContain('Node groups');
    expect(workerFlavorCell(c)).toBe('n3-L40x1');
  });
});
