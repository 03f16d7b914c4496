import { seg } from '../request.js';
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

/** A path under one VM: `/core/virtual-machines/{id}/{rest}`. */
export const vmPath = (id: number, rest: string) => `/core/virtual-machines/${seg(id)}/${rest}`;

/** The query of a paginated list; the service's parameter is `pageSize` (camel case). */
export function listQuery(o: ListOptions | undefined) {
  return { page: o?.page, pageSize: o?.pageSize, search: o?.search };
}
