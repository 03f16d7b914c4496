/**
 * The firewalls of a VM, set from its detail (Attach_firewalls_to_VM): a multi-select of the firewalls of the VM's
 * environment, starting with those attached to it. The list sent becomes the VM's firewalls: one left out is
 * detached from it, and the summary says which.
 */
import type { Firewall } from '../../src/api/schemas/firewall.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData, storeKey } from '../../src/store/state/resources.js';
import { attachmentChanges, attachmentSummary, ids } from './firewall-attach.js';

type FirewallValues = { firewalls: readonly string[] };

/** The firewalls `vm` is attached to, by the firewall list's attachments. */
export function firewallsOfVm(firewalls: readonly Firewall[], vm: Pick<Vm, 'id'>): number[] {
  return firewalls.filter((f) => (f.attachments ?? []).some((a) => a.vm?.id === vm.id)).map((f) => f.id);
}

export function vmFirewallsForm(
  deps: ActionDeps,
  vm: Vm,
  firewalls: readonly Firewall[],
): FormSpec<FirewallValues> {
  const env = vm.environment?.name;
  const inEnv = firewalls.filter((f) => f.environment?.name === env);
  const current = firewallsOfVm(firewalls, vm);
  const nameOf = new Map(firewalls.map((f) => [f.id, f.name] as [number, string]));
  const names = (list: number[]) => list.map((id) => sanitize(nameOf.get(id) ?? `#${id}`)).join(', ');
  const name = sanitize(vm.name);
  return {
    title: `Firewalls of ${name}`,
    notes: [
      `Firewalls of ${sanitize(env ?? '—')} only. The list REPLACES the VM's firewalls: one left out is detached from it.`,
    ],
    fields: [
      {
        id: 'firewalls',
        kind: 'multi-select',
        label: 'Firewalls',
        help: 'None chosen: every firewall is detached from the VM (its own rules stay).',
        options: () =>
          inEnv.map((f) => ({
            label: f.name,
            value: String(f.id),
            hint: `${f.rules?.length ?? 0} rule${f.rules?.length === 1 ? '' : 's'}`,
          })),
      },
    ],
    initial: { firewalls: current.filter((id) => inEnv.some((f) => f.id === id)).map(String) },
    summary: (values) => {
      return attachmentSummary(current, ids(values.firewalls), names);
    },
    submitLabel: 'Set firewalls',
    onSubmit: async (values) => {
      const chosen = ids(values.firewalls);
      const c = attachmentChanges(current, chosen);
      await mutate(deps, (api) => api.vms.attachFirewalls(vm.id, chosen), {
        doing: `Setting the firewalls of ${name}`,
        done:
          chosen.length === 0
            ? `Every firewall detached from ${name}`
            : `${name}: ${chosen.length} firewall${chosen.length === 1 ? '' : 's'} attached${c.detach.length ? `; detached ${names(c.detach)}` : ''}`,
        refresh: ['firewalls', storeKey('vm', vm.id)],
        items: { vms: [vm.id] },
      });
    },
  };
}

/** Opens the VM's firewalls form once the firewall list is loaded. */
export async function openVmFirewalls(deps: ActionDeps, vm: Vm): Promise<void> {
  const ok = await ensureLoaded(deps, ['firewalls'], { title: `Firewalls of ${sanitize(vm.name)}` });
  if (!ok) return;
  ui.openForm(deps.store, vmFirewallsForm(deps, vm, readData(deps.store, 'firewalls') ?? []));
}
