import type { Credit, LastDayCost } from '../../src/api/schemas/credit.js';
import { runwayText } from '../../src/domain/credit.js';
import { money } from '../../src/domain/format.js';

/**
 * The credit line of the "Now" block: the balance, the threshold, how long it lasts at the current cost per hour,
 * and what the last day cost by kind. "Credit $4,736.06 (threshold $100) · runs out in ~3 d 2 h at this rate ·
 * last day $1,234.56: VMs $1,100.00 · volumes $34.56 · clusters $100.00".
 */
export function creditLine(p: {
  credit: Credit | undefined;
  creditError: string | undefined;
  lastDay: LastDayCost | undefined;
  perHour: number | null;
}): string {
  const c = p.credit;
  const balance = c
    ? `Credit ${money(c.credit)}${c.threshold != null ? ` (threshold ${money(c.threshold)})` : ''}${c.can_create_instance === false ? ' · cannot create VMs' : ''}`
    : p.creditError
      ? `Credit — (${p.creditError})`
      : 'Credit loading…';
  const runway = c ? runwayText(c.credit, p.perHour) : '';
  const d = p.lastDay;
  const day = d
    ? `last day ${money(d.total_cost)}: VMs ${money(d.instances_cost)} · volumes ${money(d.volumes_cost)} · clusters ${money(d.clusters_cost)}`
    : '';
  return [balance, runway, day].filter(Boolean).join(' · ');
}
