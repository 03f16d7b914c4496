/**
 * A VM's lease: the time it may run until, kept where every operator of the organisation sees it, in one of the
 * VM's labels: `lease-until=2026-12-01T18-00Z` (UTC, to the minute). A label is 1 to 50 characters without spaces
 * (the service splits labels on spaces; the OpenAPI types them as plain strings): the colon of ISO time is written
 * as a hyphen so the label stays within letters, digits, `-` and `=`. The labels call replaces the whole list:
 * `withLease` keeps every other label. Pure.
 */

export const LEASE_PREFIX = 'lease-until=';

const LEASE_RE = /^lease-until=(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})Z$/;

/** The label of a lease ending at `at` (ms), rounded down to the minute. */
export function leaseLabel(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-12-01T18:00:00.000Z
  return `${LEASE_PREFIX}${iso.slice(0, 13)}-${iso.slice(14, 16)}Z`;
}

/** The end of a lease label (ms), or undefined when it is not one (or not a real date). */
export function parseLease(label: string): number | undefined {
  const m = LEASE_RE.exec(label);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return undefined;
  const t = Date.UTC(y, mo - 1, d, h, mi);
  // 2026-02-31 rolls over into March: not a date
  return new Date(t).getUTCDate() === d ? t : undefined;
}

/** The VM's lease end, from its labels (the earliest when several say one); undefined without a lease. */
export function leaseOf(vm: { labels?: readonly string[] | null }): number | undefined {
  let end: number | undefined;
  for (const l of vm.labels ?? []) {
    const t = parseLease(l);
    if (t !== undefined && (end === undefined || t < end)) end = t;
  }
  return end;
}

/** The labels with the lease set to `at` (undefined: removed), every other label kept in its place. */
export function withLease(labels: readonly string[] | null | undefined, at: number | undefined): string[] {
  const others = (labels ?? []).filter((l) => !l.startsWith(LEASE_PREFIX));
  return at === undefined ? others : [...others, leaseLabel(at)];
}

/** How a lease stands at `now`: running out within `warnMs`, or over. */
export type LeaseState = 'ok' | 'ending' | 'over';

export function leaseState(end: number, now: number, warnMs = DEFAULT_LEASE_WARN_MS): LeaseState {
  if (end <= now) return 'over';
  return end - now <= warnMs ? 'ending' : 'ok';
}

/** The header warns an hour before a lease ends. */
export const DEFAULT_LEASE_WARN_MS = 60 * 60_000;

/** "3 h 20 m left", "ended 2 h ago". */
export function leaseLeft(end: number, now: number): string {
  const ms = end - now;
  const text = (x: number) => {
    const m = Math.round(x / 60_000);
    if (m < 60) return `${m} m`;
    const h = Math.floor(m / 60);
    if (h < 48) return `${h} h${m % 60 ? ` ${m % 60} m` : ''}`;
    return `${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
  };
  return ms > 0 ? `${text(ms)} left` : `ended ${text(-ms)} ago`;
}

/** The lease choices of the create form and of the extend key: hours from now. */
export const LEASE_HOURS = [4, 8, 24] as const;

/**
 * A lease end typed by a person: "2026-12-01 18:00" or "2026-12-01T18:00" (UTC), or "2026-12-01" (midnight UTC);
 * the time it means, or why not (not a date, already past).
 */
export function parseLeaseInput(text: string, now: number): number | string {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?\s*(?:UTC|Z)?\s*$/i.exec(text);
  if (!m) return 'a date and time in UTC: 2026-12-01 18:00';
  const t = parseLease(`${LEASE_PREFIX}${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}-${m[5] ?? '00'}Z`);
  if (t === undefined) return `${text.trim()} is not a date`;
  return t <= now ? 'that is already past' : t;
}

/** The end a lease is extended to by `hours`: from its end while it runs, from now once it is over (or none). */
export function extendedLease(current: number | undefined, hours: number, now: number): number {
  return Math.max(now, current ?? now) + hours * 3_600_000;
}

export interface LeaseAlert {
  text: string;
  level: 'warn' | 'urgent';
}

/**
 * The header's word on leases: the VM whose lease ends first among those still billed in full (running or
 * stopped), when it is over or ends within `warnMs`; "+N more" when others are too.
 */
export function leaseAlert(
  vms: readonly { name: string; status?: string | null; labels?: readonly string[] | null }[] | undefined,
  now: number,
  warnMs = DEFAULT_LEASE_WARN_MS,
): LeaseAlert | undefined {
  let first: { name: string; end: number } | undefined;
  let count = 0;
  for (const vm of vms ?? []) {
    if (vm.status !== 'ACTIVE' && vm.status !== 'SHUTOFF') continue;
    const end = leaseOf(vm);
    if (end === undefined || leaseState(end, now, warnMs) === 'ok') continue;
    count++;
    if (!first || end < first.end) first = { name: vm.name, end };
  }
  if (!first) return undefined;
  const more = count > 1 ? ` (+${count - 1} more)` : '';
  return first.end <= now
    ? { text: `‼ lease of ${first.name} ${leaseLeft(first.end, now)}${more}`, level: 'urgent' }
    : {
        text: `⚠ lease of ${first.name} ends in ${leaseLeft(first.end, now).replace(/ left$/, '')}${more}`,
        level: 'warn',
      };
}
