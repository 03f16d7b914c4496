import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { Payment, UsageRecord } from '../src/api/schemas/billing.js';
import { paidSeries, topN } from '../src/domain/billing.js';
import { money } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { truncate } from '../src/domain/text.js';
import { ui } from '../src/store/app-store.js';
import { ensureLoaded } from '../src/store/ensure-loaded.js';
import { readData, type UsageKey, usageKey } from '../src/store/resources.js';
import type { Binding } from '../src/ui/bindings.js';
import { BarChart } from '../src/ui/charts/BarChart.js';
import { sparkline } from '../src/ui/charts/sparkline.js';
import { type AppContextValue, type ScreenProps, useApp, useWatch } from '../src/ui/screen/context.js';
import { useSlice } from '../src/ui/screen/hooks.js';
import { LinesScreen } from '../src/ui/screen/LinesScreen.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { useViews, type ViewKey, viewBindings } from '../src/ui/screen/useViews.js';
import { contractLines } from './billing/contracts.js';
import { nowLines } from './billing/now.js';
import { paymentColumns, paymentRowId, paymentsSummary } from './billing/payments.js';
import { usageColumns, usageDetailLines, usageRateKey, usageRowId, usageTotals } from './billing/usage.js';

type View = 'usage' | 'contracts' | 'payments';
const VIEWS: readonly ViewKey<View>[] = [
  { key: 'u', view: 'usage' },
  { key: 'c', view: 'contracts' },
  { key: 'p', view: 'payments' },
];
/** Title line + the two lines of the "Now" block. */
const TOP_LINES = 3;
const CHART_MAX_BARS = 8;

/** Usage records of the active (or deleted) resources of one environment (or all): a declared table. */
function usageSpec(deleted: boolean, env: string | undefined): ResourceSpec<UsageRecord, UsageKey> {
  const scope = `${deleted ? 'deleted (terminated) resources' : 'active resources'} · ${env ? `environment ${sanitize(env)}` : 'all environments'}`;
  return {
    resource: usageKey(deleted, env),
    noun: 'usage',
    title: `Usage of ${scope}`,
    note: (rows) => usageTotals(rows),
    columns: (theme) => usageColumns(theme),
    rowId: usageRowId,
    rows: (ctx) => ctx.data,
    initialSort: { columnId: 'total', desc: true },
    emptyText: deleted ? 'no deleted resources' : 'no usage records',
    detail: {
      title: (u) => `usage of ${u.name ?? u.resource_id}`,
      watch: (u) => {
        const rate = usageRateKey(u);
        return rate ? [rate] : [];
      },
      lines: (u, slice) => {
        const key = usageRateKey(u);
        const rate = key ? slice(key) : undefined;
        return usageDetailLines(u, rate?.data, rate?.status === 'loading' || rate?.status === 'idle');
      },
      raw: (u) => u,
    },
    // The top bills of what the table shows (its filter and sort), as bars.
    below: {
      height: (h) => {
        const bars = Math.min(CHART_MAX_BARS, Math.max(0, Math.floor(h * 0.35) - 1));
        return bars > 0 ? bars + 1 : 0;
      },
      render: (rows, width, height, theme) => {
        const top = topN(rows, height - 1, (u) => u.total_bill);
        return top.length > 0 ? (
          <BarChart
            title={`Top ${top.length} by total bill`}
            items={top.map((u) => ({ label: u.name ?? String(u.resource_id), value: u.total_bill }))}
            format={(v) => money(v)}
            width={width}
            theme={theme}
          />
        ) : null;
      },
    },
  };
}

const PAYMENTS_SPEC: ResourceSpec<Payment, 'payments'> = {
  resource: 'payments',
  noun: 'payments',
  title: 'Payments',
  note: (payments) => {
    const series = paidSeries(payments);
    return `${paymentsSummary(payments)}${series.length > 1 ? `  paid over time ${sparkline(series, 24)}` : ''}`;
  },
  columns: (theme) => paymentColumns(theme),
  rowId: paymentRowId,
  rows: (ctx) => ctx.data,
  initialSort: { columnId: 'date', desc: true },
  emptyText: 'no payments',
};

const SHOW_DELETED = {
  keys: ['d'],
  label: 'show deleted',
  action: 'toggle-deleted',
} as const satisfies Binding;
const ENVIRONMENT = { keys: ['e'], label: 'environment' } as const satisfies Binding;

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings(
  [usageSpec(false, undefined), PAYMENTS_SPEC],
  [SHOW_DELETED, ENVIRONMENT, ...viewBindings(VIEWS)],
);

/**
 * Billing: the "Now" block (cost per hour, projected day and month) always on top, and one of three views below,
 * switched by keys: usage (u), contracts (c), payments (p).
 */
export function BillingScreen({ width, height, active }: ScreenProps) {
  const app = useApp();
  const { theme } = app;
  const { view, switches, title } = useViews(VIEWS, 'usage');
  const [deleted, setDeleted] = useState(false);
  const [env, setEnv] = useState<string | undefined>();
  useWatch(['dashboard']);
  const dash = useSlice('dashboard');
  const [line1, line2] = nowLines(dash.data, dash.status === 'loading' || dash.status === 'idle');
  const usage = useMemo(() => usageSpec(deleted, env), [deleted, env]);
  const body = { width, height: Math.max(3, height - TOP_LINES), active };
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate-end">
        {truncate(`Billing  ${title}`, width)}
      </Text>
      <Text bold wrap="truncate-end">
        {truncate(line1, width)}
      </Text>
      <Text color={theme.dim} wrap="truncate-end">
        {truncate(line2 || ' ', width)}
      </Text>
      {view === 'usage' ? (
        <ResourceScreen
          {...body}
          title="Usage"
          spec={usage}
          extraBindings={[
            {
              ...SHOW_DELETED,
              label: deleted ? 'show active' : 'show deleted',
              run: () => setDeleted(!deleted),
            },
            { ...ENVIRONMENT, run: () => void chooseEnvironment(app, env, setEnv) },
            ...switches,
          ]}
        />
      ) : view === 'contracts' ? (
        <Contracts {...body} extraBindings={switches} />
      ) : (
        <ResourceScreen {...body} title="Payments" spec={PAYMENTS_SPEC} extraBindings={switches} />
      )}
    </Box>
  );
}

/** Contracts with their discounts, as a scrollable page. */
function Contracts(p: { width: number; height: number; extraBindings: readonly Binding[] }) {
  useWatch(['contracts']);
  const slice = useSlice('contracts');
  const contracts = slice.data;
  const now = slice.updatedAt ?? 0;
  const lines = useMemo(
    () =>
      slice.error && !contracts
        ? [{ kind: 'text' as const, text: `✖ ${slice.error.message}`, tone: 'error' as const }]
        : contractLines(contracts, slice.status === 'loading' || slice.status === 'idle', now || Date.now()),
    [contracts, slice.status, slice.error, now],
  );
  return <LinesScreen {...p} title={`Contracts${contracts ? ` (${contracts.length})` : ''}`} lines={lines} />;
}

/** Asks which environment's usage to show (the list loaded first if need be). */
async function chooseEnvironment(
  app: AppContextValue,
  current: string | undefined,
  set: (env: string | undefined) => void,
): Promise<void> {
  const { store } = app.deps;
  if (!(await ensureLoaded(app.deps, ['environments'], { title: 'the environment chooser' }))) return;
  const envs = readData(store, 'environments') ?? [];
  ui.openModal(store, {
    kind: 'choose',
    title: 'Usage of which environment?',
    message: current ? `Now: ${sanitize(current)}` : 'Now: all environments',
    options: [
      { label: 'all environments', value: '' },
      ...envs.map((e) => ({ label: `${e.name} (${e.region})`, value: e.name })),
    ],
    onChoose: (v) => set(v || undefined),
  });
}
