/**
 * Reading the rows on screen as pages of the list (docs/ARCHITECTURE.md, "Big lists"): when they are a run of the
 * list in the service's order, one or two `?page=P&pageSize=K` requests read them all, where single reads take one
 * request per row and so reach a settled row only every (rows ÷ reads per tick) ticks.
 */
import { pickReads } from './refresh-policy.js';

/** Pages of one size, numbered from 1 as the service numbers them. */
export interface PagePlan {
  pageSize: number;
  pages: number[];
}

/** First and last position (from 0, inclusive) the pages of a plan cover. */
export function planSpan(p: PagePlan): [number, number] {
  const first = p.pages[0] ?? 1;
  const last = p.pages[p.pages.length - 1] ?? first;
  return [(first - 1) * p.pageSize, last * p.pageSize - 1];
}

/**
 * The cheapest pages that cover the positions first..last: one page of at most twice the run when one fits; else
 * two pages of the run's length (a run of n spans at most two pages of n). With one request only: one page of up
 * to four times the run, else the page holding the run's start (the rest of it is then read alone).
 */
export function pagesFor(first: number, last: number, maxRequests: number): PagePlan {
  const n = last - first + 1;
  const onePage = (upTo: number): PagePlan | undefined => {
    for (let k = n; k <= upTo; k++) {
      const p = Math.floor(first / k);
      if (p === Math.floor(last / k)) return { pageSize: k, pages: [p + 1] };
    }
    return undefined;
  };
  const start = Math.floor(first / n) + 1;
  return (
    onePage(2 * n) ??
    (maxRequests >= 2 ? { pageSize: n, pages: [start, start + 1] } : undefined) ??
    onePage(4 * n) ?? { pageSize: n, pages: [start] }
  );
}

/** A stretch of list positions: its first and last, and how many of the given positions it holds. */
export interface Run {
  first: number;
  last: number;
  count: number;
}

/**
 * The stretch of the sorted positions that holds the most of them while spanning at most twice as many (the rows
 * on screen in the list's order, some rows between them perhaps filtered out), or undefined below two.
 */
export function visibleRun(sorted: readonly number[]): Run | undefined {
  let best: Run | undefined;
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const first = sorted[i] as number;
      const last = sorted[j] as number;
      const count = j - i + 1;
      if (last - first + 1 <= 2 * count && count > (best?.count ?? 1)) best = { first, last, count };
    }
  }
  return best;
}

export interface TickInput {
  urgent: readonly number[];
  visible: readonly number[];
  /** Each id's position in the list (the service's order as last loaded); undefined: no page reads. */
  positions: ReadonlyMap<number, number> | undefined;
  /** How much further on the list holds items than the service now does, as the last pages showed (pageShift). */
  shift: number;
  /** Ids a page did not carry where expected: read alone. */
  offPage: ReadonlySet<number>;
  /** When each id was last read. */
  lastRead: ReadonlyMap<number, number>;
  /** Requests this tick (a page is one). */
  cap: number;
}

export interface TickPlan {
  pages: PagePlan | undefined;
  /** The ids the pages should carry (read by them, not alone). */
  onPages: number[];
  /** The ids read alone (pickReads' order). */
  singles: number[];
}

/**
 * One tick of a big list: the visible rows as pages when most of them are a run of the list, the urgent VMs and
 * the other visible ones alone, all within `cap` requests. Urgent VMs off the pages keep at least one request
 * (two pages then shrink to one larger one); with a cap of one, the page and they take turns.
 */
export function planTick(t: TickInput): TickPlan {
  const alone = (skip: ReadonlySet<number>, cap: number) =>
    pickReads(
      t.urgent.filter((id) => !skip.has(id)),
      t.visible.filter((id) => !skip.has(id)),
      t.lastRead,
      cap,
    );
  const none: TickPlan = { pages: undefined, onPages: [], singles: alone(new Set(), t.cap) };
  const { positions } = t;
  if (!positions || t.cap < 1) return none;
  // where the service has each item now
  const posOf = (id: number) => {
    const at = t.offPage.has(id) ? undefined : positions.get(id);
    return at === undefined ? undefined : Math.max(0, at - t.shift);
  };
  const sorted = [...new Set(t.visible.map(posOf).filter((p) => p !== undefined))].sort((a, b) => a - b);
  const run = visibleRun(sorted);
  if (!run || run.count * 2 < new Set(t.visible).size) return none;
  // A run at the end of the list reads past it: VMs made elsewhere come there (the service lists the oldest
  // first), and a page past the end costs only what it holds.
  const last = run.last >= positions.size - 1 - t.shift ? run.last + run.count : run.last;
  const wanted = [...new Set([...t.urgent, ...t.visible])];
  const plan = (maxRequests: number) => {
    const pages = pagesFor(run.first, last, maxRequests);
    const [lo, hi] = planSpan(pages);
    const onPages = new Set(
      wanted.filter((id) => {
        const at = posOf(id);
        return at !== undefined && at >= lo && at <= hi;
      }),
    );
    return { pages, onPages };
  };
  let p = plan(Math.min(2, t.cap));
  const urgentLeft = t.urgent.filter((id) => !p.onPages.has(id));
  if (urgentLeft.length > 0 && p.pages.pages.length >= t.cap) {
    if (t.cap > 1) p = plan(t.cap - 1);
    else if (oldest(urgentLeft, t.lastRead) < oldest(p.onPages, t.lastRead)) {
      return { pages: undefined, onPages: [], singles: alone(p.onPages, 1) };
    }
  }
  return { pages: p.pages, onPages: [...p.onPages], singles: alone(p.onPages, t.cap - p.pages.pages.length) };
}

/** When the one of these read longest ago was read. */
function oldest(ids: Iterable<number>, lastRead: ReadonlyMap<number, number>): number {
  let min = Infinity;
  for (const id of ids) min = Math.min(min, lastRead.get(id) ?? -Infinity);
  return min;
}

/**
 * How much further on the list holds the items of these pages than the service put them (the median over the
 * items both hold): VMs deleted elsewhere before them since the last full load. The next pages are asked that
 * much earlier, so the rows on screen stay on them. Undefined when no page item is in the list.
 */
export function pageShift(
  positions: ReadonlyMap<number, number>,
  pages: readonly { offset: number; items: readonly { id: number }[] }[],
): number | undefined {
  const d: number[] = [];
  for (const p of pages) {
    p.items.forEach((item, i) => {
      const at = positions.get(item.id);
      if (at !== undefined) d.push(at - (p.offset + i));
    });
  }
  d.sort((a, b) => a - b);
  return d.length === 0 ? undefined : d[Math.floor(d.length / 2)];
}
