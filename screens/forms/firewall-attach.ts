import type { Firewall } from '../../src/api/schemas/firewall.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { sanitize } from '../../src/domain/sanitize.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

/** What a new attachment list changes: VMs newly attached, VMs detached (left out), VMs kept. */
export function attachmentChanges(
  current: readonly number[],
  chosen: readonly number[],
): { attach: number[]; detach: number[]; keep: number[] } {
  const now = new Set(current);
  const next = new Set(chosen);
  return {
    attach: [...next].filter((id) => !now.has(id)),
    detach: [...now].filter((id) => !next.has(id)),
    keep: [...next].filter((id) => now.has(id)),
  };
}

/** "attach a, b · DETACH c · keep 2", or "no change": a form's summary of a new attachment list. */
export function attachmentSummary(
  current: readonly number[],
  chosen: readonly number[],
  names: (ids: number[]) => string,
): string {
  const c = attachmentChanges(current, chosen);
  const parts = [
    c.attach.length ? `attach ${names(c.attach)}` : '',
    c.detach.length ? `DETACH ${names(c.detach)}` : '',
    c.keep.length ? `keep ${c.keep.length}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'no change';
}

/** The ids chosen in a multi-select (its values are the ids as text). */
export const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isInteger) : []);

/** The form's values, by field id. */
type AttachValues = {
  vms: readonly string[];
};

/**
 * The "attach to VMs" form: a multi-select of the VMs of the firewall's environment, starting with the VMs it is
 * attached to. The service REPLACES the attachment list with the one sent, so a VM left out is detached: the
 * summary says which.
 */
export function firewallAttachForm(
  deps: ActionDeps,
  fw: Firewall,
  vms: readonly Vm[],
): FormSpec<AttachValues> {
  const envName = fw.environment?.name;
  const inEnv = vms.filter((v) => v.environment?.name === envName);
  const current = (fw.attachments ?? []).flatMap((a) => (a.vm ? [a.vm.id] : []));
  const nameOf = new Map<number, string>([
    ...(fw.attachments ?? []).flatMap((a) => (a.vm ? [[a.vm.id, a.vm.name] as [number, string]] : [])),
    ...inEnv.map((v) => [v.id, v.name] as [number, string]),
  ]);
  const names = (list: number[]) => list.map((id) => sanitize(nameOf.get(id) ?? `#${id}`)).join(', ');
  const name = sanitize(fw.name);
  return {
    title: `Attach ${name} to VMs`,
    notes: [
      `VMs of ${sanitize(envName ?? '—')} only. The list REPLACES the current attachments: a VM left out is detached.`,
    ],
    fields: [
      {
        id: 'vms',
        kind: 'multi-select',
        label: 'VMs',
        help: 'None chosen: the firewall is detached from every VM.',
        options: () =>
          inEnv.map((v) => ({
            label: v.name,
            value: String(v.id),
            hint: `${v.status}${v.flavor?.name ? `, ${v.flavor.name}` : ''}`,
            ...(v.status === 'DELETING' ? { disabled: 'being deleted' } : {}),
          })),
      },
    ],
    initial: { vms: current.filter((id) => inEnv.some((v) => v.id === id)).map(String) },
    summary: (values) => {
      return attachmentSummary(current, ids(values.vms), names);
    },
    submitLabel: 'Set attachments',
    onSubmit: async (values) => {
      const chosen = ids(values.vms);
      const c = attachmentChanges(current, chosen);
      await mutate(deps, (api) => api.firewalls.updateAttachments(fw.id, chosen), {
        doing: `Setting the VMs of ${name}`,
        done:
          chosen.length === 0
            ? `${name} detached from every VM`
            : `${name} attached to ${chosen.length} VM${chosen.length === 1 ? '' : 's'}${c.detach.length ? `; detached ${names(c.detach)}` : ''}`,
        refresh: ['firewalls', 'vms'],
        items: { vms: [...c.attach, ...c.detach] },
      });
    },
  };
}
