import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { Flavor } from '../src/api/schemas/flavor.js';
import type { StockModel } from '../src/api/schemas/stock.js';
import { costNow } from '../src/domain/billing.js';
import { gb, money, perHour } from '../src/domain/format.js';
import { flavorHourly, priceMap } from '../src/domain/pricing.js';
import {
  availableAtLeast,
  availableText,
  CONFIG_KEYS,
  flavorsWithRegion,
  plannedText,
} from '../src/domain/stock.js';
import { type StockWatch, watchId } from '../src/domain/stock-watch.js';
import { truncate } from '../src/domain/text.js';
import { toggleWatch } from '../src/store/actions/stock-watch.js';
import type { AppStore } from '../src/store/state/app-store.js';
import { ui } from '../src/store/state/app-store.js';
import type { Binding } from '../src/ui/bindings.js';
import { type ScreenProps, useWatch } from '../src/ui/screen/context.js';
import { useAppState, useData } from '../src/ui/screen/hooks.js';
import {
  declaredBindings,
  type ResourceAction,
  ResourceScreen,
  type ResourceSpec,
} from '../src/ui/screen/ResourceScreen.js';
import type { Column } from '../src/ui/table/types.js';
import { openCreateVm } from './forms/vm-create.js';

interface StockRow {
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
  },
  {
    id: 'gpu-price',
    title: '$/GPU/H',
    value: (r) => r.perGpu,
    text: (r) => (r.perGpu === undefined ? '—' : money(r.perGpu)),
    align: 'right',
    priority: 1,
  },
  {
    id: 'available',
    title: 'AVAILABLE',
    value: (r) => availableAtLeast(r.m.available) ?? null,
    text: (r) => availableText(r.m.available),
    align: 'right',
    priority: 0,
  },
  {
    id: 'p7',
    title: '7 DAYS',
    value: (r) => r.m.planned_7_days,
    text: (r) => plannedText(r.m.planned_7_days),
    align: 'right',
    priority: 2,
  },
  {
    id: 'p30',
    title: '30 DAYS',
    value: (r) => r.m.planned_30_days,
    text: (r) => plannedText(r.m.planned_30_days),
    align: 'right',
    priority: 3,
  },
  {
    id: 'p100',
    title: '100 DAYS',
    value: (r) => r.m.planned_100_days,
    text: (r) => plannedText(r.m.planned_100_days),
    align: 'right',
    priority: 4,
  },
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
type PricedFlavor = Flavor & { hourly: number | undefined; watched?: boolean };

const flavorWatch = (f: Pick<Flavor, 'name' | 'region_name'>): StockWatch => ({
  kind: 'flavor',
  flavor: f.name,
  region: f.region_name ?? undefined,
});

/** GPUs per node a model's stock row offers: its configuration sizes ("1x", "8x" → 1, 8). */
const sizesOf = (m: StockModel) =>
  Object.keys(m.configurations ?? {})
    .map((k) => Number.parseInt(k, 10))
    .filter((n) => Number.isInteger(n) && n > 0);

/** Asks how many GPUs per node, then watches that node size of the row's model in its region. */
function promptGpuWatch(store: AppStore, r: StockRow): void {
  const sizes = sizesOf(r.m);
  ui.openModal(store, {
    kind: 'prompt',
    title: `Watch ${r.m.model} in ${r.region}`,
    message: `GPUs per node to wait for (${sizes.join(', ') || 'e.g. 8'}); the bell rings when one is free.`,
    initial: String(sizes.at(-1) ?? 8),
    validate: (v) => (/^\s*[1-9]\d?\s*$/.test(v) ? undefined : 'a whole number of GPUs from 1 to 99'),
    onSubmit: (v) =>
      toggleWatch(store, { kind: 'gpu', model: r.m.model ?? '', count: Number(v.trim()), region: r.region }),
  });
}

const STOCK_ACTIONS: ResourceAction<StockRow>[] = [
  { key: 'w', label: 'watch', when: (r) => !!r.m.model, run: (r, app) => promptGpuWatch(app.deps.store, r) },
];

const FLAVOR_ACTIONS: ResourceAction<PricedFlavor>[] = [
  {
    key: 'w',
    label: 'watch',
    when: (f) => !f.watched,
    run: (f, app) => toggleWatch(app.deps.store, flavorWatch(f)),
  },
  {
    key: 'w',
    label: 'unwatch',
    when: (f) => !!f.watched,
    run: (f, app) => toggleWatch(app.deps.store, flavorWatch(f)),
  },
  {
    key: 'c',
    label: 'create VM',
    mutation: true,
    when: (f) => !!f.stock_available,
    run: (f, app) => void openCreateVm(app.deps, { flavor: { name: f.name, region: f.region_name ?? '' } }),
  },
];

const FLAVOR_COLUMNS: Column<PricedFlavor>[] = [
  { id: 'region', title: 'REGION', value: (f) => f.region_name, priority: 1 },
  { id: 'name', title: 'FLAVOR', value: (f) => f.name, minWidth: 10, priority: 0 },
  { id: 'gpu', title: 'GPU', value: (f) => f.gpu || 'CPU only', priority: 0 },
  { id: 'count', title: 'GPUS', value: (f) => f.gpu_count ?? 0, align: 'right', priority: 1 },
  { id: 'cpu', title: 'VCPU', value: (f) => f.cpu, align: 'right', priority: 2, whole: true },
  {
    id: 'ram',
    title: 'RAM',
    value: (f) => f.ram,
    text: (f) => gb(f.ram),
    align: 'right',
    priority: 2,
    whole: true,
  },
  {
    id: 'disk',
    title: 'DISK',
    value: (f) => f.disk,
    text: (f) => gb(f.disk),
    align: 'right',
    priority: 3,
    whole: true,
  },
  {
    id: 'eph',
    title: 'EPHEMERAL',
    value: (f) => f.ephemeral,
    text: (f) => gb(f.ephemeral),
    align: 'right',
    priority: 4,
  },
  {
    id: 'price',
    title: '$/H',
    value: (f) => f.hourly,
    text: (f) => money(f.hourly),
    align: 'right',
    priority: 1,
  },
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

/** What the stock table's columns mean: the service's numbers say nothing of it themselves. */
export const STOCK_LEGEND =
  'AVAILABLE GPUs free now · 7/30/100 DAYS capacity planned · 1x…10x nodes free by GPUs per node · ◉ watched';

/** The stock table; `watches`: the active ones, marked on their rows. */
export function stockSpec(watches: readonly StockWatch[]): ResourceSpec<StockRow, 'stocks'> {
  return {
    resource: 'stocks',
    also: ['flavors', 'pricebook'],
    noun: 'GPU stock',
    title: 'GPU stock (available is a lower bound)',
    note: (_rows, theme) => (
      <Text color={theme.dim} wrap="truncate-end">
        {STOCK_LEGEND}
      </Text>
    ),
    columns: () => STOCK_COLUMNS,
    rowId: (r) => `${r.region}/${r.m.model}`,
    rows: (ctx) => {
      const book = priceMap(ctx.also('pricebook'));
      const flavors = flavorsWithRegion(ctx.also('flavors') ?? []);
      return ctx.data.flatMap((s) =>
        ctx.region !== 'ALL' && s.region !== ctx.region
          ? []
          : s.models.map((m) => ({
              region: s.region,
              m,
              perGpu: cheapestGpuHour(flavors, book, s.region, m.model),
              watched: watchedSizes(watches, s.region, m.model),
            })),
      );
    },
    emptyText: 'no GPU stock reported',
    actions: STOCK_ACTIONS,
  };
}

/** The stock table with no watch marked (the keys config, the column tests). */
export const STOCK_SPEC = stockSpec([]);

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

export function flavorsSpec(
  inStockOnly: boolean,
  watched: ReadonlySet<string>,
): ResourceSpec<PricedFlavor, 'flavors'> {
  return {
    resource: 'flavors',
    also: ['pricebook'],
    noun: 'flavors',
    title: `Flavors${inStockOnly ? ' (in stock only)' : ''}`,
    columns: () => FLAVOR_COLUMNS,
    rowId: (f) => `${f.region_name ?? ''}/${f.id}`,
    rows: (ctx) => {
      const book = priceMap(ctx.also('pricebook'));
      return flavorsWithRegion(ctx.data)
        .filter(
          (f) =>
            (ctx.region === 'ALL' || f.region_name === ctx.region) && (!inStockOnly || f.stock_available),
        )
        .map(
          (f): PricedFlavor => ({
            ...f,
            hourly: flavorHourly(f, book),
            watched: watched.has(watchId(flavorWatch(f))),
          }),
        );
    },
    emptyText: inStockOnly ? 'no flavor in stock' : 'no flavors',
    actions: FLAVOR_ACTIONS,
  };
}

const TOTALS_ROWS = 2;

const SWITCH_TABLE = { keys: ['tab'], label: 'switch table' } as const satisfies Binding;
const IN_STOCK_ONLY = { keys: ['i'], label: 'in stock only' } as const satisfies Binding;

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings(
  [STOCK_SPEC, flavorsSpec(false, new Set())],
  [SWITCH_TABLE, IN_STOCK_ONLY],
);

/** GPU stock per region and model, the flavors per region with their prices, and the organisation's totals. */
export function StockScreen({ width, height, active, title }: ScreenProps) {
  const [focus, setFocus] = useState<'stock' | 'flavors'>('stock');
  const [inStockOnly, setInStockOnly] = useState(false);
  const keys: Binding[] = [
    { ...SWITCH_TABLE, run: () => setFocus(focus === 'stock' ? 'flavors' : 'stock') },
    { ...IN_STOCK_ONLY, run: () => setInStockOnly(!inStockOnly) },
  ];
  const stockRows = useData('stocks')?.reduce((n, s) => n + s.models.length, 0) ?? 0;
  const watches = useAppState((s) => s.watches);
  const flavors = useMemo(
    () => flavorsSpec(inStockOnly, new Set(watches.map(watchId))),
    [inStockOnly, watches],
  );
  const stock = useMemo(() => stockSpec(watches), [watches]);
  const body = height - TOTALS_ROWS;
  // title, legend, header, footer and a spare line around the rows
  const stockHeight = Math.max(6, Math.min(stockRows + 5, Math.floor(body * 0.45)));
  const pane = { width, title, extraBindings: keys };
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Totals width={width} />
      <ResourceScreen
        {...pane}
        spec={stock}
        height={stockHeight}
        active={active}
        focused={focus === 'stock'}
      />
      <ResourceScreen
        {...pane}
        spec={flavors}
        height={body - stockHeight}
        active={active}
        focused={focus === 'flavors'}
      />
    </Box>
  );
}

/** The organisation's totals, from the dashboard. */
function Totals({ width }: { width: number }) {
  useWatch(['dashboard']);
  const overview = useData('dashboard');
  if (!overview) return <Text>{'\n'}</Text>;
  const vm = overview.virtual_machine;
  const vol = overview.volume;
  const cost = costNow(overview).perHour ?? 0;
  const line = `VMs ${vm?.count ?? 0} · vCPUs ${vm?.vcpus ?? 0} · GPUs ${vm?.gpus ?? 0} · RAM ${gb(vm?.ram)} · volumes ${vol?.count ?? 0} (${vol?.using ?? 0} in use) · cost ${perHour(cost)}`;
  return (
    <Box flexDirection="column">
      <Text>{truncate(line, width)}</Text>
      <Text> </Text>
    </Box>
  );
}
