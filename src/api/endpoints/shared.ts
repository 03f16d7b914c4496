import { type Period, serviceDate } from '../../domain/billing-period.js';
import type { Ack } from '../schemas/common.js';

/** Every endpoint function takes an optional AbortSignal. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Query of the paginated lists (environments, key pairs, VMs, firewalls, snapshots). */
export interface ListOptions extends CallOptions {
  page?: number;
  pageSize?: number;
  search?: string;
}

/** One page of a list, with the pagination fields the service sent (null when it sent none). */
export interface Page<T> {
  items: T[];
  page: number | null;
  pageSize: number | null;
  count: number | null;
}

interface PaginationFields {
  page?: number | null;
  page_size?: number | null;
  count?: number | null;
}

export function toPage<T>(items: T[], r: PaginationFields): Page<T> {
  return { items, page: r.page ?? null, pageSize: r.page_size ?? null, count: r.count ?? null };
}

/** Envelope-only answers (deletes, actions): the service's message is all there is to show. */
export function ackMessage(r: Pick<Ack, 'message'>): string {
  return r.message ?? '';
}

/** The query of a paginated list; the service's parameter is `pageSize` (camel case). */
export function listQuery(o: ListOptions | undefined) {
  return { page: o?.page, pageSize: o?.pageSize, search: o?.search };
}

/** The query of a period (billing history, graphs, events): its ends as the service writes dates. */
export const periodQuery = (p: Period) => ({
  start_date: serviceDate(p.start),
  end_date: serviceDate(p.end),
});

/** A name-availability answer: free or not, and the service's words. */
export function availability(r: { available: boolean; message?: string | null }): {
  available: boolean;
  message: string;
} {
  return { available: r.available, message: r.message ?? '' };
}
