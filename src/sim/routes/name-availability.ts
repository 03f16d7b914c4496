/** Whether a name is free: environments, VMs (with `count`, the names a create of that many takes) and snapshots. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, type SimRequest, serve } from '../route.js';
import { findEnvByName } from '../world/lookup.js';
import type { World } from '../world.js';
import { queryInt } from './body.js';

/** NameAvailableModel: no envelope status. */
function answer(kind: string, name: string, available: boolean) {
  return {
    body: {
      name,
      available,
      message: available
        ? `${kind} name ${name} is available.`
        : `${/^[aeiou]/i.test(kind) ? 'An' : 'A'} ${kind.toLowerCase()} named ${name} already exists.`,
    },
  };
}

function vmNamesFree(req: SimRequest, world: World, name: string): boolean {
  const count = queryInt(req, 'count') ?? 1;
  const names = count === 1 ? [name] : Array.from({ length: count }, (_, i) => `${name}-${i + 1}`);
  return names.every((n) => !world.vmByName.has(n));
}

export const nameAvailabilityRoutes: RouteDef[] = [
  serve(op.Fetch_environment_name_availability, {
    handle: (req, world) => {
      const name = req.params.name ?? '';
      return answer('Environment', name, findEnvByName(world, name) === undefined);
    },
  }),
  serve(op.Check_VM_name_availability, {
    handle: (req, world) => {
      const name = req.params.name ?? '';
      return answer('Virtual machine', name, vmNamesFree(req, world, name));
    },
  }),
  serve(op.Fetch_snapshot_name_availability, {
    handle: (req, world) => {
      const name = req.params.name ?? '';
      return answer('Snapshot', name, ![...world.snapshots.values()].some((s) => s.name === name));
    },
  }),
];
