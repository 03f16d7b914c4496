/**
 * The small reads and writes of issue 25: the GPU catalogue, the firewall-rule protocols, the user's default
 * choices for a new VM, an environment's VM quota, firewalls attached from the VM's side, accepting an invitation.
 */

import * as op from '../../api/operations.gen.js';
import { FLAVORS, REGION_DEFS } from '../catalog.js';
import { type RouteDef, serve } from '../route.js';
import { setVmFirewalls } from '../world/firewalls.js';
import { requireEnv, requireVm } from '../world/lookup.js';
import { acceptInvite } from '../world/org.js';
import { vmQuota } from '../world/quota.js';
import { PROTOCOLS } from '../world/rules.js';
import { body, idParam, ok, reqIntArray } from './body.js';
import { iso } from './view-core.js';

/** Each GPU model of the flavors, with the regions that have it (ids from 1 in the catalogue's order). */
function gpuList(epoch: number) {
  const models = [...new Set(FLAVORS.filter((f) => f.gpu !== '').map((f) => f.gpu))];
  return models.map((name, i) => ({
    id: i + 1,
    name,
    example_metadata: '',
    regions: REGION_DEFS.filter((r) => FLAVORS.some((f) => f.gpu === name && f.region === r.name)).map(
      (r) => ({
        id: r.id,
        name: r.name,
      }),
    ),
    created_at: iso(epoch),
    updated_at: iso(epoch),
  }));
}

export const accountExtraRoutes: RouteDef[] = [
  serve(op.List_GPUs, {
    handle: (_req, world) => ok('Getting GPUs successful', { gpu_list: gpuList(world.org.createdAt) }),
  }),
  serve(op.List_firewall_rule_protocols, {
    handle: () => ok('Getting security rule protocols successful', { protocols: [...PROTOCOLS] }),
  }),
  serve(op.List_Default_Flavors_and_Images, {
    // the console's choices for a new user: none made in this organisation
    handle: () => ok('Getting default choices successful', { user_default_choices: [] }),
  }),
  serve(op.Get_environment_VM_quota, {
    handle: (req, world) => {
      const env = requireEnv(world, idParam(req));
      const q = vmQuota(world, env);
      return ok(`VM quota of environment ${env.name}`, {
        current_vms: q.current,
        max_vms: q.max,
        available_vms: q.available,
        percentage_used: q.percentUsed,
        cidr: q.cidr,
      });
    },
  }),
  serve(op.Attach_firewalls_to_VM, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const ids = reqIntArray(body(req), 'firewalls');
      setVmFirewalls(world, vm, ids);
      return ok(`Firewalls of VM ${vm.name} updated: ${ids.length} attached.`);
    },
  }),
  serve(op.Accept_Invite, {
    handle: (req, world) => {
      const inv = acceptInvite(world, idParam(req));
      return ok(`Invitation to ${inv.email} accepted.`);
    },
  }),
];
