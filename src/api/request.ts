import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call to the service, as an endpoint function describes it. The transport does the rest. */
export interface RequestSpec<S extends z.ZodType> {
  method: HttpMethod;
  /** Path below the base URL, starting with '/', path parameters already filled in (encoded). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body; when present `content-type: application/json` is sent. */
  body?: unknown;
  /** Validates the whole response body (envelope included). */
  schema: S;
  /**
   * Safe to send again on a network error, timeout, 429 or 5xx. Only true for pure reads:
   * VM actions (start, stop, hard-reboot, hibernate, restore) are GETs but are NOT retryable.
   */
  retry?: boolean;
  signal?: AbortSignal;
}

/** The one thing endpoint functions depend on: send a request, get a validated body back or an ApiError. */
export interface Transport {
  request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>>;
}

/** Encodes one path segment (ids from the user are never trusted to be plain). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
