import * as z from 'zod';

/** A boolean, or 0/1 as some of the service's answers send one. Output is a boolean. */
export const boolish = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'expected a boolean (or 0/1)' })
  .transform((v) => v === true || v === 1);

/**
 * Envelope fields most responses carry. Optional: the transport already refused `status: false` (or 0). `status`
 * is a boolean or 0/1.
 */
export const envelopeShape = {
  status: boolish.nullish(),
  message: z.string().nullish(),
};

/** A body that is only the envelope (deletes, VM actions …). An empty body (`{}`) is accepted too. */
export const AckResponse = z.looseObject(envelopeShape);
export type Ack = z.output<typeof AckResponse>;

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * A number the service may send as a decimal string (`"16.0"`). Output is always a number; a string that is not
 * a number is rejected at that field.
 */
export const num = z.union(
  [
    z.number(),
    z.string().transform((v, ctx) => {
      if (NUMERIC.test(v)) return Number(v);
      ctx.addIssue({ code: 'custom', message: `expected a number, got "${v.slice(0, 40)}"` });
      return z.NEVER;
    }),
  ],
  { error: 'expected a number or a numeric string' },
);

/** Pagination fields some list responses carry; absent (or null) on answers that do not paginate. */
export const paginationShape = {
  page: num.nullish(),
  page_size: num.nullish(),
  count: num.nullish(),
};

/** Text the service may send as a number (stock counts like `"50+"` or `50`): output is a string. */
export const text = z
  .union([z.string(), z.number()], { error: 'expected a string' })
  .transform((v) => String(v));

/** `{ id, label }` as flavors and images carry them. */
export const LabelObject = z.looseObject({ id: z.number().nullish(), label: z.string() });
export type LabelObj = z.output<typeof LabelObject>;

/**
 * The value of a string that holds JSON, decoded; anything else (or a string that is not JSON) unchanged. The
 * OpenAPI document types several object fields as strings (its examples even show `"{}"`), so the service may
 * send an object either way.
 */
export function decodeJsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return v;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return v;
  }
}

/**
 * An object the document types loosely (`features`, `flavor_restrictions`, a version's `region`): an object, or
 * the same JSON-encoded in a string. Anything else (a bare string, a number) reads as undefined rather than
 * failing the whole answer: these fields are details, never the reason a list cannot be shown.
 */
export function looseObjectOf<T extends z.ZodType>(inner: T) {
  return z.preprocess((v) => {
    const d = decodeJsonText(v);
    return d !== null && typeof d === 'object' && !Array.isArray(d) ? d : undefined;
  }, inner.optional());
}

/** NameAvailableModel (clusters, VMs, environments, snapshots, images: volumes have theirs in volume.ts). */
export const NameAvailableResponse = z.looseObject({
  available: z.boolean(),
  name: z.string().nullish(),
  message: z.string().nullish(),
});
