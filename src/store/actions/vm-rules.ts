/** A VM's own firewall rules: each as one line, and deleting one (chosen, then confirmed). */
import type { FirewallRule } from '../../api/schemas/firewall.js';
import type { Vm } from '../../api/schemas/vm.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, confirmThenRun } from './mutate.js';

/** The pending key of a rule being deleted (the detail shows it "deleting…" until the list no longer has it). */
export const rulePendingKey = (ruleId: number | null | undefined) => `vm-rule:${ruleId}`;

/** The pending key of a VM's callback being changed (its detail says so until the list shows the change). */
export const callbackPendingKey = (vmId: number) => `vm-callback:${vmId}`;

/** "ingress tcp port 22 from 0.0.0.0/0 (IPv4) ACTIVE"; an egress rule goes "to" its prefix. */
export function ruleText(
  r: Pick<
    FirewallRule,
    | 'direction'
    | 'protocol'
    | 'port_range_min'
    | 'port_range_max'
    | 'remote_ip_prefix'
    | 'ethertype'
    | 'status'
  >,
): string {
  const ports =
    r.port_range_min === null || r.port_range_min === undefined
      ? 'all ports'
      : r.port_range_min === r.port_range_max || r.port_range_max == null
        ? `port ${r.port_range_min}`
        : `ports ${r.port_range_min}-${r.port_range_max}`;
  const way = r.direction === 'egress' ? 'to' : 'from';
  return `${r.direction} ${r.protocol ?? 'any'} ${ports} ${way} ${r.remote_ip_prefix ?? '—'} (${r.ethertype ?? '—'}) ${r.status ?? ''}`.trim();
}

/** Asks which rule (when there are several), then asks before deleting it. */
export function deleteVmRule(deps: ActionDeps, vm: Vm): void {
  const name = sanitize(vm.name);
  const rules = (vm.security_rules ?? []).filter((r) => typeof r.id === 'number');
  if (rules.length === 0) {
    ui.say(deps.store, `${name} has no firewall rule of its own`, 'info');
    return;
  }
  const confirm = (rule: FirewallRule) =>
    confirmThenRun(deps, {
      title: `Delete a firewall rule of ${name}?`,
      message: `${sanitize(ruleText(rule))}. Traffic it lets in is refused once it is gone.`,
      confirmLabel: 'delete rule',
      danger: true,
      call: (api) => api.vms.deleteRule(vm.id, rule.id as number),
      doing: `Deleting firewall rule ${rule.id} of ${name}`,
      done: `Firewall rule ${rule.id} deleted from ${name}`,
      refresh: ['vms'],
      items: { vms: [vm.id] },
      pending: { key: rulePendingKey(rule.id), label: 'DELETING', from: rule.status ?? undefined },
    });
  if (rules.length === 1) {
    confirm(rules[0] as FirewallRule);
    return;
  }
  ui.openModal(deps.store, {
    kind: 'choose',
    title: `Delete a firewall rule of ${name}`,
    message: 'Which rule? You are asked again before it is deleted.',
    options: rules.map((r) => ({ label: sanitize(ruleText(r)), value: String(r.id) })),
    onChoose: (value) => {
      const rule = rules.find((r) => String(r.id) === value);
      if (rule) confirm(rule);
    },
  });
}
