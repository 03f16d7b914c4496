/**
 * Contract: the service's rules as the client sees them over HTTP: the fields that announce them (flavor
 * `features`, image `flavor_restrictions`, VM `is_snapshotting` / `locked` / `cluster_id`) parse typed, the domain
 * helpers predict the refusals from them, and the refusals come back as the service words them.
 */
import { describe, expect, it } from 'vitest';
import { bootVolumeBlocker, imageFlavorBlocker, vmActionBlockers } from '../../src/domain/vm-blockers.js';
import {
  apiError,
  DEFAULT_TIMINGS,
  SEED,
  simPerTest,
  startSimClient,
  vmBody,
} from '../support/sim-client.js';

const s = simPerTest();

async function flavor(name: string, region = SEED.envRegion) {
  const groups = await s.api.catalog.flavors({ region });
  return groups.flatMap((g) => g.flavors).find((f) => f.name === name)!;
}

describe('what the client reads, and what the helpers predict', () => {
  it('flavor features: the limits of an 8×H100 node; a boot volume refused as predicted', async () => {
    const h100x8 = await flavor('n3-H100x8');
    expect(h100x8.features).toMatchObject({
      no_hibernation: true,
      local_storage_only: true,
      no_reboot: false,
    });
    expect(bootVolumeBlocker(h100x8)).toMatch(/local storage only/);
    const e = await apiError(
      s.api.vms.create(vmBody('ct-boot', { flavor_name: 'n3-H100x8', create_bootable_volume: true })),
    );
    expect([e.status, e.reason]).toEqual([400, 'bad_request']);
    expect(e.serviceMessage).toMatch(/local storage only/);
  });

  it('image flavor restrictions: the helper and the service agree', async () => {
    const groups = await s.api.catalog.images({ region: SEED.envRegion });
    const nvlink = groups
      .flatMap((g) => g.images)
      .find((i) => i.flavor_restrictions?.has_flavor_restrictions)!;
    expect(nvlink.flavor_restrictions?.compatible_flavors?.map((f) => f.flavor_name)).toEqual(['n3-H100x8']);
    expect(imageFlavorBlocker(nvlink, SEED.cpuFlavor)).toBe(`image ${nvlink.name} runs only on n3-H100x8`);
    const e = await apiError(s.api.vms.create(vmBody('ct-nvlink', { image_name: nvlink.name })));
    expect(e.serviceMessage).toContain('runs only on n3-H100x8');
    expect(imageFlavorBlocker(nvlink, 'n3-H100x8')).toBeUndefined();
  });

  it('a VM being snapshotted: is_snapshotting, every action predicted blocked and refused', async () => {
    const [created] = await s.api.vms.create(vmBody('ct-snapping'));
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    await s.api.snapshots.create(created!.id, { name: 'ct-snapping-1', description: 'x' });
    const vm = await s.api.vms.get(created!.id);
    expect(vm.is_snapshotting).toBe(true);
    const blockers = vmActionBlockers(vm, await flavor(SEED.cpuFlavor));
    expect(blockers.get('stop')).toMatch(/snapshot is being taken/);
    expect((await apiError(s.api.vms.stop(vm.id))).status).toBe(400);
  });

  it('a cluster node: cluster_id and locked; delete predicted blocked and refused', async () => {
    const node = (await s.api.vms.listAll()).find((v) => v.cluster_id != null)!;
    expect(node.locked).toBe(true);
    const clusters = await s.api.clusters.list();
    expect(clusters.map((c) => c.id)).toContain(node.cluster_id);
    expect(vmActionBlockers(node).get('delete')).toBe('the VM is locked');
    const e = await apiError(s.api.vms.delete(node.id));
    expect([e.status, e.reason]).toEqual([400, 'bad_request']);
    expect(e.serviceMessage).toMatch(/is locked/);
  });

  it('hibernation on a flavor without it: predicted, and refused', async () => {
    const [created] = await s.api.vms.create(vmBody('ct-no-hib', { flavor_name: 'n3-H100x8' }));
    s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    const vm = await s.api.vms.get(created!.id);
    expect(vmActionBlockers(vm).get('hibernate')).toBe('flavor n3-H100x8 does not support hibernation');
    const e = await apiError(s.api.vms.hibernate(vm.id));
    expect(e.message).toMatch(
      /^rejected \(HTTP 400, .*\): Flavor n3-H100x8 of VM ct-no-hib does not support hibernation\.$/,
    );
  });
});

describe('switched-off features', () => {
  it('resize off: 405 not_allowed, read as "not allowed", not as a method', async () => {
    const off = await startSimClient({ resizeEnabled: false });
    const [created] = await off.api.vms.create(vmBody('ct-resize-off'));
    off.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
    const e = await apiError(off.api.vms.resize(created!.id, SEED.biggerCpuFlavor));
    expect([e.status, e.reason]).toEqual([405, 'not_allowed']);
    expect(e.message).toBe(
      `not allowed (HTTP 405, POST /core/virtual-machines/${created!.id}/resize): This feature is currently disabled`,
    );
  });
});
