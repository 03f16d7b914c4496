import * as z from 'zod';
import { envelopeShape, num } from './common.js';

const ComputeTotalsSchema = z.looseObject({
  count: num.nullish(),
  vcpus: num.nullish(),
  gpus: num.nullish(),
  ram: num.nullish(),
  cost_per_hour: num.nullish(),
});
export type ComputeTotals = z.output<typeof ComputeTotalsSchema>;

const VolumeTotalsSchema = z.looseObject({
  count: num.nullish(),
  using: num.nullish(),
  cost_per_hour: num.nullish(),
});
export type VolumeTotals = z.output<typeof VolumeTotalsSchema>;

/**
 * The spec names the VM totals `virtual_machine`; the OpenAPI document `instance`. Output always has
 * `virtual_machine` (from whichever was sent).
 */
export const OverviewSchema = z
  .looseObject({
    virtual_machine: ComputeTotalsSchema.nullish(),
    instance: ComputeTotalsSchema.nullish(),
    container: ComputeTotalsSchema.nullish(),
    volume: VolumeTotalsSchema.nullish(),
  })
  .transform((o) => ({ ...o, virtual_machine: o.virtual_machine ?? o.instance ?? null }));
export type Overview = z.output<typeof OverviewSchema>;

export const DashboardResponse = z.looseObject({ ...envelopeShape, overview: OverviewSchema });
