/**
 * Who can reach a VM: the inbound rules that apply to it, its own (`security_rules`) and those of the firewalls
 * attached to it, each said once ("tcp 22 from anywhere (allow-ssh)"). Pure; reads rules and firewalls as the
 * client parses them.
 */

export interface RuleLike {
  direction?: string | null;
  protocol?: string | null;
  port_range_min?: number | null;
  port_range_max?: number | null;
  remote_ip_prefix?: string | null;
}

export interface FirewallLike {
  name: string;
  rules?: readonly RuleLike[] | null;
  attachments?: readonly { vm?: { id: number } | null }[] | null;
}

/** An inbound opening and where it comes from: the VM's own rules, or a firewall's name. */
export interface Opening {
  protocol: string;
  ports: string;
  from: string;
  via: string;
}

const ANYWHERE = new Set(['0.0.0.0/0', '::/0']);

/** "22", "8000-8100", "" (every port: the protocol alone says it). */
function portsOf(r: RuleLike): string {
  const min = r.port_range_min;
  const max = r.port_range_max;
  if (min == null) return max == null ? '' : String(max);
  return max == null || max === min ? String(min) : `${min}-${max}`;
}

/** The firewalls attached to this VM (by their attachments). */
export function firewallsOf<F extends FirewallLike>(vmId: number, firewalls: readonly F[]): F[] {
  return firewalls.filter((f) => (f.attachments ?? []).some((a) => a.vm?.id === vmId));
}

/** The inbound openings of a VM: its own ingress rules, then its firewalls', one per protocol/ports/source. */
export function vmOpenings(
  vm: { id: number; security_rules?: readonly RuleLike[] | null },
  firewalls: readonly FirewallLike[],
): Opening[] {
  const sources: [via: string, rules: readonly RuleLike[]][] = [
    ['own rule', vm.security_rules ?? []],
    ...firewallsOf(vm.id, firewalls).map((f): [string, readonly RuleLike[]] => [f.name, f.rules ?? []]),
  ];
  const out: Opening[] = [];
  const seen = new Set<string>();
  for (const [via, rules] of sources) {
    for (const r of rules) {
      if (r.direction !== 'ingress') continue;
      const prefix = r.remote_ip_prefix ?? '';
      const o: Opening = {
        protocol: r.protocol ?? 'any',
        ports: portsOf(r),
        from: !prefix || ANYWHERE.has(prefix) ? 'anywhere' : prefix,
        via,
      };
      const key = `${o.protocol} ${o.ports} ${o.from}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(o);
    }
  }
  return out;
}

/** "tcp 22 from anywhere (allow-ssh)"; "any protocol from 10.0.0.0/8 (own rule)". */
export function openingText(o: Opening): string {
  const ported = o.protocol === 'tcp' || o.protocol === 'udp';
  const what =
    o.protocol === 'any'
      ? 'any protocol'
      : o.ports
        ? `${o.protocol} ${o.ports}`
        : ported
          ? `${o.protocol} all ports`
          : o.protocol;
  return `${what} from ${o.from} (${o.via})`;
}

/** Whether an opening lets ssh (tcp 22) in. */
export function opensSsh(o: Opening): boolean {
  if (o.protocol === 'any') return true;
  if (o.protocol !== 'tcp') return false;
  if (o.ports === '') return true;
  const [a, b] = o.ports.split('-').map(Number) as [number, number | undefined];
  return a <= 22 && 22 <= (b ?? a);
}
