/** The `instances` object: the JSON shape of a VM, and of its events. */

import { envOf } from '../world/lookup.js';
import type { VmEvent, VmRecord } from '../world/types.js';
import { attachmentId, attachmentStatus, isProtected } from '../world/volumes.js';
import type { World } from '../world.js';
import { envFeatures, eventJson, flavorShort, iso, ruleJson } from './view-core.js';

export function vmJson(world: World, vm: VmRecord) {
  const env = envOf(world, vm.envId);
  return {
    id: vm.id,
    name: vm.name,
    status: vm.status,
    environment: {
      id: env.id,
      name: env.name,
      org_id: world.org.id,
      region: env.region,
      features: envFeatures(env),
    },
    image: { name: vm.imageName },
    flavor: flavorShort(vm.flavor),
    os: vm.os,
    keypair: { name: vm.keypairName },
    volume_attachments: vm.volumeIds.flatMap((id) => {
      const v = world.volumes.get(id);
      if (!v) return [];
      return [
        {
          id: attachmentId(v),
          status: attachmentStatus(v),
          device: v.device ?? '',
          protected: isProtected(v),
          created_at: iso(v.attachedAt ?? v.createdAt),
          volume: {
            id: v.id,
            name: v.name,
            description: v.description,
            volume_type: v.volumeType,
            size: v.size,
            bootable: v.bootable,
          },
        },
      ];
    }),
    security_rules: vm.rules.map(ruleJson),
    power_state: vm.powerState,
    vm_state: vm.vmState,
    fixed_ip: vm.fixedIp,
    floating_ip: vm.floatingIp,
    floating_ip_status: vm.floatingIpStatus,
    requires_public_ip: vm.floatingIp !== null || vm.wantsFloatingIp,
    contract_id: vm.contractId,
    callback_url: vm.callbackUrl,
    labels: vm.labels,
    locked: vm.locked,
    // the real service's flags: a snapshot is being taken (every action is refused meanwhile), a cluster's node
    is_snapshotting: vm.snapshotting,
    cluster_id: vm.clusterId,
    // as asked at creation; its status says why it has no effect without a public IP (the real service's
    // NO_FLOATING_IP); with one, the real word is not known: none is invented
    port_randomization: vm.portRandomization,
    port_randomization_status: vm.floatingIp === null ? 'NO_FLOATING_IP' : null,
    features: {},
    created_at: iso(vm.createdAt),
  };
}

export function vmEventJson(world: World, vm: VmRecord, e: VmEvent) {
  return { instance_id: vm.id, ...eventJson(world, e, `Instance/${vm.name}`) };
}
