import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { perHour } from '../../src/domain/format.js';
import type { Simulator } from '../../src/sim/server.js';
import { createCluster } from '../../src/sim/world/clusters.js';
import type { ClusterRecord } from '../../src/sim/world/types.js';
import { storeKey, targetFor } from '../../src/store/state/resources.js';
import { flat, footerLine, rowOf, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, screenApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupApps();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const open = screenApp('clusters');

const clusterNamed = (sim: Simulator, name: string) =>
  [...sim.world.clusters.values()].find((c) => c.name === name) as ClusterRecord;

/** A cluster still CREATING 31 minutes after it started (its creation made slow, so it is still going). */
function addStuckCluster(sim: Simulator): void {
  const t = sim.world.timings;
  const normal = t.clusterCreateMs;
  t.clusterCreateMs = 4 * 3_600_000;
  createCluster(
    sim.world,
    {
      name: 'stuck-k8s',
      environmentName: 'prod-canada',
      keypairName: 'ci-deploy',
      kubernetesVersion: '1.29.4',
      masterFlavorName: 'n1-cpu-medium',
      nodeFlavorName: 'n3-L40x1',
      nodeCount: 2,
    },
    { createdAt: sim.world.now() - 31 * 60_000, willFail: false, ignoreStock: true },
  );
  t.clusterCreateMs = normal;
}

describe('Clusters screen: the table', () => {
  it('says beta and shows name, environment, version, status, workers, node flavor and age', async () => {
    app = await open();
    const f = await app.waitFor('CANADA-1');
    expect(f).toContain('Kubernetes clusters (beta)');
    const header = f.split('\n').find((l) => l.includes('NAME'))!;
    let at = 0;
    for (const h of ['NAME', 'ENVIRONMENT', 'K8S', 'STATUS', 'WORKERS', 'NODE FLAVOR', 'AGE']) {
      at = header.indexOf(h, at);
      expect(at, h).toBeGreaterThan(0);
    }
    const c = clusterNamed(app.sim, 'inference-prod');
    const row = rowOf(f, 'inference-prod');
    for (const v of [
      'prod-canada/CANADA-1',
      c.kubernetesVersion,
      '● ACTIVE',
      ` ${c.nodeCount} `,
      c.nodeFlavor.name,
      '40d',
    ]) {
      expect(row).toContain(v);
    }
  });

  it('shows a CREATING cluster with its time against the expected 5–20 minutes', async () => {
    app = await open();
    const f = await app.waitFor('batch-jobs');
    expect(rowOf(f, 'batch-jobs')).toMatch(/◐ CREATING 3m\/5–20m/);
  });

  it('puts an ERROR cluster and its reason on the warning line', async () => {
    app = await open();
    const f = await app.waitFor('is in ERROR');
    const gpuCi = clusterNamed(app.sim, 'gpu-ci');
    expect(f).toContain('✖ gpu-ci is in ERROR: Failed to create worker node');
    expect(rowOf(f, 'gpu-ci')).toContain('✖ ERROR');
    expect(gpuCi.status).toBe('ERROR');
  });
});

describe('Clusters screen: the detail pane', () => {
  it('shows the ERROR reason in full at the top, the fields, the event timeline and the hourly rate', async () => {
    app = await open({ height: 80 });
    const c = clusterNamed(app.sim, 'gpu-ci');
    await selectRow(app, 'gpu-ci');
    await app.press(KEY.enter);
    const f = await app.waitFor((fr) => fr.includes('you pay') && fr.includes('WorkerProvisioningFailed'));
    // The whole reason, wrapped: its last words are on screen.
    const reason = f.slice(f.indexOf('✖ ERROR:')).split('\n').slice(0, 4).join(' ').replace(/\s+/g, ' ');
    expect(reason).toContain(c.statusReason.split(' ').slice(-4).join(' '));
    expect(f.indexOf('✖ ERROR:')).toBeLessThan(f.indexOf('Cluster (beta)'));
    expect(f).toContain('delete it (D) and create it again');
    const field = (label: string, value: string | number) =>
      expect(f).toMatch(new RegExp(`^${label} +${String(value).replace(/[.()+×]/g, '\\$&')}`, 'm'));
    field('API address', c.apiAddress);
    field('key pair', c.keypairName);
    field('master flavor', c.masterFlavor.name);
    field('worker flavor', c.nodeFlavor.name);
    field('worker nodes', c.nodeCount);
    field('node addresses', c.nodes[0]!.floatingIp!);
    // Events: time, type, reason, message; newest first.
    expect(f).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}Warning {2}CreationFailed: Cluster gpu-ci is in ERROR/m);
    expect(f).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}Normal {3}CreationStarted: /m);
    expect(f.indexOf('CreationFailed')).toBeLessThan(f.indexOf('CreationStarted'));
    const rate = await app.api.billing.resourceRate('cluster', c.id);
    expect(f).toMatch(
      new RegExp(`^list price +${perHour(rate.resource.price).replace(/[$.]/g, '\\$&')}`, 'm'),
    );
    expect(app.exchanges).toEqual(
      expect.arrayContaining([
        `GET /core/clusters/${c.id}/events`,
        `GET /pricebook/calculate/resource/cluster/${c.id}`,
      ]),
    );
  });

  it('refreshes the events of a CREATING cluster as its creation goes on', async () => {
    app = await open({ height: 70 });
    const c = clusterNamed(app.sim, 'batch-jobs');
    await selectRow(app, 'batch-jobs');
    await app.press(KEY.enter);
    let f = await app.waitFor('ProvisioningWorkers');
    expect(f).toMatch(/◐ creating for 3m \(expected 5–20 min\)/);
    expect(f).not.toContain('WorkersJoined');
    // The events of a CREATING cluster poll fast (like the list); an ACTIVE one's at the normal pace.
    const fast = (id: number) =>
      targetFor(app!.api, storeKey('cluster-events', id), app!.store)!.transitioning!([]);
    expect(fast(c.id)).toBe(true);
    expect(fast(clusterNamed(app.sim, 'inference-prod').id)).toBe(false);
    await app.advance(2 * 60_000);
    await app.press('r');
    f = await app.waitFor('WorkersJoined');
    expect(f.indexOf('WorkersJoined')).toBeLessThan(f.indexOf('ProvisioningWorkers'));
  });
});

describe('Clusters screen: the 30-minute rule', () => {
  it('says a cluster CREATING for 31 minutes should be deleted and created again, and offers that delete', async () => {
    app = await open({ before: addStuckCluster });
    let f = await app.waitFor('STUCK');
    expect(rowOf(f, 'stuck-k8s')).toMatch(/⚠ CREATING 31m STUCK/);
    expect(f).toContain(
      '⚠ stuck-k8s: creating for 31m: not ACTIVE after 30 min, it should be deleted and created again',
    );
    f = await selectRow(app, 'stuck-k8s');
    f = await app.waitFor((fr) => footerLine(fr).includes('D delete (stuck: recreate)'));
    await app.press(KEY.enter);
    f = await app.waitFor('The service documents');
    expect(f).toContain(
      '⚠ creating for 31m: not ACTIVE after 30 min, it should be deleted and created again.',
    );
    await app.press('D');
    f = await app.waitFor('Delete cluster stuck-k8s?');
    expect(flat(f)).toContain('a cluster not ACTIVE after 30 minutes is to be deleted and created again');
    await app.press(...'stuck-k8s', KEY.enter);
    f = await app.waitFor((fr) => /Delete requested for stuck-k8s|stuck-k8s is deleted/.test(statusLine(fr)));
    expect(statusLine(f)).toContain('to create it again: environment prod-canada, Kubernetes 1.29.4');
    const c = clusterNamed(app.sim, 'stuck-k8s');
    expect(app.exchanges).toContain(`DELETE /core/clusters/${c.id}`);
    expect(c.status).toBe('DELETING');
  });

  it('does not call a cluster stuck before 30 minutes', async () => {
    app = await open();
    const f = await selectRow(app, 'batch-jobs');
    expect(f).not.toContain('STUCK');
    const footer = await app.waitFor((fr) => footerLine(fr).includes('D delete'));
    expect(footerLine(footer)).not.toContain('stuck');
  });
});

describe('Clusters screen: delete', () => {
  it('wants the exact name typed; a wrong name deletes nothing', async () => {
    app = await open();
    const c = clusterNamed(app.sim, 'training-k8s');
    await selectRow(app, 'training-k8s');
    await app.press('D');
    let f = await app.waitFor('Delete cluster training-k8s?');
    expect(flat(f)).toContain('Deleting is irreversible');
    await app.press(...'training', KEY.enter);
    f = await app.waitFor('not the exact name');
    expect(app.exchanges.some((e) => e.startsWith('DELETE'))).toBe(false);
    await app.press(...'-k8s', KEY.enter);
    await app.waitFor((fr) =>
      /Delete requested for training-k8s|training-k8s is deleted/.test(statusLine(fr)),
    );
    expect(app.exchanges).toContain(`DELETE /core/clusters/${c.id}`);
  });

  it('read-only: no delete key, and D is refused', async () => {
    app = await open({ readOnly: true });
    await selectRow(app, 'training-k8s');
    const f = await app.waitFor((fr) => footerLine(fr).includes('save kubeconfig'));
    expect(footerLine(f)).not.toContain('delete');
    await app.press('D');
    await app.waitFor('read-only');
    expect(app.store.getState().modal).toBeNull();
  });
});

describe('Clusters screen: kubeconfig', () => {
  it('saves kube_config with mode 0600, asks before overwriting, and copies the kubectl line (OSC 52)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hs-kc-'));
    const path = join(dir, 'prod.yaml');
    app = await open();
    const cluster = await app.api.clusters.get(clusterNamed(app.sim, 'inference-prod').id);
    await selectRow(app, 'inference-prod');
    await app.waitFor((fr) => footerLine(fr).includes('s save kubeconfig'));

    await app.press('s');
    let f = await app.waitFor('./inference-prod.kubeconfig');
    expect(f).toContain('mode 0600');
    await app.press('\x15', ...path, KEY.enter);
    f = await app.waitFor('kubeconfig saved');
    const line = `KUBECONFIG=${path} kubectl get nodes`;
    expect(statusLine(f)).toContain(`copied to the clipboard: ${line}`);
    expect(readFileSync(path, 'utf8')).toBe(cluster.kube_config);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const osc = app.copied.join('').match(/\]52;c;([A-Za-z0-9+/=]+)/);
    expect(Buffer.from(osc![1]!, 'base64').toString('utf8')).toBe(line);

    // Again, onto a file that is there (and readable by all): asked first, then replaced and 0600 again.
    writeFileSync(path, 'old content\n');
    chmodSync(path, 0o644);
    await app.press('s');
    await app.waitFor('mode 0600');
    await app.press('\x15', ...path, KEY.enter);
    f = await app.waitFor(`Overwrite ${path}?`);
    await app.press('n');
    await app.waitFor((fr) => !fr.includes('Overwrite'));
    expect(readFileSync(path, 'utf8')).toBe('old content\n');
    await app.press('s');
    await app.waitFor('mode 0600');
    await app.press('\x15', ...path, KEY.enter);
    await app.waitFor(`Overwrite ${path}?`);
    await app.press('y');
    await vi.waitFor(() => expect(readFileSync(path, 'utf8')).toBe(cluster.kube_config));
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses a folder that does not exist, and offers no save before the cluster is ACTIVE', async () => {
    app = await open();
    await selectRow(app, 'inference-prod');
    await app.press('s');
    await app.waitFor('mode 0600');
    await app.press('\x15', ...'/nonexistent-dir/x.kubeconfig', KEY.enter);
    const f = await app.waitFor('no such folder: /nonexistent-dir');
    expect(f).toContain('x.kubeconfig');
    await app.press(KEY.esc);
    await selectRow(app, 'batch-jobs');
    const g = await app.waitFor((fr) => footerLine(fr).includes('D delete'));
    expect(footerLine(g)).not.toContain('kubeconfig');
  });
});
