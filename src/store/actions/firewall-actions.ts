import type { Firewall, FirewallRule } from '../../api/schemas/firewall.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, confirmThenRun, runAction } from './mutate.js';

const REFRESH = ['firewalls'] as const;

/** "ingress tcp 22 from 0.0.0.0/0 (IPv4)": a rule in one line, for choosing and confirming. */
export function ruleText(r: FirewallRule): string {
  const ports =
    r.port_range_min === null || r.port_range_min === undefined
      ? 'all ports'
      : r.port_range_min === r.port_range_max || r.port_range_max === null || r.port_range_max === undefined
        ? `port ${r.port_range_min}`
        : `ports ${r.port_range_min}-${r.port_range_max}`;
  const dir = r.direction === 'egress' ? 'to' : 'from';
  return `${r.direction} ${r.protocol ?? 'any'} ${ports} ${dir} ${r.remote_ip_prefix ?? 'anywhere'} (${r.ethertype ?? '—'})`;
}

/** Asks which rule to delete (a 'choose' dialog), then confirms, then deletes it. */
export function deleteRule(deps: ActionDeps, fw: Firewall): void {
  const rules = fw.rules ?? [];
  const name = sanitize(fw.name);
  if (rules.length === 0) {
    ui.say(deps.store, `${name} has no rules`, 'info');
    return;
  }
  ui.openModal(deps.store, {
    kind: 'choose',
    title: `Delete a rule of ${name}`,
    message: 'Which rule?',
    options: rules.map((r) => ({ label: ruleText(r), value: String(r.id) })),
    onChoose: (value) => {
      const rule = rules.find((r) => String(r.id) === value);
      if (rule) confirmDeleteRule(deps, fw, rule);
    },
  });
}

export function confirmDeleteRule(deps: ActionDeps, fw: Firewall, rule: FirewallRule): void {
  const name = sanitize(fw.name);
  const vms = fw.attachments?.length ?? 0;
  confirmThenRun(deps, {
    title: `Delete rule ${ruleText(rule)}?`,
    message: `From firewall ${name}${vms ? `, attached to ${vms} VM${vms === 1 ? '' : 's'}: the traffic it allows stops at once` : ''}.`,
    confirmLabel: 'delete rule',
    danger: true,
    call: (api) => api.firewalls.deleteRule(fw.id, rule.id),
    doing: `Deleting rule ${ruleText(rule)} of ${name}`,
    done: `Rule deleted from ${name}`,
    refresh: REFRESH,
  });
}

/** Deletes a firewall after its name is typed. The service refuses while it is attached to VMs: said up front. */
export function deleteFirewall(deps: ActionDeps, fw: Firewall): void {
  const name = sanitize(fw.name);
  const vms = fw.attachments?.length ?? 0;
  const attached = vms
    ? ` It is attached to ${vms} VM${vms === 1 ? '' : 's'}: the service refuses to delete an attached firewall, detach it first (A, choose none).`
    : '';
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete firewall ${name}?`,
    message: `The firewall and its ${fw.rules?.length ?? 0} rule(s) are deleted.${attached} Type its name to confirm.`,
    expected: fw.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.firewalls.delete(fw.id), {
        doing: `Deleting firewall ${name}`,
        done: `Firewall ${name} deleted`,
        refresh: REFRESH,
      }),
  });
}
