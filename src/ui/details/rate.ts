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

/** "$2.40/h now (list $3.00/h)": what a resource costs now, for a detail's first lines. */
export function costNowText(rate: ResourceRate | undefined, loading: boolean): string {
  if (!rate) return loading ? 'loading…' : 'not available';
  const r = rate.resource;
  const list = r.price != null && r.price !== r.actual_price ? ` (list ${perHour(r.price)})` : '';
  return `${perHour(r.actual_price)} now${list}`;
}
