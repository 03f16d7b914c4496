/**
 * Stock watches: a flavor ("n3-H100x8"), or a GPU model and a node size ("8 × H100-80G-SXM5"), optionally in one
 * region, that the user waits for. Pure: the app and `watch-stock` both ask `whereAvailable` of the same lists.
 */
import { isOutOfStock, type StockedFlavor, type StockList } from './stock.js';

export type StockWatch =
  | { kind: 'flavor'; flavor: string; region?: string | undefined }
  | { kind: 'gpu'; model: string; count: number; region?: string | undefined };

/** The flavor list as the service groups it (by model and region). */
export type FlavorGroups = readonly {
  region_name?: string | null | undefined;
  flavors: readonly (StockedFlavor & { name: string; region_name?: string | null | undefined })[];
}[];

/** Where a watch is available now: the region, and a flavor to create a VM with (when the list has one). */
export interface Availability {
  region: string;
  flavor: string | undefined;
}

/** One identity per watch, so marking the same thing twice toggles it. */
export function watchId(w: StockWatch): string {
  const where = w.region ?? '*';
  return w.kind === 'flavor' ? `flavor:${w.flavor}@${where}` : `gpu:${w.count}x${w.model}@${where}`;
}

/** What is watched: "n3-H100x8", "8 × H100-80G-SXM5". */
export function watchSubject(w: StockWatch): string {
  return w.kind === 'flavor' ? w.flavor : `${w.count} × ${w.model}`;
}

/** "n3-H100x8 in NORWAY-1", "8 × H100-80G-SXM5 in any region". */
export function watchLabel(w: StockWatch): string {
  return `${watchSubject(w)} ${w.region ? `in ${w.region}` : 'in any region'}`;
}

/** "n3-H100x8 is in stock in NORWAY-1", "8 × H100-80G-SXM5 is in stock in CANADA-1 (flavor n3-H100x8)". */
export function arrivedText(w: StockWatch, at: Availability): string {
  const flavor = w.kind === 'gpu' && at.flavor ? ` (flavor ${at.flavor})` : '';
  return `${watchSubject(w)} is in stock in ${at.region}${flavor}`;
}

const flavorsOf = (groups: FlavorGroups | undefined) =>
  (groups ?? []).flatMap((g) =>
    g.flavors.map((f) => ({ ...f, region: f.region_name ?? g.region_name ?? '' })),
  );

/**
 * The first place the watch is available, or undefined. A flavor: where the flavor is not out of stock (its own
 * word, else the stock list's free nodes of its size). A GPU model: where the stock list has a free node of that
 * many GPUs, with the region's flavor of that size if there is one.
 */
export function whereAvailable(
  w: StockWatch,
  flavors: FlavorGroups | undefined,
  stocks: StockList | undefined,
): Availability | undefined {
  const all = flavorsOf(flavors).filter((f) => !w.region || f.region === w.region);
  if (w.kind === 'flavor') {
    const hit = all.find((f) => f.name === w.flavor && !isOutOfStock(f, f.region, stocks));
    return hit ? { region: hit.region, flavor: hit.name } : undefined;
  }
  for (const s of stocks ?? []) {
    if (!s.region || (w.region && s.region !== w.region)) continue;
    const model = s.models.find((m) => m.model === w.model);
    if ((model?.configurations?.[`${w.count}x`] ?? 0) > 0) {
      const flavor = all.find((f) => f.region === s.region && f.gpu === w.model && f.gpu_count === w.count);
      return { region: s.region, flavor: flavor?.name };
    }
  }
  return undefined;
}

/** Whether the lists know the watched thing at all (a typo in `watch-stock FLAVOR` is an error, not a long wait). */
export function watchKnown(
  w: StockWatch,
  flavors: FlavorGroups | undefined,
  stocks: StockList | undefined,
): boolean {
  const all = flavorsOf(flavors).filter((f) => !w.region || f.region === w.region);
  if (w.kind === 'flavor') return all.some((f) => f.name === w.flavor);
  return (
    all.some((f) => f.gpu === w.model && f.gpu_count === w.count) ||
    (stocks ?? []).some(
      (s) =>
        (!w.region || s.region === w.region) &&
        s.models.some((m) => m.model === w.model && m.configurations?.[`${w.count}x`] !== undefined),
    )
  );
}

/** A watch read back from a file: anything malformed is dropped (the file is ours, but may be hand-edited). */
export function parseWatch(raw: unknown): StockWatch | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const region = typeof r.region === 'string' && r.region ? r.region : undefined;
  if (r.kind === 'flavor' && typeof r.flavor === 'string' && r.flavor) {
    return { kind: 'flavor', flavor: r.flavor, ...(region ? { region } : {}) };
  }
  if (
    r.kind === 'gpu' &&
    typeof r.model === 'string' &&
    r.model &&
    typeof r.count === 'number' &&
    Number.isInteger(r.count) &&
    r.count > 0
  ) {
    return { kind: 'gpu', model: r.model, count: r.count, ...(region ? { region } : {}) };
  }
  return undefined;
}
