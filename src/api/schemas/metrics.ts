import * as z from 'zod';

export { METRIC_DURATIONS, type MetricDuration } from '../../domain/metric-durations.js';

/** One series: `columns` names the cells of each `data` row, e.g. [time, granularity, value]. */
export const MetricSeriesSchema = z.looseObject({
  unit: z.string().nullish(),
  columns: z.array(z.string()).nullish(),
  data: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});
export type MetricSeries = z.output<typeof MetricSeriesSchema>;
export type VmMetrics = Record<string, MetricSeries>;

/**
 * The OpenAPI document sends the series as top-level keys (`cpu`, `memory.usages`, `network.in` …) with no
 * envelope; a body wrapped as `{ status, message, metrics: {…} }` is accepted too. Every other key must be a series.
 */
export const VmMetricsResponse = z
  .object({
    status: z.boolean().optional(),
    message: z.string().nullish(),
    metrics: z.record(z.string(), MetricSeriesSchema).optional(),
  })
  .catchall(MetricSeriesSchema)
  .transform((body): VmMetrics => {
    const { status: _s, message: _m, metrics, ...series } = body;
    return (metrics ?? series) as VmMetrics;
  });
