import { costNow, DAYS_PER_MONTH } from '../../src/domain/billing.js';
import { money, NONE, perHour } from '../../src/domain/format.js';

interface OverviewLike {
  virtual_machine?: { cost_per_hour?: number | null; count?: number | null } | null;
  container?: { cost_per_hour?: number | null; count?: number | null } | null;
  volume?: { cost_per_hour?: number | null; count?: number | null } | null;
}

/**
 * The "Now" block: what the organisation costs per hour (from the dashboard), by kind, and the day and month that
 * makes at this rate. Two lines, the most important first, each cut by the caller.
 */
export function nowLines(o: OverviewLike | undefined, loading: boolean): [string, string] {
  if (!o) return [`Now  ${loading ? 'loading the dashboard…' : `${NONE} (dashboard not available)`}`, ''];
  const c = costNow(o);
  const kind = (label: string, v: number | null, count: number | null | undefined) =>
    `${label}${typeof count === 'number' ? ` (${count})` : ''} ${perHour(v)}`;
  return [
    `Now  ${perHour(c.perHour)}  ≈ ${money(c.perDay)}/day · ${money(c.perMonth)}/month (${DAYS_PER_MONTH} days at this rate)`,
    `     ${kind('VMs', c.vms, o.virtual_machine?.count)} · ${kind('containers', c.containers, o.container?.count)} · ${kind('volumes', c.volumes, o.volume?.count)}`,
  ];
}
