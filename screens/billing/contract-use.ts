/**
 * What runs under a contract (Get_contract_VMs) and its GPUs allocated over time against what it reserves
 * (Get_contract_GPU_allocation_graph), as lines under the contract's terms. A VM's total_usage_time and the
 * graph's granularity come with no documented unit: the first is shown as sent and said so, the second not used
 * (the points carry their own times).
 */

import type { Contract } from '../../src/api/schemas/billing.js';
import type { ContractVm } from '../../src/api/schemas/billing-history.js';
import { NONE } from '../../src/domain/format.js';
import { maxOf } from '../../src/domain/lists.js';
import { type ContractGpusQuery, storeKey } from '../../src/store/state/resources.js';
import { sparkRows } from '../../src/ui/charts/sparkline.js';
import { type DetailLine, text } from '../../src/ui/DetailPane.js';

const HOUR = 3_600_000;
/** The GPU graph's span. */
const DAYS = 7;
/** Contracts read for their VMs and GPUs (two requests each): the first ones on the page. */
export const MAX_CONTRACTS_READ = 10;
/** VMs named under a contract before "+N more". */
const MAX_VMS_SHOWN = 5;

/** The last 7 days to the end of this hour: one key an hour, not one a render. */
export function gpuPeriod(now: number): { start: number; end: number } {
  const end = Math.ceil(now / HOUR) * HOUR;
  return { start: end - DAYS * 24 * HOUR, end };
}

export const contractVmsKey = (c: Pick<Contract, 'id'>) => storeKey('contract-vms', c.id);
export const contractGpusKey = (c: Pick<Contract, 'id'>, now: number) =>
  storeKey('contract-gpus', { id: c.id, ...gpuPeriod(now) } satisfies ContractGpusQuery);

interface Read<T> {
  data: T | undefined;
  error: string | undefined;
}

export interface GpuAllocation {
  reserved: number | null;
  points: Array<{ datetime: string; value: number | null }>;
}

function gpuLine(g: Read<GpuAllocation>): DetailLine {
  if (!g.data) return text(g.error ? `  GPUs: ✖ ${g.error}` : '  GPUs: loading…', g.error ? 'warn' : 'dim');
  const values = g.data.points.map((p) => p.value);
  const nums = values.filter((v): v is number => typeof v === 'number');
  if (nums.length === 0)
    return text(`  GPUs (last ${DAYS} days): none allocated · ${g.data.reserved ?? NONE} reserved`);
  const reserved = g.data.reserved;
  // on the scale of what the contract reserves: a full bar is every reserved GPU in use
  const spark = sparkRows(values, 28, 1, { min: 0, max: Math.max(reserved ?? 0, maxOf(nums)) })[0];
  return text(
    `  GPUs (last ${DAYS} days) ${spark} ${nums.at(-1)} allocated now of ${reserved ?? NONE} reserved · peak ${maxOf(nums)}`,
  );
}

function vmLine(vm: ContractVm): string {
  const parts = [
    vm.status ?? NONE,
    vm.flavor_name ?? NONE,
    `${vm.gpu_count ?? NONE} GPU${vm.gpu_count === 1 ? '' : 's'}`,
  ];
  return `${vm.name} (${parts.join(', ')}; usage ${vm.total_usage_time ?? NONE}*)`;
}

function vmLines(v: Read<ContractVm[]>): DetailLine[] {
  if (!v.data) return [text(v.error ? `  VMs: ✖ ${v.error}` : '  VMs: loading…', v.error ? 'warn' : 'dim')];
  if (v.data.length === 0) return [text('  VMs under it: none', 'dim')];
  const shown = v.data.slice(0, MAX_VMS_SHOWN);
  const more = v.data.length - shown.length;
  return [
    text(`  VMs under it (${v.data.length}):`),
    ...shown.map((vm) => text(`    ${vmLine(vm)}`)),
    ...(more > 0 ? [text(`    +${more} more`, 'dim')] : []),
  ];
}

/** The lines of one contract's use; none for a contract not read (past MAX_CONTRACTS_READ). */
export function contractUseLines(vms: Read<ContractVm[]> | undefined, gpus: Read<GpuAllocation> | undefined) {
  if (!vms || !gpus) return [];
  return [gpuLine(gpus), ...vmLines(vms)];
}

/** Said once under the page when a VM's usage was shown. */
export const USAGE_NOTE = text(
  '* total_usage_time as the service sends it: the API reference gives no unit',
  'dim',
);
