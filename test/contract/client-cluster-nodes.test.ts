/**
 * Contract: api.clusters' node groups, nodes, reconcile, master flavors and name check against the running
 * simulator over HTTP. Every change sets the cluster reconciling for clusterScaleMs, and the service refuses
 * changes meanwhile; time moves only through the ManualClock.
 */
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../src/api/schemas/cluster.js';
import { apiError, clusterBody, DEFAULT_TIMINGS, simPerTest } from '../support/sim-client.js';

const T = DEFAULT_TIMINGS;

const s = simPerTest();

/** An ACTIVE cluster with one worker group of 2 nodes. */
async function activeCluster(name = 'ng-cluster'): Promise<Cluster> {
  const c = await s.api.clusters.create(clusterBody({ name }));
  s.clock.advance(T.clusterCreateMs);
  const ready = await s.api.clusters.get(c.id);
  expect(ready.status).toBe('ACTIVE');
  return ready;
}

describe('node groups', () => {
  it('lists and reads the group a cluster is created with (bounds default to its count)', async () => {
    const c = await activeCluster();
    const groups = await s.api.clusters.nodeGroups(c.id);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      name: 'workers',
      role: 'worker',
      count: 2,
      min_count: 2,
      max_count: 2,
    });
    expect(groups[0]?.flavor?.name).toBe('n1-cpu-large');
    const one = await s.api.clusters.nodeGroup(c.id, groups[0]!.id!);
    expect(one).toMatchObject({ id: groups[0]!.id, name: 'workers' });
    const e = await apiError(s.api.clusters.nodeGroup(c.id, 999_999));
    expect(e.status).toBe(404);
  });

  it('creates a group: its nodes CREATING, the cluster reconciling and refusing changes, then ACTIVE', async () => {
    const c = await activeCluster();
    const { group, nodes } = await s.api.clusters.createNodeGroup(c.id, {
      name: 'gpu',
      role: 'worker',
      flavor_name: 'n1-cpu-large',
      count: 2,
      min_count: 1,
      max_count: 4,
    });
    expect(group).toMatchObject({ name: 'gpu', count: 2, min_count: 1, max_count: 4 });
    expect(nodes.map((n) => n.status)).toEqual(['CREATING', 'CREATING']);
    expect(nodes.every((n) => n.node_group_name === 'gpu')).toBe(true);
    expect((await s.api.clusters.get(c.id)).is_reconciling).toBe(true);

    const refused = await apiError(
      s.api.clusters.addNodes(c.id, { role: 'worker', node_group: 'gpu', count: 1 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.serviceMessage).toContain('Cluster ng-cluster is reconciling');
    expect((await apiError(s.api.clusters.reconcile(c.id))).serviceMessage).toContain('is reconciling');

    s.clock.advance(T.clusterScaleMs);
    const after = await s.api.clusters.get(c.id);
    expect(after.is_reconciling).toBe(false);
    const gpuNodes = (await s.api.clusters.nodes(c.id)).filter((n) => n.node_group_name === 'gpu');
    expect(gpuNodes.map((n) => n.status)).toEqual(['ACTIVE', 'ACTIVE']);
    // the spec's fields follow: every worker group counted
    expect(after.node_count).toBe(4);
  });

  it('refuses a duplicate group name (409) and a count outside min..max (400, on the field)', async () => {
    const c = await activeCluster();
    const dup = await apiError(
      s.api.clusters.createNodeGroup(c.id, { name: 'workers', role: 'worker', flavor_name: 'n1-cpu-large' }),
    );
    expect(dup.status).toBe(409);
    const bounds = await apiError(
      s.api.clusters.createNodeGroup(c.id, {
        name: 'x',
        role: 'worker',
        flavor_name: 'n1-cpu-large',
        count: 5,
        min_count: 1,
        max_count: 3,
      }),
    );
    expect(bounds.status).toBe(400);
    expect(bounds.fieldErrors?.count?.[0]).toMatch(/between min_count \(1\) and max_count \(3\)/);
  });

  it('updates the autoscaling bounds (PATCH), refusing min above max', async () => {
    const c = await activeCluster();
    const [g] = await s.api.clusters.nodeGroups(c.id);
    const updated = await s.api.clusters.updateNodeGroup(c.id, g!.id!, { min_count: 1, max_count: 6 });
    expect(updated).toMatchObject({ count: 2, min_count: 1, max_count: 6 });
    expect((await s.api.clusters.get(c.id)).is_reconciling).toBe(false);
    const e = await apiError(s.api.clusters.updateNodeGroup(c.id, g!.id!, { min_count: 5, max_count: 3 }));
    expect(e.status).toBe(400);
    expect(e.fieldErrors?.min_count).toBeDefined();
  });

  it('deletes a group (its nodes DELETING, then gone), but never the last one', async () => {
    const c = await activeCluster();
    const { group } = await s.api.clusters.createNodeGroup(c.id, {
      name: 'extra',
      role: 'worker',
      flavor_name: 'n1-cpu-large',
    });
    s.clock.advance(T.clusterScaleMs);
    await s.api.clusters.deleteNodeGroup(c.id, group.id!);
    const mid = await s.api.clusters.nodes(c.id);
    expect(mid.filter((n) => n.node_group_name === 'extra').map((n) => n.status)).toEqual(['DELETING']);
    s.clock.advance(T.clusterScaleMs);
    expect((await s.api.clusters.nodeGroups(c.id)).map((g) => g.name)).toEqual(['workers']);
    expect((await s.api.clusters.nodes(c.id)).some((n) => n.node_group_name === 'extra')).toBe(false);
    const [last] = await s.api.clusters.nodeGroups(c.id);
    const e = await apiError(s.api.clusters.deleteNodeGroup(c.id, last!.id!));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toMatch(/last worker node group/);
  });
});

describe('nodes', () => {
  it('adds workers to a group, removes one, then a batch; the group count follows', async () => {
    const c = await activeCluster();
    const added = await s.api.clusters.addNodes(c.id, { role: 'worker', node_group: 'workers', count: 3 });
    expect(added).toHaveLength(3);
    expect(added.every((n) => n.status === 'CREATING')).toBe(true);
    expect((await s.api.clusters.nodeGroups(c.id))[0]?.count).toBe(5);
    s.clock.advance(T.clusterScaleMs);

    await s.api.clusters.deleteNode(c.id, added[0]!.id!);
    expect((await s.api.clusters.nodeGroups(c.id))[0]?.count).toBe(4);
    s.clock.advance(T.clusterScaleMs);
    await s.api.clusters.deleteNodes(c.id, [added[1]!.id!, added[2]!.id!]);
    const mid = await s.api.clusters.nodes(c.id);
    expect(mid.filter((n) => n.status === 'DELETING').map((n) => n.id)).toEqual([added[1]!.id, added[2]!.id]);
    s.clock.advance(T.clusterScaleMs);
    const workers = (await s.api.clusters.nodes(c.id)).filter((n) => n.role === 'worker');
    expect(workers).toHaveLength(2);
    expect((await s.api.clusters.nodeGroups(c.id))[0]?.count).toBe(2);
  });

  it('refuses to remove a master node, or the last node of a group', async () => {
    const c = await activeCluster();
    const nodes = await s.api.clusters.nodes(c.id);
    const master = nodes.find((n) => n.role === 'master')!;
    expect((await apiError(s.api.clusters.deleteNode(c.id, master.id!))).serviceMessage).toMatch(/master/);
    const workers = nodes.filter((n) => n.role === 'worker').map((n) => n.id!);
    const e = await apiError(s.api.clusters.deleteNodes(c.id, workers));
    expect(e.serviceMessage).toMatch(/needs at least one node/);
  });
});

describe('reconcile, master flavors, name check', () => {
  it('reconciles a cluster: reconciling, then not', async () => {
    const c = await activeCluster();
    expect(await s.api.clusters.reconcile(c.id)).toMatch(/reconciliation/);
    expect((await s.api.clusters.get(c.id)).is_reconciling).toBe(true);
    s.clock.advance(T.clusterScaleMs);
    expect((await s.api.clusters.get(c.id)).is_reconciling).toBe(false);
  });

  it('lists the CPU-only master flavors and says whether a name is free', async () => {
    const flavors = await s.api.clusters.masterFlavors();
    expect(flavors.map((f) => f.name)).toEqual(['n1-cpu-small', 'n1-cpu-medium', 'n1-cpu-large']);
    expect(flavors.every((f) => !f.gpu_count)).toBe(true);
    await activeCluster('taken-name');
    expect(await s.api.clusters.nameAvailable('taken-name')).toBe(false);
    expect(await s.api.clusters.nameAvailable('free-name')).toBe(true);
  });
});
