/**
 * The Clusters screen's node groups, in the app against the simulator: the detail shows each group and its nodes'
 * states; while a cluster reconciles its node actions say why the service refuses them and open nothing; delete
 * a group by typing its name; remove one node (one DELETE); reconcile; read-only hides and refuses them all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import type { ClusterRecord } from '../../src/sim/world/types.js';
import { flat, footerLine, rowOf, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, screenApp, selectRow } from '../support/render-app.js';
import { DEFAULT_TIMINGS } from '../support/sim-client.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const open = screenApp('clusters');
const clusterNamed = (sim: Simulator, name: string) =>
  [...sim.world.clusters.values()].find((c) => c.name === name) as ClusterRecord;

describe('Clusters screen: node groups', () => {
  it('the detail shows each node group, its bounds and its nodes’ states; a scale shows them moving', async () => {
    app = await open({ width: 140, height: 60 });
    const c = clusterNamed(app.sim, 'inference-prod');
    await selectRow(app, 'inference-prod');
    await app.press(KEY.enter);
    let f = await app.waitFor('Node groups (1)');
    expect(flat(f)).toMatch(/workers worker 3 nodes \(min 3, max 3\) n3-L40x1 .*· 3 ACTIVE/);
    await app.api.clusters.updateNodeGroup(c.id, c.groups[0]!.id, { max_count: 5 });
    await app.api.clusters.addNodes(c.id, { role: 'worker', node_group: 'workers', count: 2 });
    await app.press('r');
    f = await app.waitFor((fr) => flat(fr).includes('3 ACTIVE, 2 CREATING'));
    expect(flat(f)).toContain('(min 3, max 5)');
    expect(flat(f)).toContain('changes are refused until it ends');
  });

  it('while a cluster reconciles, S says why the service refuses it and opens nothing', async () => {
    app = await open({ width: 180 });
    const c = clusterNamed(app.sim, 'inference-prod');
    await app.api.clusters.reconcile(c.id);
    await app.press('r');
    await selectRow(app, 'inference-prod');
    // the keys show in brackets, dim: the service would refuse them now
    const f = await app.waitFor((fr) => footerLine(fr).includes('S (scale node group'));
    expect(rowOf(f, 'inference-prod')).toContain('◐ reconcil');
    // the refresh asked for by r said its word first (else its "✓ refreshed" may replace the answer to S)
    await app.waitFor((fr) => statusLine(fr).includes('refreshed'));
    await app.press('S');
    await app.waitFor((fr) => statusLine(fr).includes('Cluster inference-prod is reconciling'));
    expect(app.store.getState().modal).toBeNull();
    expect(app.exchanges.some((e) => e.includes('/node-groups'))).toBe(false);
  });

  it('X chooses a group and deletes it once its name is typed', async () => {
    app = await open();
    const c = clusterNamed(app.sim, 'inference-prod');
    const { group } = await app.api.clusters.createNodeGroup(c.id, {
      name: 'extra',
      role: 'worker',
      flavor_name: 'n3-L40x1',
    });
    await app.advance(DEFAULT_TIMINGS.clusterScaleMs);
    await app.press('r');
    // the refreshed row: two groups, no longer reconciling
    await app.waitFor((fr) => rowOf(fr, 'inference-prod').includes('+ 1 ×'));
    await selectRow(app, 'inference-prod');
    await app.waitFor((fr) => footerLine(fr).includes('X delete node group'));
    await app.press('X');
    await app.waitFor('Which node group?');
    await app.press('j', KEY.enter);
    let f = await app.waitFor('Delete node group extra?');
    expect(flat(f)).toContain("Type the group's name to confirm");
    await app.press(...'extr', KEY.enter);
    f = await app.waitFor('not the exact name');
    expect(app.exchanges.some((e) => e.startsWith('DELETE') && e.includes('node-groups'))).toBe(false);
    await app.press('a', KEY.enter);
    await app.waitFor((fr) =>
      /Delete requested for node group extra|node group extra is deleted/.test(statusLine(fr)),
    );
    expect(app.exchanges).toContain(`DELETE /core/clusters/${c.id}/node-groups/${group.id}`);
  });

  it('x removes one chosen node with one DELETE, the cluster name typed', async () => {
    app = await open();
    const c = clusterNamed(app.sim, 'inference-prod');
    const first = c.nodes.find((n) => n.role === 'worker')!;
    await selectRow(app, 'inference-prod');
    await app.waitFor((fr) => footerLine(fr).includes('x remove nodes'));
    await app.press('x');
    await app.waitFor('Remove worker nodes of inference-prod');
    // Enter opens the list, Space marks the first node, Enter closes it (focus stays on Nodes), Tab to the name
    await app.press(KEY.enter, ' ', KEY.enter);
    await app.waitFor('1 selected');
    await app.press(KEY.tab, ...'inference-prod', '\x13');
    await app.waitFor('node(s) of inference-prod DELETING');
    expect(app.exchanges).toContain(`DELETE /core/clusters/${c.id}/nodes/${first.id}`);
    expect(first.status).toBe('DELETING');
  });

  it('e reconciles after a yes; the row then shows ◐ reconciling', async () => {
    app = await open({ width: 180 });
    const c = clusterNamed(app.sim, 'inference-prod');
    await selectRow(app, 'inference-prod');
    await app.waitFor((fr) => footerLine(fr).includes('e reconcile'));
    await app.press('e');
    await app.waitFor('Reconcile inference-prod?');
    await app.press('y');
    const f = await app.waitFor((fr) => rowOf(fr, 'inference-prod').includes('◐ reconcil'));
    expect(app.exchanges).toContain(`POST /core/clusters/${c.id}/reconcile`);
    expect(footerLine(f)).toContain('S (scale node group');
  });

  it('read-only: no node action offered, and S is refused', async () => {
    app = await open({ readOnly: true });
    await selectRow(app, 'inference-prod');
    const f = await app.waitFor((fr) => footerLine(fr).includes('save kubeconfig'));
    for (const label of ['scale node group', 'add node group', 'remove nodes', 'reconcile'])
      expect(footerLine(f)).not.toContain(label);
    await app.press('S');
    await app.waitFor('read-only');
    expect(app.store.getState().modal).toBeNull();
  });
});
