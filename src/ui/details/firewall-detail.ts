import type { Firewall, FirewallRule } from '../../api/schemas/firewall.js';
import { age, dateTime, NONE } from '../../domain/format.js';
import { padTo } from '../../domain/text.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';

/** "22", "8000-8100", "all" (a rule without ports covers every port of its protocol). */
export function portRange(r: Pick<FirewallRule, 'port_range_min' | 'port_range_max'>): string {
  const min = r.port_range_min;
  const max = r.port_range_max;
  if (min === null || min === undefined) return max === null || max === undefined ? 'all' : String(max);
  if (max === null || max === undefined || max === min) return String(min);
  return `${min}-${max}`;
}

const RULE_COLUMNS = [
  ['DIRECTION', 9],
  ['PROTOCOL', 8],
  ['PORTS', 11],
  ['ETHER', 5],
  ['REMOTE', 20],
  ['STATUS', 8],
] as const;

function row(cells: readonly string[]): string {
  return cells
    .map((c, i) => padTo(c, RULE_COLUMNS[i]?.[1] ?? 10))
    .join('  ')
    .trimEnd();
}

/** The rules as an aligned table: direction, protocol, port range, ethertype, remote prefix, status. */
export function ruleLines(rules: readonly FirewallRule[]): DetailLine[] {
  const out: DetailLine[] = [section(`Rules (${rules.length})`)];
  if (rules.length === 0)
    return [...out, text('no rules: the firewall allows nothing yet (a adds one)', 'dim')];
  out.push(text(row(RULE_COLUMNS.map(([t]) => t)), 'dim'));
  for (const r of rules) {
    out.push(
      text(
        row([
          r.direction,
          r.protocol ?? 'any',
          portRange(r),
          r.ethertype ?? NONE,
          r.remote_ip_prefix ?? NONE,
          r.status ?? NONE,
        ]),
      ),
    );
  }
  return out;
}

/** Every field of a firewall, its rules and the VMs it is attached to. */
export function firewallDetailLines(fw: Firewall, now: number): DetailLine[] {
  const attachments = fw.attachments ?? [];
  // what an operator acts on first: what it lets through and to which VMs, then its fields
  const lines: DetailLine[] = [...ruleLines(fw.rules ?? []), section(`Attached to (${attachments.length})`)];
  if (attachments.length === 0) lines.push(text('no VM (A attaches it)', 'dim'));
  for (const a of attachments) {
    lines.push(
      text(
        `${padTo(a.vm?.name ?? NONE, 24)}  ${padTo(a.vm?.status ?? NONE, 10)}  ${padTo(a.status ?? NONE, 8)}  attached ${dateTime(a.created_at)}`,
      ),
    );
  }
  lines.push(
    section('Firewall'),
    field('id', fw.id),
    field('name', fw.name),
    field('description', fw.description),
    field('environment', fw.environment?.name),
    field('region', fw.environment?.region),
    field('status', fw.status),
    field(
      'created',
      fw.created_at ? `${dateTime(fw.created_at)} (${age(fw.created_at, now)} ago)` : undefined,
    ),
  );
  return lines;
}
