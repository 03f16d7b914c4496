/**
 * Reading requests as the service does: a 400 that names the field. A field missing or of the wrong type fails the
 * operation's payload schema (`{"errors": {field: "…"}, "message": "Input payload validation failed"}`); a value
 * out of its field's bounds fails the field's rule (`{"status": false, "errors": {field: ["…"]}}`).
 */
import { type RouteDef, SimError, type SimReply, type SimRequest } from '../route.js';
import { fieldInvalid, invalid } from '../world/errors.js';

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

/** The payload schema's refusals, worded as the service's validator words them. */
function required(field: string): SimError {
  return fieldInvalid(field, `'${field}' is a required property`, 'payload');
}

function notOfType(field: string, value: unknown, type: string): SimError {
  const shown = JSON.stringify(value) ?? String(value);
  const text = shown.length > 40 ? `${shown.slice(0, 39)}…` : shown;
  return fieldInvalid(field, `${text} is not of type '${type}'`, 'payload');
}

export function reqStr(b: Body, field: string, max?: number): string {
  if (missing(b, field)) throw required(field);
  return optStr(b, field, max)!;
}

export function optStr(b: Body, field: string, max?: number): string | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (typeof v !== 'string') throw notOfType(field, v, 'string');
  if (max !== undefined && v.length > max) throw fieldInvalid(field, `Longer than maximum length ${max}.`);
  return v;
}

export function reqInt(b: Body, field: string, min?: number, max?: number): number {
  if (missing(b, field)) throw required(field);
  return optInt(b, field, min, max)!;
}

export function optInt(b: Body, field: string, min?: number, max?: number): number | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (typeof v !== 'number' || !Number.isInteger(v)) throw notOfType(field, v, 'integer');
  if (min !== undefined && v < min) throw fieldInvalid(field, `Must be greater than or equal to ${min}.`);
  if (max !== undefined && v > max) throw fieldInvalid(field, `Must be less than or equal to ${max}.`);
  return v;
}

export function reqBool(b: Body, field: string): boolean {
  if (missing(b, field)) throw required(field);
  return optBool(b, field)!;
}

export function optBool(b: Body, field: string): boolean | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (typeof v !== 'boolean') throw notOfType(field, v, 'boolean');
  return v;
}

export function optStrArray(b: Body, field: string): string[] | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (!Array.isArray(v)) throw notOfType(field, v, 'array');
  const bad = v.find((x) => typeof x !== 'string');
  if (bad !== undefined) throw notOfType(field, bad, 'string');
  return v as string[];
}

export function optIntArray(b: Body, field: string): number[] | undefined {
  if (missing(b, field)) return undefined;
  const v = b[field];
  if (!Array.isArray(v)) throw notOfType(field, v, 'array');
  const bad = v.find((x) => typeof x !== 'number' || !Number.isInteger(x));
  if (bad !== undefined) throw notOfType(field, bad, 'integer');
  return v as number[];
}

export function reqIntArray(b: Body, field: string): number[] {
  if (missing(b, field)) throw required(field);
  return optIntArray(b, field)!;
}

export function reqObject(b: Body, field: string): Body {
  if (missing(b, field)) throw required(field);
  const v = b[field];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw notOfType(field, v, 'object');
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

/** How a paginated list answers: its message, the key of its items, each item's JSON, the name `search` matches. */
export interface PageAnswer<T> {
  message: string;
  key: string;
  json: (item: T) => unknown;
  /** Given, the query's `search` keeps the items whose name holds it (any case). */
  name?: (item: T) => string;
}

/** A paginated list's answer: one page of `all` (searched by name where the list is), and the page's fields. */
export function pageOk<T>(req: SimRequest, all: T[], a: PageAnswer<T>): SimReply {
  const q = req.query.get('search')?.toLowerCase();
  const name = a.name;
  const p = paginate(req, q && name ? all.filter((x) => name(x).toLowerCase().includes(q)) : all);
  return ok(a.message, {
    [a.key]: p.items.map((x) => a.json(x)),
    count: p.count,
    page: p.page,
    page_size: p.pageSize,
  });
}

/**
 * The official document lists the HTTP statuses of every operation. Some operations document no 404 and/or no
 * 409 (e.g. Get_snapshot: 200, 400, 401, 500; Update_environment: no 409), so the service reports an unknown id
 * or a clash there as 400 Bad Request. This wraps such a handler: a refusal with one of `statuses` keeps its
 * message and is answered as a 400 `bad_request`. (service-api.md: "HTTP status codes: not shown".)
 */
export function refusedAs400(statuses: readonly number[], handle: RouteDef['handle']): RouteDef['handle'] {
  return (req, world) => {
    try {
      return handle(req, world);
    } catch (e) {
      if (e instanceof SimError && statuses.includes(e.status))
        throw new SimError(400, 'bad_request', e.message, e.fields);
      throw e;
    }
  };
}
