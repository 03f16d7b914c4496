/**
 * Billing arithmetic and wording shared by the billing screen and the details: projections from the hourly
 * cost, per-minute money, expiry policies and discounts in words, payment statuses. null, undefined and NaN are
 * shown as "—", never "null" or "NaN".
 */
import { dateTime, money, NONE } from './format.js';

export const HOURS_PER_DAY = 24;
/** A month, for projections: 30 days. */
export const DAYS_PER_MONTH = 30;

type Num = number | null | undefined;

const finite = (v: Num): v is number => typeof v === 'number' && Number.isFinite(v);

/** Sum of the finite values; null when none is. */
export function sum(values: readonly Num[]): number | null {
  const ok = values.filter(finite);
  return ok.length === 0 ? null : ok.reduce((a, b) => a + b, 0);
}

export interface CostNow {
  vms: number | null;
  containers: number | null;
  volumes: number | null;
  perHour: number | null;
  perDay: number | null;
  perMonth: number | null;
}

interface OverviewLike {
  virtual_machine?: { cost_per_hour?: Num } | null;
  container?: { cost_per_hour?: Num } | null;
  volume?: { cost_per_hour?: Num } | null;
}

/** The dashboard's cost per hour, by kind and in total, and the day and month it makes at that rate. */
export function costNow(o: OverviewLike | undefined | null): CostNow {
  const vms = finiteOrNull(o?.virtual_machine?.cost_per_hour);
  const containers = finiteOrNull(o?.container?.cost_per_hour);
  const volumes = finiteOrNull(o?.volume?.cost_per_hour);
  const perHour = sum([vms, containers, volumes]);
  return {
    vms,
    containers,
    volumes,
    perHour,
    perDay: perHour === null ? null : perHour * HOURS_PER_DAY,
    perMonth: perHour === null ? null : perHour * HOURS_PER_DAY * DAYS_PER_MONTH,
  };
}

function finiteOrNull(v: Num): number | null {
  return finite(v) ? v : null;
}

/** The hourly rate of a usage record (its per-minute bill × 60), null when the service gives none. */
export function hourlyOf(billPerMinute: Num): number | null {
  return finite(billPerMinute) ? billPerMinute * 60 : null;
}

/** Contract `expiration_policy` in words. */
export function expiryPolicyText(policy: Num): string {
  if (policy === 0) return 'resources deleted at expiry';
  if (policy === 1) return 'kept and billed at market rate';
  return NONE;
}

interface DiscountLike {
  discount_type?: string | null;
  discount_amount?: Num;
  discount_percent?: Num;
}

/** "flat price $1.69/h" or "25% off market rate". */
export function discountText(d: DiscountLike): string {
  if (d.discount_type === 'flat') {
    return finite(d.discount_amount) ? `flat price ${money(d.discount_amount)}/h` : 'flat price —';
  }
  if (d.discount_type === 'percent') {
    return finite(d.discount_percent)
      ? `${trimNumber(d.discount_percent)}% off market rate`
      : '—% off market rate';
  }
  if (finite(d.discount_percent)) return `${trimNumber(d.discount_percent)}% off`;
  if (finite(d.discount_amount)) return `${money(d.discount_amount)}/h`;
  return NONE;
}

function trimNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** "2026-07-24" from a timestamp; "—" when missing or unreadable. */
export function dateOnly(iso: string | null | undefined): string {
  const t = dateTime(iso);
  return t === NONE ? t : t.slice(0, 10);
}

/** Whole days from `now` until `iso` (negative once past); null when unreadable. */
export function daysUntil(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return Math.ceil((t - now) / 86_400_000);
}

/** "ends in 245 days", "ended 12 days ago", "ends today". */
export function endsText(iso: string | null | undefined, now: number): string {
  const d = daysUntil(iso, now);
  if (d === null) return NONE;
  if (d === 0) return 'ends today';
  if (d > 0) return `ends in ${d} day${d === 1 ? '' : 's'}`;
  return `ended ${-d} day${d === -1 ? '' : 's'} ago`;
}

/** A payment's status in words: `payment_initiated` means the payment went through. */
export function paymentStatusText(status: string | null | undefined): string {
  switch ((status ?? '').toLowerCase()) {
    case 'payment_initiated':
    case 'succeeded':
    case 'success':
    case 'paid':
      return '✓ paid';
    case 'failed':
    case 'error':
    case 'declined':
      return '✖ failed';
    case 'pending':
    case 'processing':
      return '◐ pending';
    case '':
      return NONE;
    default:
      return `· ${(status ?? '').replaceAll('_', ' ')}`;
  }
}

export const isPaid = (status: string | null | undefined): boolean => paymentStatusText(status) === '✓ paid';

/** The biggest `n` by value (missing values count as 0 and are left out when zero). */
export function topN<T>(items: readonly T[], n: number, value: (t: T) => Num): T[] {
  return [...items]
    .filter((t) => finite(value(t)) && (value(t) as number) > 0)
    .sort((a, b) => (value(b) as number) - (value(a) as number))
    .slice(0, Math.max(0, n));
}

interface PaymentLike {
  amount?: Num;
  status?: string | null;
  updated_at?: string | null;
  created_at?: string | null;
}

/** When a payment happened: updated_at, else created_at. */
export const paymentTime = (p: PaymentLike): string | null | undefined => p.updated_at ?? p.created_at;

/** Amounts of the payments that went through, oldest first: the series of the payments sparkline. */
export function paidSeries(payments: readonly PaymentLike[]): number[] {
  return payments
    .filter((p) => isPaid(p.status) && finite(p.amount))
    .map((p) => ({ t: Date.parse(paymentTime(p) ?? '') || 0, a: p.amount as number }))
    .sort((x, y) => x.t - y.t)
    .map((x) => x.a);
}
