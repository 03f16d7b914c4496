/**
 * The Clusters screen drawing what the real service sends (not what our simulator sends): the OpenAPI document's
 * own example and a sparse real answer, served in place of the simulator's cluster list.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SPARSE } from '../fixtures/api/real/sparse.js';
import { rowOf } from '../support/frame-text.js';
import { startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const example = (id: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/api/real/${id}.json`, import.meta.url), 'utf8'));

/** The app on the Clusters screen, the cluster list answered with `body`. */
const withClusters = (body: unknown, height = 40) =>
  renderApp({
    screen: 'clusters',
    height,
    width: 160,
    through: (url) =>
      startOverrideProxy(url, (method, path) =>
        method === 'GET' && path === '/core/clusters' ? { status: 200, body } : undefined,
      ),
  });

const header = (f: string) => f.split('\n').find((l) => l.includes('NAME') && l.includes('WORKERS'))!;

describe('Clusters screen, real-shaped bodies', () => {
  it('the document’s example: workers and flavors from node_groups, reconciling visible', async () => {
    // The document's two clusters share id 0 and name "name": one made distinct, so both are rows.
    const body = example('List_Clusters');
    body.clusters[1] = { ...body.clusters[1], id: 1, name: 'second', is_reconciling: false };
    app = await withClusters(body);
    const f = await app.waitFor(' second ');
    for (const h of ['WORKERS', 'NODE FLAVOR', 'MASTERS', 'GREEN']) expect(header(f)).toContain(h);
    const row = rowOf(f, 'name');
    expect(row).toContain('status ◐ reconciling');
    expect(row).toMatch(/ 6 +3 × name \+ 3 × name /);
    expect(rowOf(f, 'second')).not.toContain('reconciling');
    expect(f).toContain('◐ name: reconciling: the service is bringing the nodes');
  });

  it('the document’s example in the detail: each node group with its count and bounds; no node action offered', async () => {
    const body = example('List_Clusters');
    body.clusters[1] = { ...body.clusters[1], id: 1, name: 'second', is_reconciling: false };
    app = await withClusters(body, 60);
    await app.waitFor(' second ');
    await selectRow(app, 'name');
    await app.press(KEY.enter);
    const d = await app.waitFor('Node groups (2)');
    expect(d).toMatch(/^name {2}role {2}3 nodes \(min 1, max 1\) {2}name \(5 × gpu/m);
    // its status ("status") is not ACTIVE: the node actions are not offered
    expect(d.split('\n').at(-1)).not.toContain('scale node group');
  });

  it('sparse: the worker group’s count and flavor, a master counted from the nodes, the detail without nulls', async () => {
    app = await withClusters(SPARSE.List_Clusters, 60);
    const f = await app.waitFor(' k8s-us ');
    expect(rowOf(f, 'k8s-us')).toMatch(/ 2 +n3-H100x1 +1 /);
    await selectRow(app, 'k8s-us');
    await app.press(KEY.enter);
    const d = await app.waitFor('Node groups (1)');
    expect(d).toMatch(/^worker nodes +2$/m);
    expect(d).toMatch(/^master nodes +1$/m);
    expect(d).toMatch(/^master flavor +—$/m);
    expect(d).toMatch(/^workers {2}worker {2}2 nodes {2}n3-H100x1/m);
    expect(d).not.toMatch(/undefined|null|NaN/);
  });
});
