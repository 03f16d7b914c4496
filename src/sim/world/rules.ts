/** Firewall rules (on firewalls and on VMs): validating a request's rule and building the record. */
import { RULE_PROTOCOL_NAMES } from '../../api/schemas/firewall.js';
import type { World } from '../world.js';
import { invalid } from './errors.js';
import type { RuleRecord } from './types.js';

/** The service's protocols: the request schema's enum (the client refuses to send any other). */
export const PROTOCOLS = RULE_PROTOCOL_NAMES;

export interface RuleInput {
  direction: 'ingress' | 'egress';
  ethertype: 'IPv4' | 'IPv6';
  protocol: string;
  remoteIpPrefix: string;
  portMin?: number | null;
  portMax?: number | null;
}

const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;
const V6 = /^[0-9a-fA-F:]*:[0-9a-fA-F:.]*\/(\d{1,3})$/;

/** 'IPv4' or 'IPv6' for a valid CIDR, undefined otherwise. */
export function cidrFamily(cidr: string): 'IPv4' | 'IPv6' | undefined {
  const m4 = V4.exec(cidr);
  if (m4) {
    const octets = m4.slice(1, 5).map(Number);
    const bits = Number(m4[5]);
    return octets.every((o) => o <= 255) && bits <= 32 ? 'IPv4' : undefined;
  }
  const m6 = V6.exec(cidr);
  if (m6 && Number(m6[1]) <= 128 && (cidr.match(/::/g)?.length ?? 0) <= 1) return 'IPv6';
  return undefined;
}

function field(where: string, name: string): string {
  return where ? `${where}.${name}` : name;
}

function port(raw: Record<string, unknown>, name: string, where: string): number | null {
  const v = raw[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 65_535) {
    throw invalid(`${field(where, name)} must be an integer between 0 and 65535.`);
  }
  return v;
}

/** Validates a rule as the service receives it (snake_case JSON); `where` prefixes field names in messages. */
export function parseRule(raw: unknown, where = ''): RuleInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid(`${where || 'body'} must be a JSON object describing a firewall rule.`);
  }
  const r = raw as Record<string, unknown>;
  const direction = r.direction;
  if (direction !== 'ingress' && direction !== 'egress') {
    throw invalid(`${field(where, 'direction')} is required and must be "ingress" or "egress".`);
  }
  const ethertype = r.ethertype;
  if (ethertype !== 'IPv4' && ethertype !== 'IPv6') {
    throw invalid(`${field(where, 'ethertype')} is required and must be "IPv4" or "IPv6".`);
  }
  const protocol = r.protocol;
  if (typeof protocol !== 'string' || !(PROTOCOLS as readonly string[]).includes(protocol)) {
    throw invalid(`${field(where, 'protocol')} is required and must be one of: ${PROTOCOLS.join(', ')}.`);
  }
  const prefix = r.remote_ip_prefix;
  if (typeof prefix !== 'string') throw invalid(`${field(where, 'remote_ip_prefix')} is required (a CIDR).`);
  const family = cidrFamily(prefix);
  if (!family) throw invalid(`${field(where, 'remote_ip_prefix')} "${prefix}" is not a valid CIDR.`);
  if (family !== ethertype) {
    throw invalid(`${field(where, 'remote_ip_prefix')} ${prefix} is not an ${ethertype} network.`);
  }
  let portMin = port(r, 'port_range_min', where);
  let portMax = port(r, 'port_range_max', where);
  if (portMin === null && portMax !== null) portMin = portMax;
  if (portMax === null && portMin !== null) portMax = portMin;
  if (portMin !== null && portMax !== null && portMin > portMax) {
    throw invalid(`${field(where, 'port_range_min')} must not be greater than port_range_max.`);
  }
  return { direction, ethertype, protocol, remoteIpPrefix: prefix, portMin, portMax };
}

export function makeRule(world: World, r: RuleInput, at: number): RuleRecord {
  return {
    id: world.nextId('rule'),
    direction: r.direction,
    protocol: r.protocol,
    portMin: r.portMin ?? null,
    portMax: r.portMax ?? null,
    ethertype: r.ethertype,
    remoteIpPrefix: r.remoteIpPrefix,
    status: 'SUCCESS',
    createdAt: at,
  };
}
