/** Reading requests as the service does: 400 naming the field when it is missing or of the wrong type. */
import { type RouteDef, SimError, type SimReply, type SimRequest } from '../route.js';
import { invalid } from '../world/errors.js';

export type Body = Record<string, unknown>;

export function body(req: SimRequest): Body {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) {
    throw invalid('The request body must be a JSON object.');
  }
  return b as Body;
}

function missing(b: Body, field: string): boolean {
  return b[field] === undefined || b[field] === null;
}

export function reqStr(b: Body, field: string, max?: number): string {
  if (missing(b, field)) throw invalid(`${field} is required.`);
  return optStr(b, field, max)!;
}

export function optStr(b: Body, field: string, max?: number): string | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (typeof v !== 'string') throw invalid(`${field} must be a string.`);
  if (max !== undefined && v.length > max) {
    throw invalid(`${field} must be at most ${max} characters (got ${v.length}).`);
  }
  return v;
}

export function reqInt(b: Body, field: string, min?: number, max?: number): number {
  if (missing(b, field)) throw invalid(`${field} is required.`);
  return optInt(b, field, min, max)!;
}

export function optInt(b: Body, field: string, min?: number, max?: number): number | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid(`${field} must be an integer.`);
  if (min !== undefined && v < min) throw invalid(`${field} must be at least ${min}.`);
  if (max !== undefined && v > max) throw invalid(`${field} must be at most ${max}.`);
  return v;
}

export function optBool(b: Body, field: string): boolean | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (typeof v !== 'boolean') throw invalid(`${field} must be a boolean.`);
  return v;
}

export function optStrArray(b: Body, field: string): string[] | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    throw invalid(`${field} must be an array of strings.`);
  }
  return v as string[];
}

export function reqObject(b: Body, field: string): Body {
  if (missing(b, field)) throw invalid(`${field} is required.`);
  const v = b[field];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(`${field} must be an object.`);
  return v as Body;
}

/** An integer path parameter (`:id`, `:vm_id` …). */
export function idParam(req: SimRequest, name = 'id'): number {
  const raw = req.params[name] ?? '';
  if (!/^\d{1,12}$/.test(raw)) throw invalid(`${name} must be an integer (got "${raw}").`);
  return Number(raw);
}

/** An optional positive integer query parameter. */
export function queryInt(req: SimRequest, name: string): number | undefined {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw invalid(`${name} must be a positive integer.`);
  return Number(raw);
}

export function ok(message: string, payload: Record<string, unknown> = {}, status?: number): SimReply {
  const reply: SimReply = { body: { status: true, message, ...payload } };
  if (status !== undefined) reply.status = status;
  return reply;
}

export interface Page<T> {
  items: T[];
  count: number;
  page: number;
  pageSize: number;
}

/**
 * `page`/`pageSize` from the query (1-based; pageSize alone means page 1, page alone means 20 per page).
 * Without either, everything is returned as one page. Never copies more than the page.
 */
export function paginate<T>(req: SimRequest, all: T[]): Page<T> {
  const page = queryInt(req, 'page');
  const size = queryInt(req, 'pageSize') ?? queryInt(req, 'per_page');
  if (page === undefined && size === undefined) {
    return { items: all, count: all.length, page: 1, pageSize: all.length };
  }
  const p = page ?? 1;
  const s = size ?? 20;
  return { items: all.slice((p - 1) * s, p * s), count: all.length, page: p, pageSize: s };
}

export function pageFields(p: Page<unknown>): Record<string, number> {
  return { count: p.count, page: p.page, page_size: p.pageSize };
}

/**
 * The official document lists the HTTP statuses of every operation. Some operations document no 404 and/or no
 * 409 (e.g. Get_snapshot: 200, 400, 401, 500; Update_environment: no 409), so the service reports an unknown id
 * or a clash there as 400 Bad Request. This wraps such a handler: a refusal with one of `statuses` keeps its
 * message and `error_reason` and is answered with 400. (service-api.md: "HTTP status codes: not shown".)
 */
export function refusedAs400(statuses: readonly number[], handle: RouteDef['handle']): RouteDef['handle'] {
  return (req, world) => {
    try {
      return handle(req, world);
    } catch (e) {
      if (e instanceof SimError && statuses.includes(e.status)) throw new SimError(400, e.reason, e.message);
      throw e;
    }
  };
}
