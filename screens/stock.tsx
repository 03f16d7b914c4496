import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { PricebookEntry } from '../src/api/schemas/billing.js';
import type { Overview } from '../src/api/schemas/dashboard.js';
import type { Flavor, FlavorGroup } from '../src/api/schemas/flavor.js';
import type { Stock, StockModel } from '../src/api/schemas/stock.js';
import { costNow } from '../src/domain/billing.js';
import { gb, money, perHour } from '../src/domain/format.js';
import { flavorHourly, priceMap } from '../src/domain/pricing.js';
import { availableAtLeast, availableText, CONFIG_KEYS, plannedText } from '../src/domain/stock.js';
import { truncate } from '../src/domain/text.js';
import { type Binding, lookup } from '../src/ui/bindings.js';
import { DataTable } from '../src/ui/DataTable.js';
import { type ScreenProps, useApp, useScreenKeys, useWatch } from '../src/ui/screen/context.js';
import { useAppState, useData } from '../src/ui/screen/hooks.js';
import type { Column } from '../src/ui/table/types.js';
import { useDataTable } from '../src/ui/table/useDataTable.js';

interface StockRow {
  region: string;
  m: StockModel;
}

const stockId = (r: StockRow) => `${r.region}/${r.m.model}`;
const flavorId = (f: PricedFlavor) => `${f.region_name ?? ''}/${f.id}`;

const STOCK_COLUMNS: Column<StockRow>[] = [
  { id: 'region', title: 'REGION', value: (r) => r.region, priority: 0 },
  { id: 'model', title: 'GPU MODEL', value: (r) => r.m.model, minWidth: 8, grow: 1, priority: 0 },
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
type PricedFlavor = Flavor & { hourly: number | undefined };

const FLAVOR_COLUMNS: Column<PricedFlavor>[] = [
  { id: 'region', title: 'REGION', value: (f) => f.region_name, priority: 1 },
  { id: 'name', title: 'FLAVOR', value: (f) => f.name, minWidth: 10, grow: 1, priority: 0 },
  { id: 'gpu', title: 'GPU', value: (f) => f.gpu || 'CPU only', priority: 0 },
  { id: 'count', title: 'GPUS', value: (f) => f.gpu_count ?? 0, align: 'right', priority: 1 },
  { id: 'cpu', title: 'VCPU', value: (f) => f.cpu, align: 'right', priority: 2 },
  { id: 'ram', title: 'RAM', value: (f) => f.ram, text: (f) => gb(f.ram), align: 'right', priority: 2 },
  { id: 'disk', title: 'DISK', value: (f) => f.disk, text: (f) => gb(f.disk), align: 'right', priority: 3 },
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
    text: (f) => (f.stock_available ? '● in stock' : '○ out of stock'),
    priority: 0,
  },
];

const BINDINGS: Binding[] = [
  { keys: ['tab'], command: 'focus', label: 'switch table' },
  { keys: ['i'], command: 'inStock', label: 'in stock only' },
];

/** GPU stock per region and model, the flavors per region, and the organisation's totals. */
export function StockScreen({ width, height, active }: ScreenProps) {
  const { theme } = useApp();
  useWatch(['stocks', 'flavors', 'dashboard', 'pricebook']);
  const stocks = useData<Stock[]>('stocks');
  const groups = useData<FlavorGroup[]>('flavors');
  const overview = useData<Overview>('dashboard');
  const pricebook = useData<PricebookEntry[]>('pricebook');
  // Only its error: the whole slice would re-render this screen on every refresh.
  const stockError = useAppState((s) => s.slices.stocks?.error);
  const region = useAppState((s) => s.region);
  const [focus, setFocus] = useState<'stock' | 'flavors'>('stock');
  const [inStockOnly, setInStockOnly] = useState(false);

  const stockRows = useMemo(
    () =>
      (stocks ?? []).flatMap((s) =>
        region !== 'ALL' && s.region !== region ? [] : s.models.map((m) => ({ region: s.region, m })),
      ),
    [stocks, region],
  );
  const book = useMemo(() => priceMap(pricebook), [pricebook]);
  const flavors = useMemo(() => {
    return (groups ?? [])
      .flatMap((g) => g.flavors.map((f) => ({ ...f, region_name: f.region_name ?? g.region_name })))
      .filter((f) => (region === 'ALL' || f.region_name === region) && (!inStockOnly || f.stock_available))
      .map((f): PricedFlavor => ({ ...f, hourly: flavorHourly(f, book) }));
  }, [groups, region, inStockOnly, book]);

  const totalsHeight = 2;
  const body = height - totalsHeight;
  const stockHeight = Math.max(4, Math.min(stockRows.length + 3, Math.floor(body * 0.45)));
  const s = useDataTable(stockRows, STOCK_COLUMNS, stockId, {
    width,
    height: stockHeight - 1,
    isActive: active && focus === 'stock',
    listen: false,
  });
  const f = useDataTable(flavors, FLAVOR_COLUMNS, flavorId, {
    width,
    height: body - stockHeight - 1,
    isActive: active && focus === 'flavors',
    listen: false,
  });

  useScreenKeys(BINDINGS, (name, input, key) => {
    const table = focus === 'stock' ? s : f;
    if (table.state.filterMode && table.handleKey(input, key)) return true;
    const b = lookup(BINDINGS, name, false);
    if (b?.command === 'focus') {
      setFocus(focus === 'stock' ? 'flavors' : 'stock');
      return true;
    }
    if (b?.command === 'inStock') {
      setInStockOnly(!inStockOnly);
      return true;
    }
    return table.handleKey(input, key);
  });

  if (!stocks && stockError)
    return <Text color={theme.error}>✖ cannot load GPU stock: {stockError.message}</Text>;
  if (!stocks) return <Text>loading GPU stock…</Text>;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Totals overview={overview} width={width} />
      <Text bold color={focus === 'stock' ? theme.accent : undefined}>
        {truncate(`${focus === 'stock' ? '▸' : ' '} GPU stock (available is a lower bound)`, width)}
      </Text>
      <DataTable {...s.tableProps} emptyText="no GPU stock reported" />
      <Text bold color={focus === 'flavors' ? theme.accent : undefined}>
        {truncate(
          `${focus === 'flavors' ? '▸' : ' '} Flavors${inStockOnly ? ' (in stock only)' : ''}`,
          width,
        )}
      </Text>
      <DataTable {...f.tableProps} emptyText={inStockOnly ? 'no flavor in stock' : 'no flavors'} />
    </Box>
  );
}

function Totals({ overview, width }: { overview: Overview | undefined; width: number }) {
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
