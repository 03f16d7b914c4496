import { Text } from 'ink';
import { useMemo, useState } from 'react';
import type { StockModel } from '../src/api/schemas/stock.js';
import { costNow } from '../src/domain/billing.js';
import { gb, perHour } from '../src/domain/format.js';
import { type StockWatch, watchId } from '../src/domain/stock-watch.js';
import { toggleWatch } from '../src/store/actions/stock-watch.js';
import type { AppStore } from '../src/store/state/app-store.js';
import { ui } from '../src/store/state/app-store.js';
import type { Binding } from '../src/ui/bindings.js';
import { type ScreenProps, useWatch } from '../src/ui/screen/context.js';
import { useAppState, useData } from '../src/ui/screen/hooks.js';
import { PanesScreen, SWITCH_PANE } from '../src/ui/screen/PanesScreen.js';
import { declaredBindings, type ResourceAction, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { openCreateVm } from './forms/vm-create.js';
import { flavorsList, flavorWatch, type PricedFlavor, type StockRow, stockList } from './lists/stock.js';

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

/**
 * What the stock table's columns mean: the service's numbers say nothing of it themselves. Within 80 columns (the
 * table's title says they are GPUs).
 */
export const STOCK_LEGEND = 'AVAILABLE free now · DAYS planned · 1x…10x nodes free by GPUs/node · ◉ watched';

/** The stock table; `watches`: the active ones, marked on their rows. */
export function stockSpec(watches: readonly StockWatch[]): ResourceSpec<StockRow, 'stocks'> {
  return {
    ...stockList(watches),
    title: 'GPU stock (available is a lower bound)',
    note: (_rows, theme) => (
      <Text color={theme.dim} wrap="truncate-end">
        {STOCK_LEGEND}
      </Text>
    ),
    emptyText: 'no GPU stock reported',
    actions: STOCK_ACTIONS,
  };
}

/** The stock table with no watch marked (the keys config, the column tests). */
export const STOCK_SPEC = stockSpec([]);

export function flavorsSpec(
  inStockOnly: boolean,
  watched: ReadonlySet<string>,
): ResourceSpec<PricedFlavor, 'flavors'> {
  return {
    ...flavorsList(inStockOnly, watched),
    title: `Flavors${inStockOnly ? ' (in stock only)' : ''}`,
    emptyText: inStockOnly ? 'no flavor in stock' : 'no flavors',
    actions: FLAVOR_ACTIONS,
  };
}

const IN_STOCK_ONLY = { keys: ['i'], label: 'in stock only' } as const satisfies Binding;

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings(
  [STOCK_SPEC, flavorsSpec(false, new Set())],
  [SWITCH_PANE, IN_STOCK_ONLY],
);

/** GPU stock per region and model, the flavors per region with their prices, and the organisation's totals. */
export function StockScreen({ width, height, active, title }: ScreenProps) {
  const [inStockOnly, setInStockOnly] = useState(false);
  const stockRows = useData('stocks')?.reduce((n, s) => n + s.models.length, 0) ?? 0;
  const watches = useAppState((s) => s.watches);
  const flavors = useMemo(
    () => flavorsSpec(inStockOnly, new Set(watches.map(watchId))),
    [inStockOnly, watches],
  );
  const stock = useMemo(() => stockSpec(watches), [watches]);
  const totals = useTotals();
  const top = [{ text: totals }, { text: '' }];
  // title, legend, header, footer and a spare line around the rows
  const stockHeight = Math.max(6, Math.min(stockRows + 5, Math.floor((height - top.length) * 0.45)));
  return (
    <PanesScreen
      panes={[{ spec: stock, height: stockHeight }, { spec: flavors }]}
      top={top}
      extraBindings={[{ ...IN_STOCK_ONLY, run: () => setInStockOnly(!inStockOnly) }]}
      width={width}
      height={height}
      active={active}
      title={title}
    />
  );
}

/** The organisation's totals, from the dashboard (empty until it answers). */
function useTotals(): string {
  useWatch(['dashboard']);
  const overview = useData('dashboard');
  if (!overview) return '';
  const vm = overview.virtual_machine;
  const vol = overview.volume;
  const cost = costNow(overview).perHour ?? 0;
  // The cost first: a narrow terminal cuts the end of the line, never the money.
  return `${perHour(cost)} now · ${vm?.count ?? 0} VMs · ${vm?.gpus ?? 0} GPUs · ${vm?.vcpus ?? 0} vCPUs · ${gb(vm?.ram)} RAM · ${vol?.count ?? 0} volumes (${vol?.using ?? 0} in use)`;
}
