import type { Credit, LastDayCost } from '../../src/api/schemas/credit.js';
import { runwayText } from '../../src/domain/credit.js';
import { money } from '../../src/domain/format.js';
import { displayWidth } from '../../src/domain/text.js';

/**
 * The credit line of the "Now" block: the balance, how long it lasts at the current cost per hour, the threshold,
 * and what the last day cost by kind. "Credit $4,736.06 · runs out in ~3 d 2 h at this rate · threshold $100.00 ·
 * last day $1,234.56: VMs $1,100.00 · volumes $34.56 · clusters $100.00"; narrower, the parts that do not fit
 * are left out whole, the last day's parts first.
 */
export function creditLine(
  p: {
    credit: Credit | undefined;
    creditError: string | undefined;
    lastDay: LastDayCost | undefined;
    perHour: number | null;
  },
  width = Number.POSITIVE_INFINITY,
): string {
  const c = p.credit;
  const balance = c
    ? `Credit ${money(c.credit)}${c.can_create_instance === false ? ' (cannot create VMs)' : ''}`
    : p.creditError
      ? `Credit — (${p.creditError})`
      : 'Credit loading…';
  // what matters first when the line is cut: the balance and how long it lasts
  const runway = c ? runwayText(c.credit, p.perHour) : '';
  const threshold = c?.threshold != null ? `threshold ${money(c.threshold)}` : '';
  const d = p.lastDay;
  const day = d ? `last day ${money(d.total_cost)}` : '';
  const byKind = d
    ? `${day}: VMs ${money(d.instances_cost)} · volumes ${money(d.volumes_cost)} · clusters ${money(d.clusters_cost)}`
    : '';
  // narrower: the last day's parts go first, then its total, then the threshold; nothing is cut mid-word
  const choices = [
    [balance, runway, threshold, byKind],
    [balance, runway, threshold, day],
    [balance, runway, day],
    [balance, runway],
  ].map((parts) => parts.filter(Boolean).join(' · '));
  return choices.find((line) => displayWidth(line) <= width) ?? (choices.at(-1) as string);
}
