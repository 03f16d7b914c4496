/**
 * Validates JSON responses against the OFFICIAL Hyperstack OpenAPI document (OpenAPI 3.0.1), the copy kept in
 * test/fixtures/spec/ (where it came from: test/fixtures/spec/README.md).
 *
 * - `loadOpenApi()` returns undefined only for a path that does not exist; `openApi()` is the repository's copy.
 * - OpenAPI 3.0 schemas are converted to JSON Schema for ajv (nullable, $ref, OpenAPI-only keywords, formats).
 * - Schemas are converted and compiled lazily, once per operation + status, and cached: the document is large.
 * - The parsed YAML is cached as JSON in the OS temp directory, keyed by a hash of the file's content
 *   (YAML parsing of the 660 KB document costs ~0.3-0.5 s; reading the cached JSON costs ~10 ms).
 * - THE NULL RULE (below): null is accepted for a property that its object schema does not list as `required`
 *   (`nullForOptional: false` turns it off).
 * - `noExtraProperties` also reports any property the document does not declare.
 * - THE CORRECTIONS: the document's mistakes are corrected in one list, test/fixtures/spec/corrections.ts (with
 *   the evidence for each), applied as the document is loaded (`readDocument` gives it as published). Nothing else
 *   is tolerated by default; `allow` / `allowStatus` name a deviation a test needs, and KNOWN_UNDOCUMENTED_ROUTES
 *   lists the routes the simulator serves that the document lacks.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { applyCorrections } from '../fixtures/spec/corrections.js';
import { requestChecker, type SentRequest } from './openapi-request.js';

/** The repository's copy of the provider's OpenAPI document (override with HYPERSTACK_OPENAPI). */
export const DEFAULT_OPENAPI_PATH: string =
  process.env.HYPERSTACK_OPENAPI ??
  fileURLToPath(new URL('../fixtures/spec/hyperstack-openapi.yaml', import.meta.url));

// ---------------------------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------------------------

/**
 * A documented disagreement between the official document and the real service. An error is dropped when its
 * instance path matches `path` (and the other conditions hold).
 *
 * `path`: a JSON pointer into the body as ajv reports it, with the missing/extra property appended for
 * `required`/`additionalProperties` errors. A string matches exactly, except that a segment that is exactly `*`
 * matches any one segment (e.g. array indices); a string starting with `^` is a regular expression source; a
 * RegExp is tested as is.
 */
export interface Deviation {
  path: string | RegExp;
  reason: string;
  /** Only for this operation (operationId of the document, e.g. `List_payment_details`). */
  operationId?: string;
  /** Only when the actual value is null (the service sends null where the document declares a plain type). */
  onlyNull?: boolean;
  /**
   * Only when the actual value (the parent object for `required` / `additionalProperties` errors) passes this
   * check, given the error's path too: keeps a deviation as narrow as the real service's shape.
   */
  when?: (value: unknown, path: string) => boolean;
}

export interface ValidateOptions {
  /** Deviations to tolerate. Default: KNOWN_DEVIATIONS. Replaces the default when given (`[]` = no deviation). */
  allow?: readonly Deviation[];
  /**
   * The null rule (see NULL RULE below): null is accepted for a property its object schema does not list as
   * `required`. Default true; false validates nulls exactly as the document declares them (it declares no
   * `nullable` at all, so every null is then an error).
   */
  nullForOptional?: boolean;
  /**
   * Also report a property the document does not declare (every object schema that lists `properties` is read as
   * `additionalProperties: false`; one with no property listed, like `features: {}`, stays free-form). The document
   * never forbids extra properties itself, so without this a body may carry anything besides what it declares.
   * Default false.
   */
  noExtraProperties?: boolean;
  /** Statuses to tolerate beyond the document's. Default: KNOWN_STATUS_DEVIATIONS (`[]` = none). */
  allowStatus?: readonly StatusDeviation[];
}

export interface OperationMatch {
  /** The document's path template, e.g. `/core/virtual-machines/{vm_id}/start`. */
  template: string;
  operationId: string;
  /** Values of the template's parameters, decoded. */
  params: Record<string, string>;
}

export interface OpenApiValidator {
  /** Absolute file the document was read from (or `<memory>`). */
  readonly file: string;
  /** Time spent reading + parsing the document, in milliseconds. */
  readonly loadMs: number;
  /**
   * The operation for `method` + a concrete path below /v1 (`/core/virtual-machines/12/start`; a full URL or a
   * path starting with /v1 is accepted too; the query string is ignored). Literal segments win over parameters
   * (`/core/clusters/versions` over `/core/clusters/{id}`).
   */
  findOperation(method: string, concretePath: string): OperationMatch | undefined;
  /**
   * Readable error messages for a response; [] means valid. An undocumented operation or status is itself an
   * error, except a status covered by a `default` (or `4XX`-style) response.
   */
  validateResponse(
    method: string,
    concretePath: string,
    status: number,
    body: unknown,
    options?: ValidateOptions,
  ): string[];
  /**
   * Readable error messages for a REQUEST (its path parameters, query and JSON body) against the corrected
   * document, strictly: no null rule, no undeclared property (test/support/openapi-request.ts); [] means valid.
   */
  validateRequest(method: string, concretePath: string, sent: SentRequest): string[];
}

// ---------------------------------------------------------------------------------------------------------------
// THE NULL RULE
//
// The official document declares `nullable` nowhere (not once in 660 KB), yet the real service sends null for
// absent optional values, and service-api.md says so field by field: a flavor's `display_name`, an image's
// `description`, a VM's `contract_id` ("integer or null"), stock `planned_*_days` ("null means no data"),
// discount `discount_amount` / `discount_percent` / `discount_code` / `validity_days`, usage `bill_per_minute`
// ("null when the resource is terminated"), payment records ("Several of these may be null"). Those fields show
// that the service serialises an absent value as null rather than omitting the key, so the same holds where
// service-api.md is silent: a VM without a public IP has `floating_ip` null, one without a callback
// `callback_url` null, an OpenStack security rule for `icmp` / `any` has `port_range_min` / `port_range_max`
// null (OpenStack Neutron stores no port range for them), a usage record of a running resource has
// `terminate_time` null, a member who never logged in has `last_login` null. Listing each of these would take
// hundreds of entries (one per field and path) that all say the same thing.
//
// So, one rule instead: null is accepted for a property that its object schema does NOT list as `required`
// (implemented in convertSchema as `anyOf: [<declared schema>, {type: null}]`; the null branch's errors are
// dropped, so a wrong value reads exactly as in the strict check). It does NOT swallow:
// - a non-null value of the wrong type ("7" for an integer, an object for a string, a value outside an enum);
// - null in a property the schema lists as `required` (a required property may not be null);
// - a missing required property; an unknown status code; null as an array item or as the whole body.
// test/unit/openapi-harness.test.ts proves each of these.
// ---------------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------------
// DEVIATIONS: THE ONE PLACE where the simulator (and the real service it imitates) is allowed to differ from the
// official document. Everything else the simulator sends is exactly what the document declares (with the null
// rule), and test/contract/openapi-conformance.test.ts checks every operation the simulator serves with
// `noExtraProperties`, so an undeclared property, an undocumented status or a wrong type anywhere fails.
// ---------------------------------------------------------------------------------------------------------------

/**
 * The document's mistakes are corrected in ONE list, test/fixtures/spec/corrections.ts (with the evidence for each),
 * applied to the document as it is loaded: nothing is tolerated here by default any more. `allow` remains for a
 * test that needs to name a deviation of its own.
 */
export const KNOWN_DEVIATIONS: readonly Deviation[] = [];

/** A route the simulator serves that the document does not have. */
export interface RouteDeviation {
  method: string;
  /** The simulator's route path (`/core/virtual-machines/:vm_id/snapshots/:snapshot_id`). */
  path: string;
  reason: string;
}

export const KNOWN_UNDOCUMENTED_ROUTES: readonly RouteDeviation[] = [
  {
    method: 'DELETE',
    path: '/core/virtual-machines/:vm_id/snapshots/:snapshot_id',
    reason:
      'the provider\'s snapshot guide and service-api.md delete a snapshot "under /core/virtual-machines/"; the document only has DELETE /core/snapshots/{id} (which the client uses, and the simulator serves too)',
  },
];

/** An HTTP status the real service answers that the document does not list for the operation. */
export interface StatusDeviation {
  operationId: string;
  status: number;
  reason: string;
}

/** Statuses tolerated beyond the document's list, per operation: none (corrections.ts adds the real ones). */
export const KNOWN_STATUS_DEVIATIONS: readonly StatusDeviation[] = [];

// ---------------------------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

/** The parts of an OpenAPI 3.0 document this module reads. */
export interface OpenApiDocument {
  openapi?: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

const loaded = new Map<string, OpenApiValidator>();

/**
 * Loads the official document (default DEFAULT_OPENAPI_PATH). Undefined when the file does not exist. The result
 * is memoised per file for the process.
 */
export function loadOpenApi(file: string = DEFAULT_OPENAPI_PATH): OpenApiValidator | undefined {
  const hit = loaded.get(file);
  if (hit) return hit;
  if (!existsSync(file)) return undefined;
  const t0 = performance.now();
  const doc = applyCorrections(readDocument(file));
  const validator = createOpenApiValidator(doc, { file, loadMs: performance.now() - t0 });
  loaded.set(file, validator);
  return validator;
}

/** The official document, which the repository carries: its absence is a broken checkout, not a reason to skip. */
export function openApi(): OpenApiValidator {
  const validator = loadOpenApi();
  if (!validator) throw new Error(`the OpenAPI document is missing at ${DEFAULT_OPENAPI_PATH}`);
  return validator;
}

/** The document as the provider published it (parsed once, cached as JSON), before the corrections. */
export function readDocument(file: string = DEFAULT_OPENAPI_PATH): OpenApiDocument {
  const raw = readFileSync(file);
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 24);
  const cacheDir = join(tmpdir(), 'hyperstack-tui-openapi-cache');
  const cacheFile = join(cacheDir, `${hash}.json`);
  try {
    return checkDocument(JSON.parse(readFileSync(cacheFile, 'utf8')), file);
  } catch {
    // no cache yet (or unreadable): parse the YAML
  }
  const doc = checkDocument(parseYaml(raw.toString('utf8'), { maxAliasCount: -1 }), file);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, JSON.stringify(doc));
    renameSync(tmp, cacheFile); // atomic: parallel workers never read half a file
  } catch {
    // caching is an optimisation only
  }
  return doc;
}

function checkDocument(value: unknown, file: string): OpenApiDocument {
  if (!isObject(value) || !isObject(value.paths))
    throw new Error(`${file}: not an OpenAPI document (no paths)`);
  return value as unknown as OpenApiDocument;
}

// ---------------------------------------------------------------------------------------------------------------
// Validator
// ---------------------------------------------------------------------------------------------------------------

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

interface Template {
  template: string;
  segments: Array<{ literal: string } | { regex: RegExp; names: string[] }>;
  /** Per segment: 0 literal, 1 mixed, 2 parameter only. Lower sorts first. */
  rank: number[];
  operations: Map<string, { operationId: string; op: JsonObject }>;
}

interface Compiled {
  validate: ValidateFunction | undefined; // undefined: the response documents no JSON body
  label: string;
}

export function createOpenApiValidator(
  doc: OpenApiDocument,
  meta: { file?: string; loadMs?: number } = {},
): OpenApiValidator {
  const templates: Template[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    const operations = new Map<string, { operationId: string; op: JsonObject }>();
    for (const [m, op] of Object.entries(item)) {
      if (!METHODS.has(m) || !isObject(op)) continue;
      const operationId =
        typeof op.operationId === 'string' ? op.operationId : `${m.toUpperCase()} ${template}`;
      operations.set(m.toUpperCase(), { operationId, op });
    }
    const parts = template.split('/').filter((s) => s !== '');
    const segments: Template['segments'] = [];
    const rank: number[] = [];
    for (const part of parts) {
      if (!part.includes('{')) {
        segments.push({ literal: part });
        rank.push(0);
        continue;
      }
      const names: string[] = [];
      const source = part
        .split(/(\{[^}]+\})/)
        .map((piece) => {
          const m = /^\{([^}]+)\}$/.exec(piece);
          if (!m) return escapeRegex(piece);
          names.push(m[1] ?? '');
          return '([^/]+?)';
        })
        .join('');
      segments.push({ regex: new RegExp(`^${source}$`), names });
      rank.push(/^\{[^}]+\}$/.test(part) ? 2 : 1);
    }
    templates.push({ template, segments, rank, operations });
  }

  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    verbose: true,
    validateSchema: false,
    logger: false,
  });
  addFormats.default(ajv);
  // ISO 8601 as the service states it: the time-zone designator is optional (RFC 3339 would require it).
  ajv.addFormat('date-time', addFormats.default.get('iso-date-time'));
  // OpenAPI-only formats: documentation, never a constraint.
  for (const f of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(f, true);
  const knownFormats = new Set(Object.keys(ajv.formats));

  const components = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const cache = new Map<string, Compiled>();
  const errorModels = new Map<string, ValidateFunction>();

  function matchPath(method: string, concretePath: string) {
    const segs = toSegments(concretePath);
    let best: { t: Template; params: Record<string, string> } | undefined;
    let anyPath: Template | undefined;
    for (const t of templates) {
      if (t.segments.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length && ok; i++) {
        const seg = t.segments[i];
        const value = segs[i] ?? '';
        if (!seg) ok = false;
        else if ('literal' in seg) ok = seg.literal === value;
        else {
          const m = seg.regex.exec(value);
          if (!m) ok = false;
          else
            seg.names.forEach((n, k) => {
              params[n] = safeDecode(m[k + 1] ?? '');
            });
        }
      }
      if (!ok) continue;
      if (!anyPath || compareRank(t.rank, anyPath.rank) < 0) anyPath = t;
      if (!t.operations.has(method.toUpperCase())) continue;
      if (!best || compareRank(t.rank, best.t.rank) < 0) best = { t, params };
    }
    return { best, anyPath };
  }

  function findOperation(method: string, concretePath: string): OperationMatch | undefined {
    const { best } = matchPath(method, concretePath);
    if (!best) return undefined;
    const op = best.t.operations.get(method.toUpperCase());
    if (!op) return undefined;
    return { template: best.t.template, operationId: op.operationId, params: best.params };
  }

  function compiled(
    template: string,
    operationId: string,
    op: JsonObject,
    statusKey: string,
    nullForOptional: boolean,
    noExtraProperties: boolean,
  ): Compiled {
    const key = `${operationId} ${template} ${statusKey} ${nullForOptional ? 'null-rule' : 'strict-null'} ${noExtraProperties ? 'closed' : 'open'}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const responses = op.responses as JsonObject;
    let response = responses[statusKey];
    response = isObject(response) ? derefResponse(response, doc) : response;
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    const media = content
      ? (content['application/json'] ??
        Object.entries(content).find(([type]) => /json/i.test(type))?.[1] ??
        Object.values(content)[0])
      : undefined;
    const schema = isObject(media) ? media.schema : undefined;
    const result: Compiled = {
      validate:
        schema === undefined
          ? undefined
          : ajv.compile(
              buildSchema(schema, components, knownFormats, { nullForOptional, noExtraProperties }),
            ),
      label: `${operationId} ${statusKey}`,
    };
    cache.set(key, result);
    return result;
  }

  function validateResponse(
    method: string,
    concretePath: string,
    status: number,
    body: unknown,
    options: ValidateOptions = {},
  ): string[] {
    const M = method.toUpperCase();
    const where = `${M} ${stripToApiPath(concretePath)} → ${status}`;
    const { best, anyPath } = matchPath(M, concretePath);
    if (!best) {
      if (anyPath)
        return [
          `${where}: ${M} is not documented for ${anyPath.template} (documented: ${[...anyPath.operations.keys()].join(', ')})`,
        ];
      return [`${where}: no path of the document matches`];
    }
    const entry = best.t.operations.get(M);
    if (!entry) return [`${where}: ${M} is not documented`];
    const responses = isObject(entry.op.responses) ? entry.op.responses : {};
    const statusKey = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'].find(
      (k) => k in responses,
    );
    const allowed = (options.allowStatus ?? KNOWN_STATUS_DEVIATIONS).some(
      (d) => d.operationId === entry.operationId && d.status === status,
    );
    if (!statusKey && allowed) return errorShape(where, entry.operationId, body, options);
    if (!statusKey)
      return [
        `${where}: status ${status} is not documented for ${entry.operationId} (${M} ${best.t.template}; documented: ${Object.keys(responses).join(', ')})`,
      ];
    const c = compiled(
      best.t.template,
      entry.operationId,
      entry.op,
      statusKey,
      options.nullForOptional ?? true,
      options.noExtraProperties ?? false,
    );
    if (!c.validate || c.validate(body)) return [];
    const allow = options.allow ?? KNOWN_DEVIATIONS;
    return formatErrors(c.validate.errors ?? [], allow, entry.operationId).map(
      (e) => `${where} (${entry.operationId}, ${best.t.template}): ${e}`,
    );
  }

  /** A tolerated undocumented status: its body must be the document's error shape (ErrorResponseModel). */
  function errorShape(where: string, operationId: string, body: unknown, options: ValidateOptions): string[] {
    if (!('ErrorResponseModel' in components)) return [];
    const key = `ErrorResponseModel ${options.noExtraProperties ? 'closed' : 'open'}`;
    let validate = errorModels.get(key);
    if (!validate) {
      validate = ajv.compile(
        buildSchema({ $ref: '#/components/schemas/ErrorResponseModel' }, components, knownFormats, {
          nullForOptional: options.nullForOptional ?? true,
          noExtraProperties: options.noExtraProperties ?? false,
        }),
      );
      errorModels.set(key, validate);
    }
    if (validate(body)) return [];
    const allow = options.allow ?? KNOWN_DEVIATIONS;
    return formatErrors(validate.errors ?? [], allow, operationId).map(
      (e) => `${where} (${operationId}, undocumented status tolerated): ${e}`,
    );
  }

  const checkRequest = requestChecker({
    ajv,
    build: (root) => buildSchema(root, components, knownFormats, { noExtraProperties: true }),
    format: (errors, operationId) => formatErrors(errors, [], operationId),
  });

  function validateRequest(method: string, concretePath: string, sent: SentRequest): string[] {
    const M = method.toUpperCase();
    const where = `${M} ${stripToApiPath(concretePath)}`;
    const { best } = matchPath(M, concretePath);
    const entry = best?.t.operations.get(M);
    if (!best || !entry) return [`${where}: no operation of the document`];
    return checkRequest(entry.op, entry.operationId, best.params, sent).map(
      (e) => `${where} (${entry.operationId}): ${e}`,
    );
  }

  return {
    file: meta.file ?? '<memory>',
    loadMs: meta.loadMs ?? 0,
    findOperation,
    validateResponse,
    validateRequest,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// OpenAPI 3.0 schema → JSON Schema (draft-07 as ajv 8 reads it)
// ---------------------------------------------------------------------------------------------------------------

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;
/** OpenAPI-only or annotation keywords removed from every schema object. */
const DROP = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'deprecated',
  'nullable',
]);

export interface BuildOptions {
  /** THE NULL RULE: a property not listed in its object's `required` also accepts null. Default false here. */
  nullForOptional?: boolean;
  /** Objects that list properties accept no other (see ValidateOptions.noExtraProperties). Default false. */
  noExtraProperties?: boolean;
}

/**
 * A self-contained JSON Schema for `root`: every component it reaches (transitively) is converted and placed
 * under `definitions`, with `#/components/schemas/X` rewritten to `#/definitions/X`.
 */
export function buildSchema(
  root: unknown,
  components: Record<string, unknown>,
  knownFormats: ReadonlySet<string> = new Set(),
  options: BuildOptions = {},
): JsonObject {
  const definitions: JsonObject = {};
  const pending: string[] = [];
  const queued = new Set<string>();
  const refName = (ref: string): string => {
    const m = COMPONENT_REF.exec(ref);
    if (!m) throw new Error(`unsupported $ref ${ref} (only #/components/schemas/... is)`);
    const name = decodePointer(m[1] ?? '');
    if (!(name in components)) throw new Error(`$ref ${ref}: no such component schema`);
    if (!queued.has(name)) {
      queued.add(name);
      pending.push(name);
    }
    return `#/definitions/${encodeURIComponent(encodePointer(name))}`;
  };
  const ctx: Ctx = {
    refName,
    knownFormats,
    nullForOptional: options.nullForOptional ?? false,
    noExtraProperties: options.noExtraProperties ?? false,
  };
  const converted = convertSchema(root, ctx);
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    definitions[name] = convertSchema(components[name], ctx);
  }
  if (typeof converted === 'boolean') return converted ? {} : { not: {} };
  return Object.keys(definitions).length > 0 ? { ...converted, definitions } : converted;
}

interface Ctx {
  refName: (ref: string) => string;
  knownFormats: ReadonlySet<string>;
  nullForOptional: boolean;
  noExtraProperties: boolean;
}

/** `schema` or null, written so that formatErrors drops the null branch's noise (see isNullBranch). */
function orNull(schema: JsonObject | boolean): JsonObject | boolean {
  if (schema === true) return true;
  if (schema === false) return { type: 'null' };
  return { anyOf: [schema, { type: 'null' }] };
}

function convertSchema(schema: unknown, ctx: Ctx): JsonObject | boolean {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) return {};
  const nullable = schema.nullable === true;

  // $ref: siblings are ignored in OpenAPI 3.0, except that `nullable` is honoured as most tools do.
  if (typeof schema.$ref === 'string') {
    const ref: JsonObject = { $ref: ctx.refName(schema.$ref) };
    return nullable ? { anyOf: [ref, { type: 'null' }] } : ref;
  }

  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROP.has(key) || key.startsWith('x-')) continue;
    switch (key) {
      case 'properties':
      case 'patternProperties':
        if (isObject(value)) {
          const props: JsonObject = {};
          for (const [p, s] of Object.entries(value)) {
            const converted = convertSchema(s, ctx);
            // THE NULL RULE: only `properties` (a patternProperties name is never `required`).
            props[p] =
              ctx.nullForOptional && key === 'properties' && !required.has(p) ? orNull(converted) : converted;
          }
          out[key] = props;
        }
        break;
      case 'items':
      case 'additionalProperties':
      case 'not':
      case 'propertyNames':
      case 'contains':
        out[key] = Array.isArray(value) ? value.map((s) => convertSchema(s, ctx)) : convertSchema(value, ctx);
        break;
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        if (Array.isArray(value)) out[key] = value.map((s) => convertSchema(s, ctx));
        break;
      case 'format':
        if (typeof value === 'string' && ctx.knownFormats.has(value)) out.format = value;
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        // OpenAPI 3.0 (draft-04 style): a boolean modifying minimum/maximum.
        if (typeof value === 'number') out[key] = value;
        break;
      case 'readOnly':
      case 'writeOnly':
      case 'title':
      case 'description':
      case 'default':
        break; // annotations: no effect on validation
      default:
        out[key] = value as Json;
    }
  }
  if (
    ctx.noExtraProperties &&
    isObject(schema.properties) &&
    Object.keys(schema.properties).length > 0 &&
    schema.additionalProperties === undefined
  )
    out.additionalProperties = false;
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    out.exclusiveMinimum = schema.minimum;
    delete out.minimum;
  }
  if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') {
    out.exclusiveMaximum = schema.maximum;
    delete out.maximum;
  }

  if (!nullable) return out;
  // nullable: true
  if (out.allOf || out.anyOf || out.oneOf || out.not) return { anyOf: [out, { type: 'null' }] };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

function formatErrors(
  errors: readonly ErrorObject[],
  allow: readonly Deviation[],
  operationId: string,
): string[] {
  // A nullable composite is `anyOf: [X, {type: null}]`: when X fails, its own errors say why; drop the noise of
  // the null branch and the anyOf summary.
  const relevant = errors.filter((e) => {
    if (isNullBranch(e)) return false;
    if (e.keyword === 'anyOf')
      return !errors.some(
        (o) => o.keyword !== 'anyOf' && !isNullBranch(o) && o.instancePath.startsWith(e.instancePath),
      );
    return true;
  });
  const out: string[] = [];
  const seen = new Set<string>();
  for (const e of relevant) {
    const path = errorPath(e);
    if (allow.some((d) => deviationMatches(d, path, e, operationId))) continue;
    const message = describe(e, path);
    if (seen.has(message)) continue;
    seen.add(message);
    out.push(message);
  }
  return out;
}

function isNullBranch(e: ErrorObject): boolean {
  return e.keyword === 'type' && e.params.type === 'null';
}

/** The instance path, plus the property a required / additionalProperties error is about. */
function errorPath(e: ErrorObject): string {
  if (e.keyword === 'required') return `${e.instancePath}/${encodePointer(String(e.params.missingProperty))}`;
  if (e.keyword === 'additionalProperties')
    return `${e.instancePath}/${encodePointer(String(e.params.additionalProperty))}`;
  return e.instancePath;
}

function describe(e: ErrorObject, path: string): string {
  const at = path === '' ? '(body)' : path;
  switch (e.keyword) {
    case 'required':
      return `${at}: required property "${String(e.params.missingProperty)}" is missing`;
    case 'additionalProperties':
      return `${at}: property "${String(e.params.additionalProperty)}" is not allowed`;
    case 'type': {
      const t = Array.isArray(e.params.type) ? e.params.type.join(',') : String(e.params.type);
      return `${at}: must be ${t.split(',').join(' or ')}, got ${show(e.data)}`;
    }
    case 'enum':
      return `${at}: must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${show(e.data)}`;
    default:
      return `${at}: ${e.message ?? e.keyword}, got ${show(e.data)}`;
  }
}

function show(value: unknown): string {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length > 60) text = `${text.slice(0, 57)}...`;
  return kind === 'null' ? 'null' : `${kind} ${text}`;
}

function deviationMatches(d: Deviation, path: string, e: ErrorObject, operationId: string): boolean {
  if (d.operationId !== undefined && d.operationId !== operationId) return false;
  if (d.onlyNull && !(e.keyword === 'type' && e.data === null)) return false;
  if (d.when && !d.when(e.data, path)) return false;
  return pathMatches(d.path, path);
}

/** See Deviation.path. Exported for the harness test. */
export function pathMatches(pattern: string | RegExp, path: string): boolean {
  if (pattern instanceof RegExp) return pattern.test(path);
  if (pattern.startsWith('^')) return new RegExp(pattern).test(path);
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((w, i) => {
    const g = got[i] ?? '';
    if (w === '*') return true;
    if (w.startsWith('^')) return new RegExp(w).test(g);
    return w === g;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function derefResponse(response: JsonObject, doc: OpenApiDocument): JsonObject {
  const ref = response.$ref;
  if (typeof ref !== 'string') return response;
  const m = /^#\/components\/responses\/(.+)$/.exec(ref);
  const target = m ? doc.components?.responses?.[decodePointer(m[1] ?? '')] : undefined;
  if (!isObject(target)) throw new Error(`unresolvable response $ref ${ref}`);
  return target;
}

/** `/core/x` from `/core/x`, `/v1/core/x?y=1` or `http://host:1/v1/core/x`. */
function stripToApiPath(p: string): string {
  let path = p;
  if (/^[a-z]+:\/\//i.test(path)) path = new URL(path).pathname;
  path = path.split(/[?#]/)[0] ?? '';
  if (path === '/v1' || path.startsWith('/v1/')) path = path.slice(3);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.startsWith('/') ? path : `/${path}`;
}

function toSegments(p: string): string[] {
  return stripToApiPath(p)
    .split('/')
    .filter((s) => s !== '');
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function encodePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function decodePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}
