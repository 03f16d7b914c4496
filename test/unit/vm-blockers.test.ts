import { describe, expect, it } from 'vitest';
import { bootVolumeBlocker, imageFlavorBlocker, vmActionBlockers } from '../../src/domain/vm-blockers.js';

const active = { status: 'ACTIVE', flavor: { name: 'n1-cpu-medium', features: {} } };

describe('vmActionBlockers', () => {
  it('an ACTIVE VM: only the actions its status does not allow', () => {
    const b = vmActionBlockers(active);
    expect([...b.keys()].sort()).toEqual(['hibernateRestore', 'start']);
    expect(b.get('start')).toBe('not possible while the VM is ACTIVE');
  });

  it('a VM being snapshotted: every action, with why', () => {
    const b = vmActionBlockers({ ...active, is_snapshotting: true });
    expect(b.size).toBe(8);
    for (const why of b.values()) expect(why).toBe('a snapshot is being taken: wait until it is done');
  });

  it('a locked VM: every change but a snapshot', () => {
    const b = vmActionBlockers({ ...active, locked: true });
    expect(b.get('stop')).toBe('the VM is locked');
    expect(b.get('delete')).toBe('the VM is locked');
    expect(b.has('snapshot')).toBe(false);
  });

  it('a cluster node: deleted with its cluster', () => {
    const b = vmActionBlockers({ ...active, cluster_id: 41 });
    expect(b.get('delete')).toBe('it is a node of cluster 41: it is deleted with its cluster');
    expect(b.has('stop')).toBe(false);
  });

  it('flavor limits, from the flavor list or the flavor the VM carries', () => {
    const f = { name: 'n3-H100x8', features: { no_hibernation: true, no_reboot: true, no_snapshot: true } };
    const b = vmActionBlockers(active, f);
    expect(b.get('hibernate')).toBe('flavor n3-H100x8 does not support hibernation');
    expect(b.get('hardReboot')).toBe('flavor n3-H100x8 does not support a hard reboot');
    expect(b.get('snapshot')).toBe('flavor n3-H100x8 does not support snapshots');
    const own = vmActionBlockers({
      status: 'ACTIVE',
      flavor: { name: 'x', features: { no_hibernation: true } },
    });
    expect(own.get('hibernate')).toBe('flavor x does not support hibernation');
    // a document-style `"{}"` string or nothing: no limits
    expect(vmActionBlockers({ status: 'ACTIVE', flavor: { features: '{}' } }).has('hibernate')).toBe(false);
  });

  it('resize needs ACTIVE or SHUTOFF; a transition blocks everything by status', () => {
    expect(vmActionBlockers({ status: 'HIBERNATED' }).get('resize')).toBe(
      'not possible while the VM is HIBERNATED',
    );
    expect(vmActionBlockers({ status: 'SHUTOFF' }).has('resize')).toBe(false);
    expect(vmActionBlockers({ status: 'STOPPING' }).size).toBe(8);
    expect(vmActionBlockers({}).get('stop')).toBe('not possible while the VM is in an unknown state');
  });
});

describe('create-time blockers', () => {
  it('boot volume on a local-storage-only flavor', () => {
    expect(bootVolumeBlocker({ name: 'n3-H100x8', features: { local_storage_only: true } })).toBe(
      'flavor n3-H100x8 has local storage only: it cannot boot from a volume',
    );
    expect(bootVolumeBlocker({ name: 'n1-cpu-small', features: {} })).toBeUndefined();
  });

  it('an image with hard flavor restrictions', () => {
    const image = {
      name: 'NVLink',
      flavor_restrictions: {
        has_flavor_restrictions: true,
        restriction_type: 'hard',
        compatible_flavors: [{ flavor_name: 'n3-H100x8' }],
      },
    };
    expect(imageFlavorBlocker(image, 'n3-H100x1')).toBe('image NVLink runs only on n3-H100x8');
    expect(imageFlavorBlocker(image, 'n3-H100x8')).toBeUndefined();
    const soft = {
      ...image,
      flavor_restrictions: { ...image.flavor_restrictions, restriction_type: 'soft' },
    };
    expect(imageFlavorBlocker(soft, 'n3-H100x1')).toBeUndefined();
    expect(imageFlavorBlocker({ name: 'plain', flavor_restrictions: null }, 'x')).toBeUndefined();
  });
});
