/** Virtual machines: list (paginated, searchable), create, read, delete, power actions, resize. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import { invalid } from '../world/errors.js';
import { requireVm } from '../world/lookup.js';
import type { VmRecord } from '../world/types.js';
import { deleteVm, resizeVm, vmAction } from '../world/vm-actions.js';
import { createVms } from '../world/vm-create.js';
import type { World } from '../world.js';
import { body, idParam, ok, pageOk, reqStr } from './body.js';
import { vmJson } from './view-vm.js';
import { parseCreateVm } from './vm-body.js';

/**
 * `exclude_firewalls`: VMs attached to any of these firewalls are left out. The OpenAPI describes it as a
 * comma-separated list and declares it an exploded array: both `1,2` and `…=1&…=2` are read.
 */
function excludedVms(req: SimRequest, world: World): Set<number> | undefined {
  const raw = req.query.getAll('exclude_firewalls').flatMap((v) => v.split(','));
  const ids = raw.map((v) => v.trim()).filter((v) => v !== '');
  if (ids.length === 0) return undefined;
  if (!ids.every((v) => /^\d{1,9}$/.test(v)))
    throw invalid('exclude_firewalls must be a list of firewall ids.');
  const out = new Set<number>();
  for (const id of ids) for (const a of world.firewalls.get(Number(id))?.attachments ?? []) out.add(a.vmId);
  return out;
}

/** One pass over the VMs: search (name, id or IP), environment and excluded-firewall filters. */
function listVms(req: SimRequest, world: World): VmRecord[] {
  const excluded = excludedVms(req, world);
  const q = req.query.get('search')?.trim().toLowerCase() || undefined;
  const envQ = req.query.get('environment')?.trim() || undefined;
  const exact = req.query.get('exact_environment_match') === 'true';
  let envIds: Set<number> | undefined;
  if (envQ) {
    const lower = envQ.toLowerCase();
    envIds = new Set(
      [...world.envs.values()]
        .filter(
          (e) => (exact ? e.name === envQ : e.name.toLowerCase().includes(lower)) || String(e.id) === envQ,
        )
        .map((e) => e.id),
    );
  }
  const out: VmRecord[] = [];
  for (const vm of world.vms.values()) {
    if (envIds && !envIds.has(vm.envId)) continue;
    if (excluded?.has(vm.id)) continue;
    if (
      q &&
      !vm.name.toLowerCase().includes(q) &&
      String(vm.id) !== q &&
      vm.fixedIp !== q &&
      vm.floatingIp !== q
    ) {
      continue;
    }
    out.push(vm);
  }
  return out;
}

/** The power actions, each its operation's GET. */
const ACTIONS = [
  [op.Start_VM, 'start'],
  [op.Stop_VM, 'stop'],
  [op.Hard_reboot_VM, 'hard-reboot'],
  [op.Hibernate_VM, 'hibernate'],
  [op.Restore_VM_from_hibernation, 'hibernate-restore'],
] as const;

function action([operation, name]: (typeof ACTIONS)[number]): RouteDef {
  return serve(operation, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const retain = req.query.get('retain_ip');
      return ok(vmAction(world, vm, name, { retainIp: retain === 'true' || retain === '1' }));
    },
  });
}

export const vmRoutes: RouteDef[] = [
  serve(op.List_VMs, {
    handle: (req, world) => {
      return pageOk(req, listVms(req, world), {
        message: 'Getting instances successful',
        key: 'instances',
        json: (vm) => vmJson(world, vm),
      });
    },
  }),
  serve(op.Create_VMs, {
    handle: (req, world) => {
      const vms = createVms(world, parseCreateVm(world, body(req)));
      const what = vms.length === 1 ? `VM ${vms[0]!.name}` : `${vms.length} VMs`;
      return ok(`Creation of ${what} has been initiated.`, { instances: vms.map((vm) => vmJson(world, vm)) });
    },
  }),
  serve(op.Get_VM, {
    handle: (req, world) => {
      // the OpenAPI's `instance` only (service-api.md says `instances[]`)
      return ok('Getting instance successful', {
        instance: vmJson(world, requireVm(world, idParam(req, 'vm_id'))),
      });
    },
  }),
  serve(op.Delete_VM, {
    handle: (req, world) => ok(deleteVm(world, requireVm(world, idParam(req, 'vm_id')))),
  }),
  ...ACTIONS.map(action),
  serve(op.Resize_VM, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      return ok(resizeVm(world, vm, reqStr(body(req), 'flavor_name')));
    },
  }),
];
