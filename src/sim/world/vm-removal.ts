/** What happens when a VM is finally gone: its usage becomes a terminated record, its boot volume goes with it. */
import type { World } from '../world.js';
import { settle, volumeRate } from './pricing.js';
import type { VmRecord, VolumeRecord } from './types.js';

export function volumeGone(world: World, v: VolumeRecord, at: number): void {
  world.volumes.delete(v.id);
  const hours = Math.max(0, at - v.createdAt) / 3_600_000;
  world.terminated.push({
    resourceId: v.id,
    resourceType: 'volume',
    name: v.name,
    envId: v.envId,
    createTime: v.createdAt,
    terminateTime: at,
    upMinutes: hours * 60,
    bill: hours * volumeRate(v),
    excludeBilling: false,
  });
}

/** Removes the VM at `at`: bills it up to then, deletes its boot volume, detaches the rest and its firewalls. */
export function vmGone(world: World, vm: VmRecord, at: number): void {
  settle(vm.meter, at);
  world.vms.delete(vm.id);
  if (world.vmByName.get(vm.name) === vm) world.vmByName.delete(vm.name);
  world.terminated.push({
    resourceId: vm.id,
    resourceType: 'vm',
    name: vm.name,
    envId: vm.envId,
    createTime: vm.createdAt,
    terminateTime: at,
    upMinutes: vm.meter.upMs / 60_000,
    bill: vm.meter.bill,
    excludeBilling: false,
  });
  for (const id of vm.volumeIds) {
    const v = world.volumes.get(id);
    if (!v) continue;
    if (v.bootable) volumeGone(world, v, at);
    else clearAttachment(v);
  }
  for (const fw of world.firewalls.values()) {
    if (fw.attachments.some((a) => a.vmId === vm.id)) {
      fw.attachments = fw.attachments.filter((a) => a.vmId !== vm.id);
    }
  }
  for (const [id, job] of world.consoleJobs) if (job.vmId === vm.id) world.consoleJobs.delete(id);
}

/** A volume no longer attached to anything: available again. */
export function clearAttachment(v: VolumeRecord): void {
  v.vmId = null;
  v.device = null;
  v.attachedAt = null;
  v.status = 'available';
}
