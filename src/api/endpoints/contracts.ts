import { type Period, serviceDate } from '../../domain/billing-period.js';
import { query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { ContractVmListResponse, GpuAllocationResponse } from '../schemas/billing-history.js';
import { type CallOptions, read } from './shared.js';

/** What runs under a contract: its VMs, and its GPUs allocated over time against what it reserves. */
export function contractEndpoints(t: Transport) {
  return {
    vms: (id: number, o?: CallOptions) =>
      read(t, `/core/virtual-machines/contract/${seg(id)}/virtual-machines`, ContractVmListResponse, o).then(
        (r) => r.instances,
      ),

    gpuAllocation: (id: number, p: Period, o?: CallOptions) =>
      read(
        t,
        `/pricebook/contracts/${seg(id)}/gpu_allocation_graph`,
        GpuAllocationResponse,
        o,
        query('Get_contract_GPU_allocation_graph', {
          start_date: serviceDate(p.start),
          end_date: serviceDate(p.end),
        }),
      ).then((r) => ({
        reserved: r.contract.total_gpu_allocation ?? null,
        points: (r.contract.allocated_gpu_count_graph ?? []).map((x) => ({
          datetime: x.datetime,
          value: x.value ?? null,
        })),
      })),
  };
}
