import { ApiError } from '../errors.js';
import type { Page } from './shared.js';

export interface CollectOptions {
  /**
   * Items asked per page. Without it the first request carries no paging at all, so a service that sends the
   * whole list costs one request per refresh (10,000 VMs in 200s would be 50 requests, a third of the minute's
   * budget); pages are then followed only if the answer says there are more, at the size the service chose.
   */
  pageSize?: number;
  /** Hard stop so a misbehaving service cannot loop us forever (default 100 pages). */
  maxPages?: number;
  signal?: AbortSignal;
}

/**
 * Follows pages until the list is complete: `count` reached, a short or empty page, a page without pagination
 * fields (the service does not paginate and sent everything), or a page with nothing new (the service ignores
 * `page`). Bounded by `maxPages`; the signal is checked between pages.
 */
export async function collectPages<T extends { id: number }>(
  fetchPage: (
    page: number | undefined,
    pageSize: number | undefined,
    signal: AbortSignal | undefined,
  ) => Promise<Page<T>>,
  where: { path: string },
  opts: CollectOptions = {},
): Promise<T[]> {
  let pageSize = opts.pageSize;
  const maxPages = opts.maxPages ?? 100;
  const seen = new Set<number>();
  const out: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    if (opts.signal?.aborted) throw new ApiError({ kind: 'aborted', method: 'GET', path: where.path });
    // First request without paging unless a size was asked for (see CollectOptions.pageSize).
    const unpaged = page === 1 && pageSize === undefined;
    const p = await fetchPage(unpaged ? undefined : page, pageSize, opts.signal);
    if (unpaged) pageSize = p.pageSize ?? p.items.length;
    let added = 0;
    for (const item of p.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
      added++;
    }
    if (p.page === null && p.count === null) break;
    if (added === 0) break;
    if (p.count !== null) {
      if (out.length >= p.count) break;
      // with a count we keep going on a short page: the service may cap the page size below what we asked
      continue;
    }
    if (p.items.length < (p.pageSize ?? pageSize ?? 0)) break;
  }
  return out;
}
