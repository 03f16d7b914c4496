/**
 * The service's rules on the VMs screen: an action it would refuse (a snapshot being taken, a locked VM, a flavor
 * without hibernation) is shown disabled with the reason, and its key says why instead of sending anything;
 * deleting a cluster's node names the cluster and asks again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { createCluster } from '../../src/sim/world/clusters.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { flat, footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const active = (sim: Simulator, nth: number): VmRecord =>
  [...sim.world.vms.values()].filter((v) => v.status === 'ACTIVE' && v.clusterId === null)[nth]!;
/** Requests that change something (VM power actions are GETs, so by path too). */
const changes = (a: AppHarness) =>
  a.exchanges.filter(
    (e) => !e.startsWith('GET ') || /\/(start|stop|hard-reboot|hibernate|hibernate-restore)$/.test(e),
  );

async function select(a: AppHarness, name: string, footer: string) {
  await selectRow(a, name);
  return a.waitFor((f) => footerLine(f).includes(footer));
}

/** An ACTIVE cluster of one L40 node, made three hours ago. */
const oneNodeCluster = (sim: Simulator, name: string) =>
  createCluster(
    sim.world,
    {
      name,
      environmentName: 'prod-canada',
      keypairName: 'ci-deploy',
      kubernetesVersion: '1.29.4',
      masterFlavorName: 'n1-cpu-medium',
      nodeFlavorName: 'n3-L40x1',
      nodeCount: 1,
    },
    { createdAt: sim.world.now() - 3 * 3_600_000, willFail: false, ignoreStock: true },
  );

describe('VM actions the service would refuse', () => {
  it('a snapshot being taken: every action disabled, with the reason in the help and on the key', async () => {
    let vm!: VmRecord;
    app = await renderApp({
      height: 50,
      width: 220,
      before: (sim) => {
        vm = active(sim, 0);
        vm.snapshotting = true;
        vm.floatingIp ??= '185.216.20.250';
      },
    });
    const f = await select(app, vm.name, '(stop*)');
    expect(footerLine(f)).toContain('x (stop*)');
    expect(footerLine(f)).toContain('D (delete*)');
    await app.press('x');
    await app.waitFor((fr) => statusLine(fr).includes('stop: not possible now'));
    expect(statusLine(app.frame())).toContain(
      'stop: not possible now: a snapshot is being taken: wait until it is done',
    );
    await app.press('F');
    await app.waitFor((fr) => statusLine(fr).includes('detach IP: not possible now'));
    expect(app.store.getState().modal).toBeNull();
    expect(changes(app)).toEqual([]);
    // The help lists the key with its reason.
    await app.press('?');
    const help = await app.waitFor('not now:');
    expect(help).toMatch(/x +stop\* — not now: a snapshot is being taken/);
    await app.press(KEY.esc);
    // The detail says so at the top.
    await app.press(KEY.enter);
    await app.waitFor('every action is refused meanwhile');
  });

  it('a locked VM: power actions and delete disabled, snapshot still offered', async () => {
    let vm!: VmRecord;
    app = await renderApp({
      before: (sim) => {
        vm = active(sim, 1);
        vm.locked = true;
      },
    });
    const f = await select(app, vm.name, '(stop*)');
    expect(footerLine(f)).toContain('n snapshot*');
    await app.press('D');
    await app.waitFor((fr) => statusLine(fr).includes('delete: not possible now: the VM is locked'));
    expect(app.store.getState().modal).toBeNull();
    expect(changes(app)).toEqual([]);
    await app.press(KEY.enter);
    await app.waitFor((fr) => /^locked +yes: power actions, resize and delete are refused/m.test(fr));
  });

  it('a flavor without hibernation: hibernate disabled, naming the flavor', async () => {
    let vm!: VmRecord;
    app = await renderApp({
      before: (sim) => {
        vm = active(sim, 2);
        vm.flavor = { ...vm.flavor, limits: { ...vm.flavor.limits, noHibernation: true } };
      },
    });
    const f = await select(app, vm.name, '(hibernate*)');
    expect(footerLine(f)).toContain('x stop*');
    await app.press('h');
    await app.waitFor((fr) =>
      statusLine(fr).includes(
        `hibernate: not possible now: flavor ${vm.flavor.name} does not support hibernation`,
      ),
    );
    expect(changes(app)).toEqual([]);
  });

  it('an ordinary VM: the same keys act (no reason shown)', async () => {
    app = await renderApp();
    const vm = active(app.sim, 0);
    const f = await select(app, vm.name, 'x stop*');
    expect(footerLine(f)).not.toContain('(');
    await app.press('x');
    await app.waitFor(`Stop ${vm.name}?`);
  });
});

describe('deleting a VM that is a node of a cluster', () => {
  it('names the cluster and asks whether to delete the cluster instead, which asks again', async () => {
    app = await renderApp({
      height: 50,
      width: 200,
      before: (sim) => oneNodeCluster(sim, 'node-test'),
    });
    // The node's VMs appear as the simulator's clock reaches their creation (at the first request).
    await app.waitFor(' node-test-2 ');
    const cluster = [...app.sim.world.clusters.values()].find((c) => c.name === 'node-test')!;
    const node = [...app.sim.world.vms.values()].find((v) => v.name === 'node-test-2')!;
    expect([node.clusterId, node.locked, node.status]).toEqual([cluster.id, true, 'ACTIVE']);
    await select(app, node.name, 'D delete*');
    await app.press(KEY.enter);
    await app.waitFor(`a node of cluster ${cluster.id}: deleted with it`);
    await app.press(KEY.esc);
    await app.press('D');
    let f = await app.waitFor(`${node.name} is a node of cluster node-test`);
    expect(flat(f)).toContain('Delete cluster node-test instead, with all of its nodes and data?');
    await app.press('y');
    f = await app.waitFor('Delete cluster node-test?');
    expect(changes(app)).toEqual([]);
    await app.press(...'node-test', KEY.enter);
    await app.waitFor((fr) => /Delete requested for node-test|node-test is deleted/.test(statusLine(fr)));
    expect(changes(app)).toEqual([`DELETE /core/clusters/${cluster.id}`]);
    expect(app.exchanges).not.toContain(`DELETE /core/virtual-machines/${node.id}`);
  });

  it('n at the first question deletes nothing', async () => {
    app = await renderApp({
      height: 50,
      width: 200,
      before: (sim) => oneNodeCluster(sim, 'node-keep'),
    });
    await app.waitFor(' node-keep-2 ');
    const node = [...app.sim.world.vms.values()].find((v) => v.name === 'node-keep-2')!;
    await select(app, node.name, 'D delete*');
    await app.press('D');
    await app.waitFor('is a node of cluster node-keep');
    await app.press('n');
    await app.waitFor((f) => !f.includes('is a node of cluster'));
    expect(changes(app)).toEqual([]);
  });
});
