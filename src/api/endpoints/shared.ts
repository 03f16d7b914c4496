import type { z } from 'zod';
import { type Period, serviceDate } from '../../domain/billing-period.js';
import type { RequestSpec, Transport } from '../request.js';
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
export function ackMessage(r: Ack): string {
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

/** A read: retried on a network error, a timeout, 429 or 5xx. */
export function read<S extends z.ZodType>(
  t: Transport,
  path: string,
  schema: S,
  o?: CallOptions,
  query?: RequestSpec<S>['query'],
): Promise<z.output<S>> {
  return t.request({ method: 'GET', path, query, schema, retry: true, signal: o?.signal });
}

/** A change asked of the service: never sent twice by the client. */
export function write<S extends z.ZodType>(
  t: Transport,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  path: string,
  schema: S,
  body?: unknown,
  o?: CallOptions,
  query?: RequestSpec<S>['query'],
): Promise<z.output<S>> {
  return t.request({ method, path, query, body, schema, retry: false, signal: o?.signal });
}

/** A name-availability answer: free or not, and the service's words. */
export function availability(r: { available: boolean; message?: string | null }): {
  available: boolean;
  message: string;
} {
  return { available: r.available, message: r.message ?? '' };
}
