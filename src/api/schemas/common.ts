import { z } from 'zod';

/** Envelope fields most responses carry. Optional: the transport already refused `status: false`. */
export const envelopeShape = {
  status: z.boolean().optional(),
  message: z.string().nullish(),
};

/** A body that is only the envelope (deletes, VM actions …). An empty body (`{}`) is accepted too. */
export const AckResponse = z.looseObject(envelopeShape);
export type Ack = z.output<typeof AckResponse>;

/** Pagination fields some list responses carry; absent on services that do not paginate. */
export const paginationShape = {
  page: z.number().nullish(),
  page_size: z.number().nullish(),
  count: z.number().nullish(),
};

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

/** Text the service may send as a number (stock counts like `"50+"` or `50`): output is a string. */
export const text = z
  .union([z.string(), z.number()], { error: 'expected a string' })
  .transform((v) => String(v));

/** `{ id, label }` as flavors and images carry them. */
export const LabelObject = z.looseObject({ id: z.number().nullish(), label: z.string() });
export type LabelObj = z.output<typeof LabelObject>;

/**
 * An object the service may send serialised as a JSON string (profile `data`). Parses the string and validates
 * the result; a string that is not JSON is rejected at that field.
 */
export function jsonObject<T extends z.ZodType>(inner: T) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown())], { error: 'expected an object or a JSON string' })
    .transform((v, ctx) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);
}
