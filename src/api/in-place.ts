import type { z } from 'zod';

/**
 * Validation without the copy. zod's `parse` rebuilds every object it checks, so a 10,000-VM list (16 MB of JSON)
 * existed twice at once, and the copy was garbage a refresh later. This checks the freshly parsed JSON where it
 * lies and keeps it: loose objects, arrays, optional/nullable and plain strings, numbers and booleans are checked
 * here; any other schema (a union, a transform, a refinement, a strict object …) is handed to zod for that value
 * alone and its output put in place (so `num`'s "16.0" → 16 still happens). When anything fails, the caller runs
 * zod on the whole value for its error, so errors read exactly as before.
 *
 * The value is changed in place (transformed fields), so pass only data nobody else holds (JSON.parse's output).
 */

/** Returns the value (the same one unless transformed) or FAIL; allocates nothing per value. */
type Check = (v: unknown) => unknown;
const FAIL: unique symbol = Symbol('invalid');
export type Result = { ok: true; value: unknown } | { ok: false };
const cache = new WeakMap<z.ZodType, Check>();

interface Def {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The value, validated and transformed in place, or `{ ok: false }` (then ask zod for the error). */
export function validateInPlace<S extends z.ZodType>(schema: S, value: unknown): Result {
  const out = checkerOf(schema)(value);
  return out === FAIL ? { ok: false } : { ok: true, value: out };
}

function checkerOf(schema: z.ZodType): Check {
  let c = cache.get(schema);
  if (!c) {
    // Set before compiling the parts, so a schema that contains itself finds its (lazily bound) checker.
    let compiled: Check | undefined;
    cache.set(schema, (v) => (compiled as Check)(v));
    compiled = compile(schema);
    cache.set(schema, compiled);
    c = compiled;
  }
  return c;
}

const keep = (v: unknown) => v;

function compile(schema: z.ZodType): Check {
  const def = defOf(schema);
  if (def.checks && def.checks.length > 0) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : FAIL);
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : FAIL);
    case 'unknown':
    case 'any':
      return keep;
    case 'optional': {
      const inner = checkerOf(def.innerType as z.ZodType);
      return (v) => (v === undefined ? v : inner(v));
    }
    case 'nullable': {
      const inner = checkerOf(def.innerType as z.ZodType);
      return (v) => (v === null ? v : inner(v));
    }
    case 'array':
      return arrayChecker(checkerOf(def.element as z.ZodType));
    case 'object':
      // Only a loose object keeps unknown keys; a strict or stripping one changes the value: zod does it.
      if (def.catchall && defOf(def.catchall).type === 'unknown' && def.shape)
        return objectChecker(def.shape);
      return byZod(schema);
    default:
      return byZod(schema);
  }
}

function byZod(schema: z.ZodType): Check {
  return (v) => {
    const r = schema.safeParse(v);
    return r.success ? r.data : FAIL;
  };
}

function arrayChecker(item: Check): Check {
  return (v) => {
    if (!Array.isArray(v)) return FAIL;
    for (let i = 0; i < v.length; i++) {
      const r = item(v[i]);
      if (r === FAIL) return FAIL;
      if (r !== v[i]) v[i] = r;
    }
    return v;
  };
}

function objectChecker(shape: Record<string, z.ZodType>): Check {
  // An absent key is checked as `undefined`: an optional one passes and stays absent, a default is filled in, a
  // required one fails, as with zod.
  const fields = Object.entries(shape).map(([key, s]) => ({ key, check: checkerOf(s) }));
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;
    const o = v as Record<string, unknown>;
    for (const f of fields) {
      const cur = Object.hasOwn(o, f.key) ? o[f.key] : undefined;
      const r = f.check(cur);
      if (r === FAIL) return FAIL;
      if (r !== cur) o[f.key] = r;
    }
    return o;
  };
}
