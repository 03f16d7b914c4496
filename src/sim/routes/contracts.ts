/** A contract's VMs (/core/virtual-machines/contract/{id}/virtual-machines) and its GPU allocation graph. */

import * as op from '../../api/operations.gen.js';
import { FLAVORS } from '../catalog.js';
import { type RouteDef, serve } from '../route.js';
import { contractGpusAt } from '../world/billing-history.js';
import { notFound } from '../world/errors.js';
import { usageAt } from '../world/pricing.js';
import type { ContractRecord } from '../world/types.js';
import type { World } from '../world.js';
import { idParam, ok, paginate, refusedAs400 } from './body.js';
import { period } from './credit.js';
import { iso } from './view-core.js';

const HOUR = 3_600_000;

function requireContract(world: World, id: number): ContractRecord {
  const c = world.contracts.get(id);
  if (!c) throw notFound(`Contract with id ${id} not found.`);
  return c;
}

/** The GPUs the contract reserves: each discount's count of its flavor's GPUs. */
function contractGpus(c: ContractRecord): number {
  let n = 0;
  for (const d of c.discounts)
    n += d.resourceCount * (FLAVORS.find((f) => f.id === d.resourceId)?.gpuCount ?? 0);
  return n;
}

export const contractRoutes: RouteDef[] = [
  serve(op.Get_contract_VMs, {
    // Get_contract_VMs documents no 404: an unknown contract is a 400
    handle: refusedAs400([404], (req, world) => {
      const c = requireContract(world, idParam(req, 'contract_id'));
      const q = req.query.get('search')?.toLowerCase();
      const vms = [...world.vms.values()].filter(
        (vm) => vm.contractId === c.id && (!q || vm.name.toLowerCase().includes(q)),
      );
      const page = paginate(req, vms);
      const now = world.now();
      return ok('Getting contract virtual machines successful', {
        instances: page.items.map((vm) => ({
          id: vm.id,
          name: vm.name,
          status: vm.status,
          flavor_name: vm.flavor.name,
          gpu_count: vm.flavor.gpuCount,
          created_at: iso(vm.createdAt),
          // minutes billed, as the usage records count up-time
          total_usage_time: Math.round(usageAt(vm.meter, now).upMinutes),
        })),
      });
    }),
  }),
  serve(op.Get_contract_GPU_allocation_graph, {
    handle: (req, world) => {
      const c = requireContract(world, idParam(req, 'contract_id'));
      const [start, end] = period(req, world);
      const points: Array<{ datetime: string; value: number }> = [];
      for (let t = Math.floor(start / HOUR) * HOUR; t < end; t += HOUR)
        points.push({
          datetime: new Date(t).toISOString().slice(0, 19),
          value: contractGpusAt(world, c.id, t),
        });
      return ok('Getting contract GPU allocation graph successful', {
        contract: {
          id: String(c.id),
          org_id: world.org.id,
          status: c.status,
          granularity: HOUR / 1000,
          total_gpu_allocation: contractGpus(c),
          allocated_gpu_count_graph: points,
        },
      });
    },
  }),
];
