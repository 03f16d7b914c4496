/** Hourly price of a flavor from the pricebook, "where known". */
export interface PricedFlavor {
  name: string;
  gpu?: string | null;
  gpu_count?: number | null;
}

/**
 * A GPU flavor costs its GPU count times the GPU model's hourly price (CPU, RAM and disk come with it); a CPU-only
 * flavor is priced by name. Undefined when the pricebook does not say.
 */
export function flavorHourly(f: PricedFlavor, book: ReadonlyMap<string, number>): number | undefined {
  const byName = book.get(f.name);
  if (byName !== undefined) return byName;
  if (f.gpu && f.gpu_count) {
    const perGpu = book.get(f.gpu);
    return perGpu === undefined ? undefined : Math.round(perGpu * f.gpu_count * 10_000) / 10_000;
  }
  return undefined;
}

/** What a price map needs of a pricebook entry (the service's `GET /pricebook` items). */
export interface PriceEntry {
  name: string;
  value: number;
}

/** The pricebook as name → hourly price (for flavorHourly). */
export function priceMap(entries: readonly PriceEntry[] | undefined): ReadonlyMap<string, number> {
  const m = new Map<string, number>();
  for (const e of entries ?? []) if (Number.isFinite(e.value)) m.set(e.name, e.value);
  return m;
}

/** The hourly price of `size` GB of this type, when the pricebook has an entry named as the type (per GB). */
export function volumeHourly(
  book: ReadonlyMap<string, number>,
  type: string | null | undefined,
  size: number | null | undefined,
): number | undefined {
  const perGb = type ? book.get(type) : undefined;
  return perGb === undefined || size == null ? undefined : Math.round(perGb * size * 10_000) / 10_000;
}
