/** Formatting shared by every screen: one place decides how ages, money and sizes look. */

export const NONE = '—';

/** "42s", "5m", "3h", "12d", "2y": compact ages for table cells. */
export function age(fromIso: string | null | undefined, now: number): string {
  if (!fromIso) return NONE;
  const t = Date.parse(fromIso);
  if (Number.isNaN(t)) return NONE;
  return duration(Math.max(0, now - t));
}

export function duration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h${m % 60 ? ` ${m % 60}m` : ''}`.replace(/ 0m$/, '');
  const d = Math.floor(h / 24);
  if (d < 365) return `${d}d`;
  return `${Math.floor(d / 365)}y`;
}

/** Up time given in minutes, in human units: "45 min", "3 h 20 min", "12 d 4 h". */
export function minutesHuman(min: number | null | undefined): string {
  if (min === null || min === undefined || !Number.isFinite(min)) return NONE;
  const m = Math.round(min);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

// en-US text of a number with 2 to `digits` decimals, as Intl.NumberFormat writes it (rounded half away from zero
// on its shortest decimal, grouped by thousands), without Intl: a process's first NumberFormat loads ICU's locale
// data, 30-50 ms on a busy machine, which the header's first money paid right after the first frame (issue 28).
function fixedText(abs: number, digits: number): string {
  const shortest = String(abs);
  // ≥ 1e21 String() writes an exponent: no price gets there, but the text stays right
  if (shortest.includes('e'))
    return abs.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: digits });
  const [whole = '0', frac = ''] = shortest.split('.');
  let int = whole;
  let kept = frac.slice(0, digits);
  if ((frac[digits] ?? '0') >= '5') {
    // round up: add one in the last kept place, carrying into the whole part
    const up = (BigInt(int + kept.padEnd(digits, '0')) + 1n).toString().padStart(digits + 1, '0');
    int = up.slice(0, up.length - digits);
    kept = up.slice(up.length - digits);
  }
  kept = kept.replace(/0+$/, '').padEnd(2, '0');
  return `${int.replace(/\B(?=(\d{3})+$)/g, ',')}.${kept}`;
}

/**
 * Money: "$1,234.56"; values under 10 cents keep three significant digits (up to 6 decimals), so a per-minute
 * rate of $0.000083 does not read as "$0.0001" or "$0.00". null, undefined and NaN are shown as "—", never "null"
 * or "NaN".
 */
export function money(value: number | string | null | undefined, currency = 'USD'): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE;
  const abs = Math.abs(n);
  let text: string;
  if (abs !== 0 && abs < 0.1) {
    const decimals = Math.min(6, Math.max(4, 2 - Math.floor(Math.log10(abs))));
    const [int = '0', frac = ''] = abs.toFixed(decimals).split('.');
    text = `${int}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
  } else {
    text = fixedText(abs, abs !== 0 && abs < 1 ? 3 : 2);
  }
  const sign = n < 0 ? '-' : '';
  const code = currency.toUpperCase();
  return code === 'USD' ? `${sign}$${text}` : `${sign}${text} ${code}`;
}

/** "$2.40/h" */
export function perHour(value: number | null | undefined): string {
  const m = money(value);
  return m === NONE ? m : `${m}/h`;
}

/** GB values as the service gives them (RAM may be fractional). */
export function gb(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} GB`;
}

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NONE;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return NONE;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return NONE;
  return new Date(t).toISOString().replace('T', ' ').slice(0, 16);
}

/** Any value as a cell: null/undefined/NaN → "—". */
export function cell(v: unknown): string {
  if (v === null || v === undefined) return NONE;
  if (typeof v === 'number' && !Number.isFinite(v)) return NONE;
  return String(v);
}

/** "prod-canada/CANADA-1"; "—" for no environment, no "/…" without a region. */
export function envRegionText(env: string | null | undefined, region: string | null | undefined): string {
  return `${env ?? NONE}${region ? `/${region}` : ''}`;
}
