/** The GPU stock and flavor lists: their rows and columns, for the Stock screen and `get stock`, `get flavors`. */
import type { Flavor } from '../../src/api/schemas/flavor.js';
import type { StockModel } from '../../src/api/schemas/stock.js';
import { gb, money } from '../../src/domain/format.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import {
  availableAtLeast,
  availableText,
  CONFIG_KEYS,
  flavorsWithRegion,
  plannedText,
} from '../../src/domain/stock.js';
import { type StockWatch, watchId } from '../../src/domain/stock-watch.js';
import type { ListSpec } from '../../src/ui/screen/list-spec.js';
import { numberColumn } from '../../src/ui/table/number-column.js';
import type { Column } from '../../src/ui/table/types.js';

/** A GPU model in a region, as the service groups them. */
export interface StockRow {
  region: string;
  m: StockModel;
  /** The cheapest hour of one of its GPUs among the region's flavors of the model (undefined: no price known). */
  perGpu: number | undefined;
  /** The node sizes watched ("8x"), '' when none. */
  watched: string;
}

const STOCK_COLUMNS: Column<StockRow>[] = [
  { id: 'region', title: 'REGION', value: (r) => r.region, priority: 0 },
  {
    id: 'model',
    title: 'GPU MODEL',
    value: (r) => r.m.model,
    text: (r) => `${r.m.model ?? '—'}${r.watched ? ` ◉ ${r.watched}` : ''}`,
    minWidth: 8,
    priority: 0,
    identifies: true,
  },
  numberColumn(
    'gpu-price',
    '$/GPU/H',
    (r) => r.perGpu,
    (v) => (v === undefined ? '—' : money(v)),
    {
      priority: 1,
    },
  ),
  {
    id: 'available',
    title: 'AVAILABLE',
    value: (r) => availableAtLeast(r.m.available) ?? null,
    text: (r) => availableText(r.m.available),
    align: 'right',
    priority: 0,
  },
  numberColumn('p7', '7 DAYS', (r) => r.m.planned_7_days, plannedText, { priority: 2 }),
  numberColumn('p30', '30 DAYS', (r) => r.m.planned_30_days, plannedText, { priority: 3 }),
  numberColumn('p100', '100 DAYS', (r) => r.m.planned_100_days, plannedText, { priority: 4 }),
  ...CONFIG_KEYS.map(
    (k, i): Column<StockRow> => ({
      id: `c${k}`,
      title: k,
      value: (r) => r.m.configurations?.[k] ?? null,
      align: 'right',
      priority: i < 2 ? 1 : 5,
    }),
  ),
];

/** A flavor with its hourly price from the pricebook (undefined where the pricebook does not say). */
export type PricedFlavor = Flavor & { hourly: number | undefined; watched?: boolean };

export const flavorWatch = (f: Pick<Flavor, 'name' | 'region_name'>): StockWatch => ({
  kind: 'flavor',
  flavor: f.name,
  region: f.region_name ?? undefined,
});

const FLAVOR_COLUMNS: Column<PricedFlavor>[] = [
  { id: 'region', title: 'REGION', value: (f) => f.region_name, priority: 1 },
  { id: 'name', title: 'FLAVOR', value: (f) => f.name, minWidth: 10, priority: 0, identifies: true },
  { id: 'gpu', title: 'GPU', value: (f) => f.gpu || 'CPU only', priority: 0 },
  { id: 'count', title: 'GPUS', value: (f) => f.gpu_count ?? 0, align: 'right', priority: 1 },
  { id: 'cpu', title: 'VCPU', value: (f) => f.cpu, align: 'right', priority: 2, whole: true },
  numberColumn('ram', 'RAM', (f) => f.ram, gb, { priority: 2, whole: true }),
  numberColumn('disk', 'DISK', (f) => f.disk, gb, { priority: 3, whole: true }),
  numberColumn('eph', 'EPHEMERAL', (f) => f.ephemeral, gb, { priority: 4 }),
  numberColumn('price', '$/H', (f) => f.hourly, money, { priority: 1 }),
  {
    id: 'stock',
    title: 'STOCK',
    value: (f) => (f.stock_available ? 1 : 0),
    text: (f) => `${f.stock_available ? '● in stock' : '○ out of stock'}${f.watched ? ' ◉ watched' : ''}`,
    // "○ out of stock" whole: a narrow terminal drops the disk sizes first
    minWidth: 14,
    priority: 0,
  },
];

/** The stock; `watches`: the active ones, marked on their rows. */
export function stockList(watches: readonly StockWatch[] = []): ListSpec<StockRow, 'stocks'> {
  return {
    resource: 'stocks',
    also: ['flavors', 'pricebook'],
    noun: 'GPU stock',
    columns: () => STOCK_COLUMNS,
    rowId: (r) => `${r.region}/${r.m.model}`,
    rows: (ctx) => {
      const book = priceMap(ctx.also('pricebook'));
      const flavors = flavorsWithRegion(ctx.also('flavors') ?? []);
      return ctx.data.flatMap((s) =>
        s.models.map((m) => ({
          region: s.region,
          m,
          perGpu: cheapestGpuHour(flavors, book, s.region, m.model),
          watched: watchedSizes(watches, s.region, m.model),
        })),
      );
    },
    region: (r) => r.region,
    raw: (r) => ({ region: r.region, ...r.m, price_per_gpu_hour: r.perGpu ?? null }),
  };
}

/** The cheapest hour of one GPU of `model` in `region`, from its flavors' prices. */
function cheapestGpuHour(
  flavors: readonly Flavor[],
  book: ReadonlyMap<string, number>,
  region: string,
  model: string | null | undefined,
): number | undefined {
  let best: number | undefined;
  for (const f of flavors) {
    if (f.region_name !== region || !model || f.gpu !== model || !f.gpu_count) continue;
    const hourly = flavorHourly(f, book);
    if (hourly !== undefined && (best === undefined || hourly / f.gpu_count < best))
      best = hourly / f.gpu_count;
  }
  return best;
}

/** "8x", "1x 8x": the node sizes of `model` watched in `region` (a watch of every region counts too). */
function watchedSizes(
  watches: readonly StockWatch[],
  region: string,
  model: string | null | undefined,
): string {
  return watches
    .flatMap((w) =>
      w.kind === 'gpu' && w.model === model && (w.region === undefined || w.region === region)
        ? [`${w.count}x`]
        : [],
    )
    .join(' ');
}

/** The flavors (all, or those in stock only), with their prices; `watched`: the flavors watched for stock. */
export function flavorsList(
  inStockOnly = false,
  watched: ReadonlySet<string> = new Set(),
): ListSpec<PricedFlavor, 'flavors'> {
  return {
    resource: 'flavors',
    also: ['pricebook'],
    noun: 'flavors',
    columns: () => FLAVOR_COLUMNS,
    rowId: (f) => `${f.region_name ?? ''}/${f.id}`,
    rows: (ctx) => {
      const book = priceMap(ctx.also('pricebook'));
      // a flavor without a region of its own is in its group's
      return flavorsWithRegion(ctx.data)
        .filter((f) => !inStockOnly || f.stock_available)
        .map(
          (f): PricedFlavor => ({
            ...f,
            hourly: flavorHourly(f, book),
            watched: watched.has(watchId(flavorWatch(f))),
          }),
        );
    },
    region: (f) => f.region_name,
    // the service's object, and its price an hour beside it
    raw: ({ hourly, watched: _, ...f }) => ({ ...f, price_per_hour: hourly ?? null }),
  };
}
