/** Parsing and checking of firewall rules typed by the operator ("tcp 8080-8090 10.0.0.0/8"). */

/** The protocols the app offers (the service's list, Create_Security_Rule_Payload's enum, has more). */
export const RULE_PROTOCOLS = ['tcp', 'udp', 'icmp', 'any'] as const;
export type RuleProtocol = (typeof RULE_PROTOCOLS)[number];
export const isRuleProtocol = (p: string): p is RuleProtocol =>
  (RULE_PROTOCOLS as readonly string[]).includes(p);

export interface RuleInput {
  direction: 'ingress' | 'egress';
  protocol: RuleProtocol;
  ethertype: 'IPv4' | 'IPv6';
  port_range_min?: number;
  port_range_max?: number;
  remote_ip_prefix: string;
}

export function isIpv4Cidr(s: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(s);
  if (!m) return false;
  const parts = m.slice(1, 5).map(Number);
  return parts.every((p) => p >= 0 && p <= 255) && Number(m[5]) <= 32;
}

export function isIpv6Cidr(s: string): boolean {
  const m = /^([0-9a-fA-F:]+)\/(\d{1,3})$/.exec(s);
  if (!m?.[1] || Number(m[2]) > 128) return false;
  const addr = m[1];
  const halves = addr.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  if (groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? groups.length < 8 : groups.length === 8;
}

/** Checks a port range: 1–65535, min ≤ max. Returns an error text or undefined. */
export function portRangeError(min: number, max: number): string | undefined {
  if (!Number.isInteger(min) || !Number.isInteger(max)) return 'ports must be whole numbers';
  if (min < 1 || max > 65535 || min > 65535 || max < 1) return 'ports must be between 1 and 65535';
  if (min > max) return `the first port (${min}) must not be above the last (${max})`;
  return undefined;
}

/**
 * Reads "PROTOCOL [PORT|MIN-MAX] [CIDR] [egress]", e.g. "tcp 22", "tcp 8000-8100 10.0.0.0/8", "icmp",
 * "udp 53 ::/0". The ethertype follows the CIDR; the default source is anywhere (IPv4).
 */
export function parseRule(text: string): { rule: RuleInput } | { error: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const protocol = words.shift()?.toLowerCase();
  if (!protocol) return { error: 'type a protocol: tcp, udp, icmp or any' };
  if (!isRuleProtocol(protocol))
    return { error: `unknown protocol "${protocol}": use tcp, udp, icmp or any` };
  let direction: RuleInput['direction'] = 'ingress';
  let cidr = '0.0.0.0/0';
  let ports: [number, number] | undefined;
  for (const w of words) {
    if (w === 'egress' || w === 'ingress') direction = w;
    else if (/^\d+(-\d+)?$/.test(w)) {
      const [a, b] = w.split('-').map(Number) as [number, number | undefined];
      ports = [a, b ?? a];
    } else if (w.includes('/')) cidr = w;
    else return { error: `cannot read "${w}": expected a port, a port range, a CIDR or egress` };
  }
  const ethertype = cidr.includes(':') ? 'IPv6' : 'IPv4';
  if (ethertype === 'IPv4' ? !isIpv4Cidr(cidr) : !isIpv6Cidr(cidr))
    return { error: `"${cidr}" is not a valid ${ethertype} CIDR` };
  if ((protocol === 'tcp' || protocol === 'udp') && !ports)
    return { error: `${protocol} needs a port or a range (e.g. 22 or 8000-8100)` };
  if (ports && (protocol === 'icmp' || protocol === 'any')) return { error: `${protocol} takes no ports` };
  if (ports) {
    const err = portRangeError(ports[0], ports[1]);
    if (err) return { error: err };
  }
  return {
    rule: {
      direction,
      protocol,
      ethertype,
      remote_ip_prefix: cidr,
      ...(ports ? { port_range_min: ports[0], port_range_max: ports[1] } : {}),
    },
  };
}

/** The rule that opens SSH from anywhere. */
export const SSH_RULE: RuleInput = {
  direction: 'ingress',
  protocol: 'tcp',
  ethertype: 'IPv4',
  port_range_min: 22,
  port_range_max: 22,
  remote_ip_prefix: '0.0.0.0/0',
};
