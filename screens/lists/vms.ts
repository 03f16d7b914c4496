/** The VMs list: its rows and columns, for the VMs screen and `get vms`. */
import type { Vm } from '../../src/api/schemas/vm.js';
import { discountOn, vmRateNow } from '../../src/domain/cost.js';
import { envRegionText, money } from '../../src/domain/format.js';
import { leaseLeft, leaseOf, leaseState } from '../../src/domain/lease.js';
import { priceMap } from '../../src/domain/pricing.js';
import { liveMark, type PendingMark } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { nameColumn } from '../../src/ui/table/name-column.js';
import { statusColumn } from '../../src/ui/table/status-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';

/** A VM as the table shows it: the VM, its region, and a pending action the data does not show yet. */
export interface VmRow {
  vm: Vm;
  region: string | undefined;
  pending: PendingMark | undefined;
  /** The app's pending marks (a rule of this VM being deleted shows in its detail). */
  marks?: Readonly<Record<string, PendingMark>>;
  /** What it is billed an hour in its state now (src/domain/cost.ts); undefined without a price. */
  perHour?: number | undefined;
}

/** Terminals at least this wide show what each VM costs an hour ($/H). */
export const RATE_MIN_WIDTH = 150;

function columns(theme: Theme, now: number, wide = false, leases = false): Column<VmRow>[] {
  return [
    nameColumn((r) => r.vm.name, 16),
    statusColumn(theme, (r) => r.vm.status, { minWidth: 10, whole: true }),
    // Narrow terminals drop POWER (STATUS says most of it) first, then ENVIRONMENT/REGION, GPUS: the IPs stay whole.
    { id: 'power', title: 'POWER', value: (r) => r.vm.power_state, priority: 5 },
    { id: 'flavor', title: 'FLAVOR', value: (r) => r.vm.flavor?.name, minWidth: 8, priority: 1 },
    { id: 'gpus', title: 'GPUS', value: (r) => r.vm.flavor?.gpu_count ?? 0, align: 'right', priority: 3 },
    {
      id: 'env',
      title: 'ENVIRONMENT/REGION',
      value: (r) => envRegionText(r.vm.environment?.name, r.region),
      minWidth: 10,
      priority: 4,
    },
    { id: 'fixed', title: 'FIXED IP', value: (r) => r.vm.fixed_ip, priority: 2, whole: true },
    { id: 'floating', title: 'FLOATING IP', value: (r) => r.vm.floating_ip, priority: 2, whole: true },
    // what it costs an hour in its state (a SHUTOFF VM in full): on wide terminals only
    ...(wide
      ? [
          {
            id: 'rate',
            title: '$/H',
            value: (r: VmRow) => r.perHour,
            text: (r: VmRow) => (r.perHour === undefined ? '' : money(r.perHour)),
            align: 'right' as const,
            priority: 6,
            whole: true,
          },
        ]
      : []),
    // the time its lease leaves (label lease-until=…): only while some VM has a lease
    ...(leases ? [leaseColumn(theme, now)] : []),
    ageColumn((r) => r.vm.created_at, now),
  ];
}

function leaseColumn(theme: Theme, now: number): Column<VmRow> {
  return {
    id: 'lease',
    title: 'LEASE',
    value: (r) => leaseOf(r.vm),
    text: (r) => {
      const end = leaseOf(r.vm);
      return end === undefined ? '' : leaseLeft(end, now).replace(/ left$/, '');
    },
    color: (r) => {
      const end = leaseOf(r.vm);
      const state = end === undefined ? 'ok' : leaseState(end, now);
      return state === 'over' ? theme.error : state === 'ending' ? theme.warn : undefined;
    },
    align: 'right',
    priority: 5,
  };
}

function rows(ctx: RowContext<'vms'>): VmRow[] {
  const regionOf = new Map((ctx.also('environments') ?? []).map((e) => [e.name, e.region ?? undefined]));
  const out: VmRow[] = [];
  const now = Date.now();
  const book = priceMap(ctx.also('pricebook'));
  const contracts = ctx.also('contracts');
  for (const vm of ctx.data) {
    const region = vm.environment?.region ?? regionOf.get(vm.environment?.name ?? '') ?? undefined;
    const contract = vm.contract_id != null ? contracts?.find((c) => c.id === vm.contract_id) : undefined;
    out.push({
      vm,
      region,
      pending: liveMark(ctx.pending, `vm:${vm.id}`, vm.status, now),
      marks: ctx.pending,
      perHour: vmRateNow(vm, book, discountOn(contract, vm.flavor?.name, now)),
    });
  }
  return out;
}

/** The VMs; `wide`: with what each costs an hour ($/H), for terminals of RATE_MIN_WIDTH columns or more. */
export const vmsList = (wide = false, leases = false): ListSpec<VmRow, 'vms'> => ({
  resource: 'vms',
  also: ['environments', 'pricebook', 'contracts'],
  noun: 'virtual machines',
  columns: (theme, now) => columns(theme, now, wide, leases),
  rowId: (r) => String(r.vm.id),
  rows,
  region: (r) => r.region,
  environment: (r) => r.vm.environment?.name,
  raw: (r) => r.vm,
});
