/**
 * The real service's rules, in the simulator: what a flavor cannot do, images restricted to flavors, a VM being
 * snapshotted or locked, a cluster's node VMs, cluster names, resize switched off. Each refusal with the real
 * status and `error_reason`.
 */
import { describe, expect, it } from 'vitest';
import { findFlavor } from '../../src/sim/catalog.js';
import type { SimError } from '../../src/sim/route.js';
import type { VmRecord, VmStatus } from '../../src/sim/world/types.js';
import { addVm } from '../../src/sim/world/vm-create.js';
import { DEFAULT_TIMINGS, type World, type WorldOptions } from '../../src/sim/world.js';
import { directSim } from '../support/sim-direct.js';

function sim(opts: WorldOptions = {}) {
  const s = directSim(opts);
  const act = (vm: VmRecord, action: string) =>
    s.call('GET', `/core/virtual-machines/:id/${action}`, { id: String(vm.id) });
  const refused = (vm: VmRecord, action: string): SimError =>
    s.fail('GET', `/core/virtual-machines/:id/${action}`, { id: String(vm.id) });
  const json = (vm: VmRecord): any =>
    s.call('GET', '/core/virtual-machines/:id', { id: String(vm.id) }).body.instance;
  return { ...s, act, refused, json };
}

/** A VM of `flavor` in prod-canada (CANADA-1) in `status`, made directly in the world. */
function vmOf(world: World, flavor: string, status: VmStatus = 'ACTIVE', region = 'CANADA-1'): VmRecord {
  const env = [...world.envs.values()].find((e) => e.region === region)!;
  return addVm(world, {
    name: `rule-${flavor}-${status}-${world.vms.size}`,
    env,
    flavor: findFlavor(flavor, region)!,
    image: world.images.find((i) => i.region === region && i.name === 'Ubuntu Server 22.04 LTS')!,
    keypairName: 'ci-deploy',
    status,
    createdAt: world.now(),
  });
}

const CREATE = {
  name: 'rules-vm',
  environment_name: 'prod-canada',
  image_name: 'Ubuntu Server 22.04 LTS',
  flavor_name: 'n1-cpu-medium',
  key_name: 'ci-deploy',
  count: 1,
};

describe('flavor features', () => {
  it('are sent on every flavor, and some flavors carry limits', () => {
    const s = sim();
    const flavors = s.call('GET', '/core/flavors').body.data.flatMap((g: any) => g.flavors);
    for (const f of flavors)
      expect(Object.keys(f.features).sort()).toEqual([
        'local_storage_only',
        'network_optimised',
        'no_hibernation',
        'no_reboot',
        'no_snapshot',
      ]);
    const h100x8 = flavors.find((f: any) => f.name === 'n3-H100x8');
    expect(h100x8.features).toMatchObject({ no_hibernation: true, local_storage_only: true });
    for (const flag of ['no_hibernation', 'no_snapshot', 'no_reboot', 'local_storage_only'])
      expect(
        flavors.some((f: any) => f.features[flag]),
        flag,
      ).toBe(true);
  });

  it('a flavor that cannot hibernate / hard-reboot / be snapshotted refuses it with 400', () => {
    const s = sim();
    const noHib = vmOf(s.world, 'n3-H100x8');
    expect(s.refused(noHib, 'hibernate')).toMatchObject({
      status: 400,
      reason: 'bad_request',
      message: expect.stringContaining('does not support hibernation'),
    });
    expect(s.act(noHib, 'stop').body.status).toBe(true); // other actions are fine
    const noReboot = vmOf(s.world, 'n3-A100x1', 'ACTIVE');
    noReboot.flavor = findFlavor('n3-RTX-A6000x8', 'NORWAY-1')!;
    expect(s.refused(noReboot, 'hard-reboot').message).toContain('does not support hard reboot');
    const noSnap = vmOf(s.world, 'n3-A100x8');
    const e = s.fail(
      'POST',
      '/core/virtual-machines/:vm_id/snapshots',
      { vm_id: String(noSnap.id) },
      { name: 'x' },
    );
    expect([e.status, e.message]).toEqual([
      400,
      `Flavor n3-A100x8 of VM ${noSnap.name} does not support snapshots.`,
    ]);
  });

  it('local storage only: no bootable volume', () => {
    const s = sim();
    const e = s.fail(
      'POST',
      '/core/virtual-machines',
      {},
      { ...CREATE, flavor_name: 'n3-H100x8', create_bootable_volume: true },
    );
    expect([e.status, e.reason]).toEqual([400, 'bad_request']);
    expect(e.message).toContain('local storage only');
  });
});

describe('images restricted to flavors', () => {
  const image = 'Ubuntu Server 22.04 LTS H100 NVLink Fabric';

  it('the image says which flavors it runs on', () => {
    const s = sim();
    const images = s.call('GET', '/core/images', {}, undefined, 'region=CANADA-1').body.images;
    const restricted = images.flatMap((g: any) => g.images).find((i: any) => i.name === image);
    expect(restricted.flavor_restrictions).toMatchObject({
      has_flavor_restrictions: true,
      restriction_type: 'hard',
      compatible_flavors: [{ flavor_name: 'n3-H100x8', link_type: 'hard', flavor_id: expect.any(Number) }],
    });
    const free = images.flatMap((g: any) => g.images).find((i: any) => i.name === CREATE.image_name);
    expect(free.flavor_restrictions.has_flavor_restrictions).toBe(false);
  });

  it('create refuses another flavor, accepts the allowed one', () => {
    const s = sim();
    const e = s.fail('POST', '/core/virtual-machines', {}, { ...CREATE, image_name: image });
    expect([e.status, e.reason]).toEqual([400, 'bad_request']);
    expect(e.message).toContain('runs only on n3-H100x8');
    const ok = s.call(
      'POST',
      '/core/virtual-machines',
      {},
      { ...CREATE, image_name: image, flavor_name: 'n3-H100x8' },
    );
    expect(ok.body.instances[0].image.name).toBe(image);
  });
});

describe('a VM being snapshotted refuses every action', () => {
  it('start, stop, hard reboot, hibernate, restore, resize, delete, public IP and a second snapshot: 400', () => {
    const s = sim();
    const vm = vmOf(s.world, 'n1-cpu-medium');
    s.call('POST', '/core/virtual-machines/:vm_id/snapshots', { vm_id: String(vm.id) }, { name: 'busy' });
    expect(s.json(vm).is_snapshotting).toBe(true);
    const tries: [string, () => unknown][] = [
      ['stop', () => s.act(vm, 'stop')],
      ['hard-reboot', () => s.act(vm, 'hard-reboot')],
      ['hibernate', () => s.act(vm, 'hibernate')],
      [
        'resize',
        () =>
          s.call(
            'POST',
            '/core/virtual-machines/:id/resize',
            { id: String(vm.id) },
            { flavor_name: 'n1-cpu-large' },
          ),
      ],
      ['delete', () => s.call('DELETE', '/core/virtual-machines/:id', { id: String(vm.id) })],
      [
        'attach-floatingip',
        () => s.call('POST', '/core/virtual-machines/:id/attach-floatingip', { id: String(vm.id) }),
      ],
      [
        'snapshot',
        () =>
          s.call('POST', '/core/virtual-machines/:vm_id/snapshots', { vm_id: String(vm.id) }, { name: 'b2' }),
      ],
    ];
    for (const [what, run] of tries) {
      expect(run, what).toThrow(/is being snapshotted: no action is possible until the snapshot is done/);
    }
    s.clock.advance(DEFAULT_TIMINGS.snapshotMs);
    expect(s.json(vm).is_snapshotting).toBe(false);
    expect(s.act(vm, 'stop').body.status).toBe(true);
  });
});

describe('locked VMs and a cluster’s nodes', () => {
  it('a locked VM refuses power actions, resize and deletion (400), and says it is locked', () => {
    const s = sim();
    const vm = vmOf(s.world, 'n1-cpu-medium');
    vm.locked = true;
    expect(s.json(vm).locked).toBe(true);
    for (const action of ['stop', 'hard-reboot', 'hibernate'])
      expect(s.refused(vm, action)).toMatchObject({
        status: 400,
        message: expect.stringMatching(/is locked/),
      });
    expect(s.fail('DELETE', '/core/virtual-machines/:id', { id: String(vm.id) }).message).toMatch(
      /is locked/,
    );
  });

  it('a new cluster’s nodes are VMs with its cluster_id, locked, following it until it is deleted', () => {
    const s = sim();
    const c = s.call(
      'POST',
      '/core/clusters',
      {},
      {
        name: 'nodes-are-vms',
        environment_name: 'prod-canada',
        keypair_name: 'ci-deploy',
        kubernetes_version: '1.29.4',
        master_flavor_name: 'n1-cpu-small',
        node_flavor_name: 'n1-cpu-large',
        node_count: 2,
      },
    ).body.cluster;
    s.clock.advance(DEFAULT_TIMINGS.clusterCreateMs);
    const vms: any[] = s
      .call('GET', '/core/virtual-machines')
      .body.instances.filter((v: any) => v.cluster_id === c.id);
    expect(vms.map((v) => [v.name, v.status, v.locked, v.flavor.name])).toEqual([
      ['nodes-are-vms-1', 'ACTIVE', true, 'n1-cpu-small'],
      ['nodes-are-vms-2', 'ACTIVE', true, 'n1-cpu-large'],
      ['nodes-are-vms-3', 'ACTIVE', true, 'n1-cpu-large'],
    ]);
    const nodes = s.call('GET', '/core/clusters/:id', { id: String(c.id) }).body.cluster.nodes;
    expect(nodes.map((n: any) => n.instance.id)).toEqual(vms.map((v) => v.id));
    // billed with the cluster, not as VMs
    const usage = s.call('GET', '/billing/billing/usage').body.data.map((r: any) => r.resource_id);
    for (const v of vms) expect(usage).not.toContain(v.id);
    s.call('DELETE', '/core/clusters/:id', { id: String(c.id) });
    expect(s.json(s.world.vms.get(vms[0].id)!).status).toBe('DELETING');
    s.clock.advance(DEFAULT_TIMINGS.clusterDeleteMs);
    const left = s.call('GET', '/core/virtual-machines').body.instances.map((v: any) => v.id);
    for (const v of vms) expect(left).not.toContain(v.id);
  });

  it('a node VM cannot be deleted by itself', () => {
    const s = sim();
    const node = [...s.world.vms.values()].find((v) => v.clusterId !== null)!;
    node.locked = false; // even unlocked: its cluster owns it
    const e = s.fail('DELETE', '/core/virtual-machines/:id', { id: String(node.id) });
    expect([e.status, e.message]).toEqual([
      400,
      expect.stringMatching(/is a node of cluster .*: it is deleted with its cluster/),
    ]);
  });
});

describe('clusters and resize', () => {
  const cluster = {
    name: 'c',
    environment_name: 'prod-canada',
    keypair_name: 'ci-deploy',
    kubernetes_version: '1.29.4',
    master_flavor_name: 'n1-cpu-small',
    node_flavor_name: 'n1-cpu-large',
    node_count: 1,
  };

  it('a cluster name is at most 20 characters', () => {
    const s = sim();
    const e = s.fail('POST', '/core/clusters', {}, { ...cluster, name: 'c'.repeat(21) });
    expect([e.status, e.fields]).toEqual([
      400,
      { errors: { name: ['Longer than maximum length 20.'] }, form: 'fields' },
    ]);
    expect(s.call('POST', '/core/clusters', {}, { ...cluster, name: 'c'.repeat(20) }).status).toBe(201);
  });

  it('a Kubernetes version must be offered in the environment’s region', () => {
    const s = sim();
    const e = s.fail(
      'POST',
      '/core/clusters',
      {},
      {
        ...cluster,
        name: 'us-old',
        environment_name: 'us-lab',
        keypair_name: 'us-ops',
        kubernetes_version: '1.27.8',
      },
    );
    expect(e.message).toBe(
      'Kubernetes version "1.27.8" is not supported in US-1. Supported versions: 1.29.4, 1.30.2.',
    );
  });

  it('resize switched off: 405 not_allowed "This feature is currently disabled"; on by default', () => {
    const off = sim({ resizeEnabled: false });
    const vm = vmOf(off.world, 'n1-cpu-medium', 'SHUTOFF');
    const e = off.fail(
      'POST',
      '/core/virtual-machines/:id/resize',
      { id: String(vm.id) },
      { flavor_name: 'n1-cpu-large' },
    );
    expect([e.status, e.reason, e.message]).toEqual([
      405,
      'not_allowed',
      'This feature is currently disabled',
    ]);
    const on = sim();
    const vm2 = vmOf(on.world, 'n1-cpu-medium', 'SHUTOFF');
    expect(
      on.call(
        'POST',
        '/core/virtual-machines/:id/resize',
        { id: String(vm2.id) },
        { flavor_name: 'n1-cpu-large' },
      ).body.status,
    ).toBe(true);
  });
});
