/**
 * Setting a VM's lease (its label lease-until=…, src/domain/lease.ts). The labels call replaces the whole list, so
 * the VM's labels are read first (not the list's copy, which may be minutes old), the lease set among them, and
 * all written back: a label someone added meanwhile is kept. The `e` key asks how long.
 */
import type { Vm } from '../../api/schemas/vm.js';
import { dateTime } from '../../domain/format.js';
import {
  extendedLease,
  LEASE_HOURS,
  leaseLeft,
  leaseOf,
  parseLeaseInput,
  withLease,
} from '../../domain/lease.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, mutate } from './mutate.js';

/** Sets (or, with undefined, removes) the VM's lease. */
export async function setLease(deps: ActionDeps, vm: Vm, at: number | undefined): Promise<void> {
  const name = sanitize(vm.name);
  const when = at === undefined ? '' : ` until ${dateTime(new Date(at).toISOString())}`;
  await mutate(
    deps,
    async (api) => {
      const fresh = await api.vms.get(vm.id);
      return api.vms.editLabels(vm.id, withLease(fresh.labels, at));
    },
    {
      doing: at === undefined ? `Removing the lease of ${name}` : `Leasing ${name}${when}`,
      done: at === undefined ? `${name} has no lease now` : `${name} leased${when}`,
      refresh: ['vms'],
      items: { vms: [vm.id] },
    },
  ).catch(() => {});
}

/** Asks how long: a few hours more, until a date, or no lease. */
export function askLease(deps: ActionDeps, vm: Vm, now = Date.now()): void {
  const current = leaseOf(vm);
  const name = sanitize(vm.name);
  ui.openModal(deps.store, {
    kind: 'choose',
    title: `Lease of ${name}`,
    message:
      current === undefined
        ? 'No lease now. A lease is a label every operator sees; `guard` hibernates the VM once it is over.'
        : `Now: ${leaseLeft(current, now)} (until ${dateTime(new Date(current).toISOString())}).`,
    options: [
      ...LEASE_HOURS.map((h) => ({ label: `${h} h more`, value: String(h) })),
      { label: 'until a date…', value: 'date' },
      ...(current === undefined ? [] : [{ label: 'no lease', value: 'none' }]),
    ],
    onChoose: (v) => {
      if (v === 'none') void setLease(deps, vm, undefined);
      else if (v === 'date') askLeaseDate(deps, vm);
      else void setLease(deps, vm, extendedLease(current, Number(v), Date.now()));
    },
  });
}

function askLeaseDate(deps: ActionDeps, vm: Vm): void {
  ui.openModal(deps.store, {
    kind: 'prompt',
    title: `Lease of ${sanitize(vm.name)} until`,
    message: 'A date and time in UTC: 2026-12-01 18:00 (to the minute).',
    initial: '',
    validate: (value) => {
      const at = parseLeaseInput(value, Date.now());
      return typeof at === 'string' ? at : undefined;
    },
    onSubmit: (value) => {
      const at = parseLeaseInput(value, Date.now());
      if (typeof at === 'number') void setLease(deps, vm, at);
    },
  });
}
