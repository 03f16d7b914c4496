/**
 * A big list's partial refresh, whole in the engine: which ids matter, the single reads (a 404 is "gone"), the
 * pages, and how they are laid over the list. A resource declares only its reads (state/resources.ts).
 */
import { ApiError } from '../../api/errors.js';
import { mergeById, positionsOf } from './merge-by-id.js';
import { mergePages, type PageRead } from './merge-page.js';
import type { PartialRefresh } from './poller.js';

/** One page as the service answered it: where it starts comes from what it says (it may cap the size asked). */
export interface PageAnswer<T> {
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  items: readonly T[];
}

export interface ListReads<T extends { id: number }> {
  /** Items changing state or with an action under way: read first. */
  urgent(list: readonly T[]): readonly number[];
  /** The ids on screen. */
  visible(): readonly number[];
  /** One item by id (a 404 means it is gone). */
  readOne(id: number, signal: AbortSignal): Promise<T>;
  /** One page, numbered from 1, of a list held in the service's order; without it, items are read one by one. */
  readPage?(page: number, pageSize: number, signal: AbortSignal): Promise<PageAnswer<T>>;
}

export function listRefresh<T extends { id: number }>(r: ListReads<T>): PartialRefresh<T[]> {
  const { readPage } = r;
  return {
    ids: (list) => ({ urgent: r.urgent(list), visible: r.visible() }),
    readOne: (id, signal) => r.readOne(id, signal).catch(goneAsUndefined),
    ...(readPage
      ? {
          pages: {
            positions: (list) => positionsOf(list),
            read: (page, pageSize, signal) =>
              readPage(page, pageSize, signal).then((p) => ({
                offset: ((p.page ?? page) - 1) * (p.pageSize ?? pageSize),
                items: p.items,
              })),
          },
        }
      : {}),
    merge: (list, read, o) =>
      mergePages(mergeById(list, read, o), (o?.pages ?? []) as readonly PageRead<T>[]),
  };
}

/** A single read answered 404: the object is gone (undefined); any other failure stays a failure. */
function goneAsUndefined(e: unknown): undefined {
  if (e instanceof ApiError && e.status === 404) return undefined;
  throw e;
}
