import type { Contract, Discount } from '../../src/api/schemas/billing.js';
import { dateOnly, discountText, endsText, expiryPolicyText } from '../../src/domain/billing.js';
import { NONE, perHour } from '../../src/domain/format.js';
import { pushAll } from '../../src/domain/lists.js';
import { newestFirst } from '../../src/domain/newest-first.js';
import { type DetailLine, section, text } from '../../src/ui/DetailPane.js';

function discountLine(d: Discount): string {
  const resource = d.resource_name ?? d.resource ?? NONE;
  const count = d.resource_count ?? NONE;
  const validity =
    d.validity_days === null || d.validity_days === undefined
      ? 'no days left'
      : `valid ${d.validity_days} more days`;
  return [
    discountText(d),
    `on ${resource} × ${count}`,
    validity,
    d.discount_status ?? NONE,
    `code ${d.discount_code ?? NONE}`,
    `${dateOnly(d.start_date)} → ${dateOnly(d.end_date)}`,
  ].join(' · ');
}

/**
 * Every contract: status, dates, what happens at expiry, price per hour, each discount in words, and what `more`
 * adds under it (its VMs and GPUs).
 */
export function contractLines(
  contracts: readonly Contract[] | undefined,
  loading: boolean,
  now: number,
  more: (c: Contract) => DetailLine[] = () => [],
): DetailLine[] {
  if (!contracts) return [text(loading ? 'loading contracts…' : 'contracts not available', 'dim')];
  if (contracts.length === 0) return [text('no contracts: every resource is billed at market rate', 'dim')];
  const out: DetailLine[] = [];
  const sorted = [...contracts].sort((a, b) => newestFirst(a.start_date, b.start_date));
  for (const c of sorted) {
    const active = /^active$/i.test(c.status);
    out.push(section(`#${c.id}  ${c.status}  ${c.description ?? ''}`.trimEnd()));
    out.push(
      text(
        `  ${dateOnly(c.start_date)} → ${dateOnly(c.end_date)} (${endsText(c.end_date, now)})`,
        active ? undefined : 'dim',
      ),
    );
    out.push(
      text(`  at expiry: ${expiryPolicyText(c.expiration_policy)} · price ${perHour(c.price_per_hour)}`),
    );
    const discounts = c.discounts ?? [];
    if (discounts.length === 0) out.push(text('  no discounts', 'dim'));
    for (const d of discounts) out.push(text(`  discount: ${discountLine(d)}`, active ? undefined : 'dim'));
    pushAll(out, more(c));
  }
  return out;
}

/** The newest first: the order of the page. */
export const sortContracts = (contracts: readonly Contract[]) =>
  [...contracts].sort((a, b) => String(b.start_date ?? '').localeCompare(String(a.start_date ?? '')));
