/**
 * The REQUEST side of the OpenAPI validator (test/support/openapi.ts): what the app sends — its JSON body, its query
 * and its path parameters — checked at run time against the CORRECTED document (test/fixtures/spec/corrections.ts),
 * the same document the request types (src/api/openapi.gen.ts) are generated from. Stricter than the response side:
 * no null rule (the generated types forbid null where the document does not declare it) and no property the
 * document does not declare (the types' NoExtra forbids one too). Test-only: nothing of it is in the bundle.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

/** What a request carries besides its method and path. */
export interface SentRequest {
  /** The query as sent (text on the wire): a URLSearchParams or a plain record. */
  query?: URLSearchParams | Readonly<Record<string, string | number | boolean | undefined>>;
  /** The parsed JSON body, or undefined when none was sent. */
  body?: unknown;
}

/** What createOpenApiValidator hands the request side: its compiled world. */
export interface RequestContext {
  ajv: Ajv;
  /** The document's schema `root` as self-contained JSON Schema (strict: no null rule, no extra property). */
  build(root: unknown): JsonObject;
  /** Readable messages for ajv's errors. */
  format(errors: readonly ErrorObject[], operationId: string): string[];
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A query or path value (text) as the type its schema declares, so ajv checks the value, not its spelling. */
function fromText(values: readonly string[], schema: unknown): unknown {
  const type = isObject(schema) ? schema.type : undefined;
  if (type === 'array') {
    const items = isObject(schema) ? schema.items : undefined;
    return values.flatMap((v) => v.split(',')).map((v) => fromText([v], items));
  }
  const v = values[values.length - 1] ?? '';
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (type === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  return v;
}

/** The query as name → every value sent under it. */
function queryEntries(query: SentRequest['query']): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!query) return out;
  const pairs: [string, string][] =
    query instanceof URLSearchParams
      ? [...query.entries()]
      : Object.entries(query).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, String(v)] as [string, string]],
        );
  for (const [k, v] of pairs) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}

/** The request validation of one operation (compiled lazily, once). */
export function requestChecker(ctx: RequestContext) {
  const cache = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: unknown): ValidateFunction => {
    let v = cache.get(key);
    if (!v) {
      v = ctx.ajv.compile(ctx.build(schema));
      cache.set(key, v);
    }
    return v;
  };
  const check = (key: string, schema: unknown, value: unknown, at: string, operationId: string): string[] => {
    const validate = compile(key, schema);
    if (validate(value)) return [];
    return ctx.format(validate.errors ?? [], operationId).map((e) => `${at} ${e}`);
  };

  /** Errors of a request to `op` (the document's operation object); [] when it follows the corrected document. */
  return function validate(
    op: JsonObject,
    operationId: string,
    pathParams: Readonly<Record<string, string>>,
    sent: SentRequest,
  ): string[] {
    const errors: string[] = [];
    const params = (Array.isArray(op.parameters) ? op.parameters : []).filter(
      isObject,
    ) as unknown as Parameter[];

    for (const p of params.filter((x) => x.in === 'path')) {
      const value = pathParams[p.name];
      if (value === undefined) continue;
      errors.push(
        ...check(
          `${operationId} path ${p.name}`,
          p.schema ?? {},
          fromText([value], p.schema),
          `path ${p.name}:`,
          operationId,
        ),
      );
    }

    const query = queryEntries(sent.query);
    const declared = params.filter((x) => x.in === 'query');
    for (const [name, values] of query) {
      const p = declared.find((x) => x.name === name);
      if (!p) {
        errors.push(
          `query: parameter "${name}" is not declared (declared: ${declared.map((x) => x.name).join(', ') || 'none'})`,
        );
        continue;
      }
      errors.push(
        ...check(
          `${operationId} query ${name}`,
          p.schema ?? {},
          fromText(values, p.schema),
          `query ${name}:`,
          operationId,
        ),
      );
    }
    for (const p of declared)
      if (p.required && !query.has(p.name)) errors.push(`query: required parameter "${p.name}" is missing`);

    const requestBody = isObject(op.requestBody) ? op.requestBody : undefined;
    const content = requestBody && isObject(requestBody.content) ? requestBody.content : undefined;
    const json = content?.['application/json'];
    if (sent.body === undefined) {
      if (requestBody?.required === true) errors.push('body: the operation requires a body; none was sent');
    } else if (!isObject(json)) {
      errors.push(
        content
          ? `body: a JSON body was sent; the operation takes ${Object.keys(content).join(', ')}`
          : 'body: a body was sent; the operation takes none',
      );
    } else {
      errors.push(...check(`${operationId} body`, json.schema ?? {}, sent.body, 'body', operationId));
    }
    return errors;
  };
}
