import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { ProtocolListResponse } from '../schemas/core-extras.js';
import {
  FirewallListResponse,
  FirewallResponse,
  type FirewallRuleInput,
  FirewallRuleResponse,
} from '../schemas/firewall.js';
import { ackMessage, type CallOptions, type ListOptions, listQuery, read, toPage } from './shared.js';

const FW = '/core/firewalls';

export function firewallEndpoints(t: Transport) {
  return {
    list: (o?: ListOptions & { environment?: string }) =>
      t
        .request({
          method: 'GET',
          path: FW,
          query: query('List_existing_firewalls', { ...listQuery(o), environment: o?.environment }),
          schema: FirewallListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => toPage(r.firewalls, r)),

    get: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `${FW}/${seg(id)}`,
          schema: FirewallResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.firewall),

    create: (input: { name: string; environment_id: number; description?: string }, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: FW,
          body: body('Create_firewall', input),
          schema: FirewallResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.firewall),

    delete: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `${FW}/${seg(id)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    addRule: (firewallId: number, rule: FirewallRuleInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: `${FW}/${seg(firewallId)}/firewall-rules`,
          body: body('Add_rule_to_firewall', rule),
          schema: FirewallRuleResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.firewall_rule),

    deleteRule: (firewallId: number, ruleId: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: `${FW}/${seg(firewallId)}/firewall-rules/${seg(ruleId)}`,
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Sets the VMs the firewall is attached to (the list replaces the current attachments). */
    updateAttachments: (firewallId: number, vmIds: number[], o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: `${FW}/${seg(firewallId)}/update-attachments`,
          body: body('Attach_firewall_to_VMs', { vms: vmIds }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** The protocols a rule may name (List_firewall_rule_protocols). */
    protocols: (o?: CallOptions) =>
      read(t, '/core/sg-rules-protocols', ProtocolListResponse, o).then((r) => r.protocols),
  };
}
