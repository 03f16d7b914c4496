import type { ResourceRate } from '../../api/schemas/billing.js';
import { money, perHour } from '../../domain/format.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';

/** The hourly price of one resource, component by component, list and discounted (VMs and clusters). */
export function rateLines(rate: ResourceRate | undefined, loading: boolean): DetailLine[] {
  const out: DetailLine[] = [section('Hourly cost')];
  if (!rate) return [...out, text(loading ? 'loading…' : 'not available', 'dim')];
  const r = rate.resource;
  out.push(field('list price', perHour(r.price)), field('you pay', perHour(r.actual_price)));
  for (const c of r.resources ?? []) {
    const discounted =
      c.discounted_rate !== null && c.discounted_rate !== undefined && c.discounted_rate !== c.rate;
    out.push(
      field(
        `${c.type ?? '?'}${c.name && c.name !== c.type ? ` ${c.name}` : ''}`,
        `${c.amount ?? '—'} × ${money(c.rate)}${discounted ? ` → ${money(c.discounted_rate)}` : ''} = ${perHour(c.actual_price ?? c.price)}`,
      ),
    );
  }
  return out;
}
