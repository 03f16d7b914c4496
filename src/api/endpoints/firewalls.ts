import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { ProtocolListResponse } from '../schemas/core-extras.js';
import {
  FirewallListResponse,
  FirewallResponse,
  type FirewallRuleInput,
  FirewallRuleResponse,
} from '../schemas/firewall.js';
import { ackMessage, type CallOptions, type ListOptions, listQuery, toPage } from './shared.js';

export function firewallEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions & { environment?: string }) =>
      call(t, op.List_existing_firewalls, o, {
        query: { ...listQuery(o), environment: o?.environment },
        schema: FirewallListResponse,
      }).then((r) => toPage(r.firewalls, r)),

    get: (id: number, o?: CallOptions) =>
      call(t, op.Get_firewall, o, { params: { id }, schema: FirewallResponse }).then((r) => r.firewall),

    create: (input: { name: string; environment_id: number; description?: string }, o?: CallOptions) =>
      call(t, op.Create_firewall, o, { body: input, schema: FirewallResponse }).then((r) => r.firewall),

    delete: (id: number, o?: CallOptions) =>
      call(t, op.Delete_existing_firewall, o, { params: { id }, schema: AckResponse }).then(ackMessage),

    addRule: (firewallId: number, rule: FirewallRuleInput, o?: CallOptions) =>
      call(t, op.Add_rule_to_firewall, o, {
        params: { firewall_id: firewallId },
        body: rule,
        schema: FirewallRuleResponse,
      }).then((r) => r.firewall_rule),

    deleteRule: (firewallId: number, ruleId: number, o?: CallOptions) =>
      call(t, op.Delete_rule_from_firewall, o, {
        params: { firewall_id: firewallId, firewall_rule_id: ruleId },
        schema: AckResponse,
      }).then(ackMessage),

    /** Sets the VMs the firewall is attached to (the list replaces the current attachments). */
    updateAttachments: (firewallId: number, vmIds: number[], o?: CallOptions) =>
      call(t, op.Attach_firewall_to_VMs, o, {
        params: { firewall_id: firewallId },
        body: { vms: vmIds },
        schema: AckResponse,
      }).then(ackMessage),

    /** The protocols a rule may name (List_firewall_rule_protocols). */
    protocols: (o?: CallOptions) =>
      call(t, op.List_firewall_rule_protocols, o, { schema: ProtocolListResponse }).then((r) => r.protocols),
  };
}
