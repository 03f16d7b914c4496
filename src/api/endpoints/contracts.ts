import type { Period } from '../../domain/billing-period.js';
import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { ContractVmListResponse, GpuAllocationResponse } from '../schemas/billing-history.js';
import { type CallOptions, periodQuery } from './shared.js';

/** What runs under a contract: its VMs, and its GPUs allocated over time against what it reserves. */
export function contractEndpoints(t: Transport) {
  const one = (id: number) => ({ contract_id: id });
  return {
    vms: (id: number, o?: CallOptions) =>
      call(t, op.Get_contract_VMs, o, { params: one(id), schema: ContractVmListResponse }).then(
        (r) => r.instances,
      ),

    gpuAllocation: (id: number, p: Period, o?: CallOptions) =>
      call(t, op.Get_contract_GPU_allocation_graph, o, {
        params: one(id),
        query: periodQuery(p),
        schema: GpuAllocationResponse,
      }).then((r) => ({
        reserved: r.contract.total_gpu_allocation ?? null,
        points: (r.contract.allocated_gpu_count_graph ?? []).map((x) => ({
          datetime: x.datetime,
          value: x.value ?? null,
        })),
      })),
  };
}
