import * as z from 'zod';
import type { BodyOf } from '../openapi-types.js';
import { envelopeShape, paginationShape } from './common.js';

/** One rule, as firewalls and VMs (`security_rules`) carry it. Hot path: part of every VM in a list. */
export const FirewallRuleSchema = z.looseObject({
  id: z.number(),
  direction: z.string(),
  // OpenStack reports a rule for any protocol with `protocol: null`
  protocol: z.string().nullish(),
  // null when the protocol has no ports (`any`, `icmp`)
  port_range_min: z.number().nullish(),
  port_range_max: z.number().nullish(),
  ethertype: z.string().nullish(),
  remote_ip_prefix: z.string().nullish(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type FirewallRule = z.output<typeof FirewallRuleSchema>;

export const FirewallAttachmentSchema = z.looseObject({
  id: z.number(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  vm: z
    .looseObject({
      id: z.number(),
      name: z.string(),
      flavor: z.string().nullish(),
      environment: z.string().nullish(),
      status: z.string().nullish(),
      created_at: z.string().nullish(),
    })
    .nullish(),
});
export type FirewallAttachment = z.output<typeof FirewallAttachmentSchema>;

export const FirewallSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  description: z.string().nullish(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  environment: z
    .looseObject({ id: z.number().nullish(), name: z.string(), region: z.string().nullish() })
    .nullish(),
  // absent on create
  rules: z.array(FirewallRuleSchema).nullish(),
  attachments: z.array(FirewallAttachmentSchema).nullish(),
});
export type Firewall = z.output<typeof FirewallSchema>;

export const FirewallListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  firewalls: z.array(FirewallSchema),
});

export const FirewallResponse = z.looseObject({ ...envelopeShape, firewall: FirewallSchema });

/** POST /core/firewalls/{id}/firewall-rules → `firewall_rule`. */
export const FirewallRuleResponse = z.looseObject({ ...envelopeShape, firewall_rule: FirewallRuleSchema });

/** POST /core/virtual-machines/{id}/sg-rules → `security_rule`. */
export const SecurityRuleResponse = z.looseObject({ ...envelopeShape, security_rule: FirewallRuleSchema });

/** A protocol a rule may name: the corrected request schema's enum (Create_Security_Rule_Payload). */
export type RuleProtocolName = BodyOf<'Add_rule_to_firewall'>['protocol'];
/** The same at run time: a protocol the service lists (List_firewall_rule_protocols) is sent only if it is here. */
export const RULE_PROTOCOL_NAMES = [
  'any',
  'ah',
  'dccp',
  'egp',
  'esp',
  'gre',
  'hopopt',
  'icmp',
  'igmp',
  'ip',
  'ipip',
  'ipv6-encap',
  'ipv6-frag',
  'ipv6-icmp',
  'icmpv6',
  'ipv6-nonxt',
  'ipv6-opts',
  'ipv6-route',
  'ospf',
  'pgm',
  'rsvp',
  'sctp',
  'tcp',
  'udp',
  'udplite',
  'vrrp',
] as const satisfies readonly RuleProtocolName[];
export const isRuleProtocolName = (p: string): p is RuleProtocolName =>
  (RULE_PROTOCOL_NAMES as readonly string[]).includes(p);

/** Body to add a rule (to a firewall or directly to a VM). */
export interface FirewallRuleInput {
  direction: 'ingress' | 'egress';
  protocol: RuleProtocolName;
  ethertype: 'IPv4' | 'IPv6';
  remote_ip_prefix: string;
  port_range_min?: number;
  port_range_max?: number;
}
