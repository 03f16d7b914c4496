import * as z from 'zod';
import { envelopeShape, num, text } from './common.js';

export const StockModelSchema = z.looseObject({
  model: z.string(),
  // an estimate such as "50+": a lower bound, kept as text
  available: text,
  // null means no data
  planned_7_days: text.nullish(),
  planned_30_days: text.nullish(),
  planned_100_days: text.nullish(),
  // counts under `1x`, `2x`, `4x`, `8x`, `10x`
  configurations: z.record(z.string(), num.nullable()).nullish(),
});
export type StockModel = z.output<typeof StockModelSchema>;

export const StockSchema = z.looseObject({
  region: z.string(),
  'stock-type': z.string().nullish(),
  models: z.array(StockModelSchema),
});
export type Stock = z.output<typeof StockSchema>;

/** The stock response carries only `stocks` (no envelope); an envelope is tolerated. */
export const StockResponse = z.looseObject({ ...envelopeShape, stocks: z.array(StockSchema) });
