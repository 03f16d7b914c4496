/**
 * The node-group forms against the simulator over HTTP: add a group (bounds checked live, the price it adds),
 * scale one (the hourly price change before sending; bounds by PATCH, nodes added or the newest removed with the
 * group's name typed), remove nodes (one DELETE or one batch). A refusal of the service stays in the form.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeNodesForm } from '../../screens/forms/cluster-nodes-remove.js';
import { createNodeGroupForm } from '../../screens/forms/node-group-create.js';
import { scaleNodeGroupForm } from '../../screens/forms/node-group-scale.js';
import type { Cluster } from '../../src/api/schemas/cluster.js';
import { perHour } from '../../src/domain/format.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import type { FormData } from '../../src/store/actions/form-data.js';
import { DEFAULT_TIMINGS } from '../support/sim-client.js';
import { FormDriver, type FormEnv, formEnv, loadAll } from './forms-harness.js';

let env: FormEnv;
let data: FormData;
let cluster: Cluster;
beforeEach(async () => {
  env = await formEnv();
  data = await loadAll(env);
  cluster = await reread('inference-prod');
});
afterEach(async () => {
  await env.close();
});

async function reread(name: string): Promise<Cluster> {
  const c = (await env.api.clusters.list()).find((x) => x.name === name)!;
  return env.api.clusters.get(c.id);
}

const world = () => env.sc.sim.world;
const record = () => world().clusters.get(cluster.id)!;
/** The hourly price of one n3-L40x1 node, as the forms read it from the pricebook. */
const l40 = () => flavorHourly({ name: 'n3-L40x1', gpu: 'L40', gpu_count: 1 }, priceMap(data.pricebook))!;

describe('Add node group', () => {
  it('checks min ≤ count ≤ max and a free name live, and says the price it adds', async () => {
    const d = new FormDriver(createNodeGroupForm({ deps: env.deps, data }, cluster));
    d.fill('name', 'workers');
    expect(d.errors().name).toBe('inference-prod has a node group named workers');
    d.fill('name', 'more-l40');
    d.choose('flavor', 'n3-L40x1');
    d.fill('count', '3');
    // The fix is in Max (the count is what the user wants): the error is there, not under Nodes.
    expect(d.errors().max_count).toBe('below the 3 nodes wanted: raise it to 3 or more');
    expect(d.errors().count).toBeUndefined();
    d.fill('max_count', '4');
    expect(d.errors().max_count).toBeUndefined();
    expect(d.spec.summary!(d.state.values)).toContain(`+${perHour(Math.round(l40() * 3 * 10_000) / 10_000)}`);
    expect(await d.submit()).toBe('done');
    const g = record().groups.find((x) => x.name === 'more-l40')!;
    expect(g).toMatchObject({ count: 3, minCount: 1, maxCount: 4 });
    expect(record().reconciling).toBe(true);
  });

  it('keeps the service’s refusal in the form: the cluster started reconciling meanwhile', async () => {
    const d = new FormDriver(createNodeGroupForm({ deps: env.deps, data }, cluster));
    d.fill('name', 'late');
    d.choose('flavor', 'n3-L40x1');
    await env.api.clusters.reconcile(cluster.id);
    expect(await d.submit()).toBe('error');
    expect(d.closed).toBe(false);
    expect(JSON.stringify(d.state)).toContain('Cluster inference-prod is reconciling');
    expect(d.state.values.name).toBe('late');
  });
});

describe('Scale node group', () => {
  it('shows the hourly price change, then PATCHes the bounds and adds the nodes', async () => {
    const g = cluster.node_groups![0]!;
    const d = new FormDriver(scaleNodeGroupForm({ deps: env.deps, data }, cluster, g));
    // Above the maximum: the error is under Max, the bound to raise.
    d.fill('count', '5');
    expect(d.errors().max_count).toBe('below the 5 nodes wanted: raise it to 5 or more');
    expect(d.errors().count).toBeUndefined();
    d.fill('max_count', '5');
    expect(d.errors().max_count).toBeUndefined();
    const summary = d.spec.summary!(d.state.values)!;
    expect(summary).toContain('workers: 3 → 5 × n3-L40x1');
    expect(summary).toContain(`+${perHour(Math.round(l40() * 2 * 10_000) / 10_000)}`);
    expect(d.visible()).not.toContain('confirm');
    expect(await d.submit()).toBe('done');
    expect(record().groups[0]).toMatchObject({ count: 5, maxCount: 5 });
    expect(record().nodes.filter((n) => n.status === 'CREATING')).toHaveLength(2);
  });

  it('scaling down names the newest nodes, wants the group name typed, and removes them in one request', async () => {
    const g = cluster.node_groups![0]!;
    const d = new FormDriver(scaleNodeGroupForm({ deps: env.deps, data }, cluster, g));
    // Below the minimum: the error is under Min, the bound to lower.
    d.fill('count', '1');
    expect(d.errors().min_count).toBe('above the 1 nodes wanted: lower it to 1 or less');
    expect(d.errors().count).toBeUndefined();
    d.fill('min_count', '1');
    d.fill('count', '1');
    const summary = d.spec.summary!(d.state.values)!;
    expect(summary).toContain(`−${perHour(Math.round(l40() * 2 * 10_000) / 10_000)}`);
    expect(summary).toMatch(/removes inference-prod-\d+, inference-prod-\d+/);
    expect(d.visible()).toContain('confirm');
    expect(d.errors().confirm).toBe('type workers to remove nodes');
    expect(await d.submit()).toBeUndefined();
    d.fill('confirm', 'workers');
    expect(await d.submit()).toBe('done');
    expect(record().groups[0]).toMatchObject({ count: 1, minCount: 1 });
    expect(record().nodes.filter((n) => n.status === 'DELETING')).toHaveLength(2);
    env.sc.clock.advance(DEFAULT_TIMINGS.clusterScaleMs);
    world().advance();
    expect(record().nodes.filter((n) => n.role === 'worker')).toHaveLength(1);
  });
});

describe('Remove worker nodes', () => {
  it('several nodes go in one batch request; a group left empty is refused before sending', async () => {
    const d = new FormDriver(removeNodesForm({ deps: env.deps, data }, cluster));
    const options = d.options('nodes');
    expect(options).toHaveLength(3);
    d.focus('nodes');
    d.key('enter');
    d.key(' ');
    d.key('down');
    d.key(' ');
    d.key('down');
    d.key(' ');
    d.key('enter');
    expect(d.errors().nodes).toBe('leaves workers with no node: delete the group instead (X)');
    d.focus('nodes');
    d.key('enter');
    d.key(' ');
    d.key('enter');
    expect(d.errors().nodes).toBeUndefined();
    d.fill('confirm', 'inference');
    expect(d.errors().confirm).toBe('type inference-prod to confirm');
    d.fill('confirm', 'inference-prod');
    expect(await d.submit()).toBe('done');
    expect(record().nodes.filter((n) => n.status === 'DELETING')).toHaveLength(2);
    expect(record().groups[0]?.count).toBe(1);
  });
});
