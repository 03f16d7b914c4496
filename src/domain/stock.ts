/** GPU stock as the service reports it: `available` is a lower bound ("10+"), never an over-estimate. */

/** The least number available: "10+" → 10, "3" → 3, "" or junk → undefined. */
export function availableAtLeast(available: string | null | undefined): number | undefined {
  if (available === null || available === undefined) return undefined;
  const m = /^\s*(\d+)\s*\+?\s*$/.exec(String(available));
  return m ? Number(m[1]) : undefined;
}

/** "10+" stays "10+"; "3" becomes "at least 3"; 0 is "none"; unreadable → "—". */
export function availableText(available: string | null | undefined): string {
  const n = availableAtLeast(available);
  if (n === undefined) return '—';
  if (n === 0) return 'none';
  return String(available).includes('+') ? `${n}+` : `at least ${n}`;
}

/** Planned capacity: null means the service has no data, which is not the same as zero. */
export function plannedText(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return 'no data';
  return String(v);
}

export const CONFIG_KEYS = ['1x', '2x', '4x', '8x', '10x'] as const;

// ── a flavor's stock (the flavor's own word first, then the stock list) ──────────────────────────────────

/** What a flavor says about itself, as far as its stock goes. */
export interface StockedFlavor {
  gpu?: string | null | undefined;
  gpu_count?: number | null | undefined;
  stock_available?: boolean | null | undefined;
}

/** The stock list of the service: per region, per GPU model, free GPUs and free nodes by size ("2x"). */
export type StockList = readonly {
  region?: string | null | undefined;
  models: readonly {
    model?: string | null | undefined;
    available?: string | null | undefined;
    configurations?: Readonly<Record<string, number | null | undefined>> | null | undefined;
  }[];
}[];

/** The stock model of a GPU flavor's region, when the stock list has it. */
function stockModelOf(f: StockedFlavor, region: string, stocks: StockList | undefined) {
  if (!f.gpu || !f.gpu_count) return undefined;
  return stocks?.find((s) => s.region === region)?.models.find((m) => m.model === f.gpu);
}

/**
 * Out of stock: the flavor says so (`stock_available: false`); when it does not say, the stock list's free nodes
 * of its size decide. CPU-only flavors are never short.
 */
export function isOutOfStock(f: StockedFlavor, region: string, stocks: StockList | undefined): boolean {
  if (f.stock_available === false) return true;
  if (f.stock_available === true || !f.gpu_count) return false;
  const free = stockModelOf(f, region, stocks)?.configurations?.[`${f.gpu_count}x`];
  return free === 0;
}

/**
 * Stock of a GPU flavor: the free nodes of its size ("stock: 3 nodes"), or, when the stock list does not break
 * the model down by size, its free GPUs ("stock: 10+ GPUs"). Undefined for CPU-only flavors or an unknown model.
 */
export function stockText(
  f: StockedFlavor,
  region: string,
  stocks: StockList | undefined,
): string | undefined {
  const model = stockModelOf(f, region, stocks);
  if (!model) return undefined;
  const nodes = model.configurations?.[`${f.gpu_count}x`];
  if (nodes === 0) return 'stock: none';
  if (typeof nodes === 'number') return `stock: ${nodes} node${nodes === 1 ? '' : 's'}`;
  return `stock: ${availableText(model.available)} GPUs`;
}

/**
 * The flavors of every region group, each naming its region: a flavor's own `region_name`, else its group's (the
 * service may leave the flavor's empty).
 */
export function flavorsWithRegion<F extends { region_name?: string | null }>(
  groups: readonly { region_name?: string | null; flavors: readonly F[] }[],
): F[] {
  return groups.flatMap((g) => g.flavors.map((f) => ({ ...f, region_name: f.region_name ?? g.region_name })));
}
