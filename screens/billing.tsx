import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { Contract, Payment, ResourceRate, UsageRecord } from '../src/api/schemas/billing.js';
import type { Overview } from '../src/api/schemas/dashboard.js';
import type { Environment } from '../src/api/schemas/environment.js';
import { paidSeries, topN } from '../src/domain/billing.js';
import { money } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { truncate } from '../src/domain/text.js';
import { ui } from '../src/store/app-store.js';
import { usageKey } from '../src/store/resources.js';
import { type Binding, lookup } from '../src/ui/bindings.js';
import { BarChart } from '../src/ui/charts/BarChart.js';
import { sparkline } from '../src/ui/charts/sparkline.js';
import { DataTable } from '../src/ui/DataTable.js';
import { DetailPane, detailBodyHeight, scrollReduce } from '../src/ui/DetailPane.js';
import {
  type AppContextValue,
  type ScreenProps,
  useApp,
  useScreenKeys,
  useWatch,
} from '../src/ui/screen/context.js';
import { useSlice } from '../src/ui/screen/hooks.js';
import { useDataTable } from '../src/ui/table/useDataTable.js';
import { contractLines } from './billing/contracts.js';
import { nowLines } from './billing/now.js';
import { paymentColumns, paymentRowId, paymentsSummary } from './billing/payments.js';
import { usageColumns, usageDetailLines, usageRateKey, usageRowId, usageTotals } from './billing/usage.js';

type View = 'usage' | 'contracts' | 'payments';
const VIEWS: ReadonlyArray<{ key: string; view: View }> = [
  { key: 'u', view: 'usage' },
  { key: 'c', view: 'contracts' },
  { key: 'p', view: 'payments' },
];
/** Title line + the two lines of the "Now" block. */
const TOP_LINES = 3;
const CHART_MAX_BARS = 8;

interface ViewProps {
  width: number;
  height: number;
  active: boolean;
  /** The keys that switch to the other views (shown in the footer, handled by every view). */
  switchBindings: Binding[];
  onSwitch: (command: string) => boolean;
}

/**
 * Billing: the "Now" block (cost per hour, projected day and month) always on top, and one of three views below,
 * switched by keys: usage (u), contracts (c), payments (p).
 */
export function BillingScreen({ width, height, active }: ScreenProps) {
  const { theme } = useApp();
  const [view, setView] = useState<View>('usage');
  const dash = useSlice<Overview>('dashboard');
  const [line1, line2] = nowLines(dash.data, dash.status === 'loading' || dash.status === 'idle');
  const switchBindings = useMemo<Binding[]>(
    () =>
      VIEWS.filter((v) => v.view !== view).map((v) => ({
        keys: [v.key],
        command: `view:${v.view}`,
        label: v.view,
      })),
    [view],
  );
  const onSwitch = (command: string) => {
    const next = VIEWS.find((v) => `view:${v.view}` === command);
    if (!next) return false;
    setView(next.view);
    return true;
  };
  const props: ViewProps = {
    width,
    height: Math.max(3, height - TOP_LINES),
    active,
    switchBindings,
    onSwitch,
  };
  const title = VIEWS.map((v) => (v.view === view ? `[${v.key} ${v.view}]` : `${v.key} ${v.view}`)).join(
    '  ',
  );
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
        <UsageView {...props} />
      ) : view === 'contracts' ? (
        <ContractsView {...props} />
      ) : (
        <PaymentsView {...props} />
      )}
    </Box>
  );
}

/** Runs the binding found for `name`, or the view switch; true when the key was used. */
function dispatch(
  bindings: readonly Binding[],
  name: string,
  p: ViewProps,
  run: (command: string) => void,
): boolean {
  const b = lookup(bindings, name, false);
  if (!b) return false;
  if (!p.onSwitch(b.command)) run(b.command);
  return true;
}

function chooseEnvironment(
  app: AppContextValue,
  current: string | undefined,
  set: (env: string | undefined) => void,
) {
  const { store, poller } = app.deps;
  const open = (envs: readonly Environment[]) =>
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
  const have = store.getState().slices.environments?.data as Environment[] | undefined;
  if (have) return open(have);
  ui.say(store, 'loading environments…', 'pending');
  void poller.refresh('environments').then(() => {
    const envs = store.getState().slices.environments?.data as Environment[] | undefined;
    if (!envs) return ui.say(store, 'cannot load the environments', 'error');
    ui.say(store, `${envs.length} environments`, 'info');
    open(envs);
  });
}

/** Usage records, sortable, with the deleted toggle, an environment filter and a bar chart of the top bills. */
function UsageView(p: ViewProps) {
  const app = useApp();
  const { theme } = app;
  const [deleted, setDeleted] = useState(false);
  const [env, setEnv] = useState<string | undefined>();
  const [detail, setDetail] = useState<{ id: string; offset: number } | null>(null);
  const key = usageKey(deleted, env);
  const slice = useSlice<UsageRecord[]>(key);
  const records = slice.data ?? NO_USAGE;
  const columns = useMemo(() => usageColumns(theme), [theme]);

  const bars = Math.min(CHART_MAX_BARS, Math.max(0, Math.floor(p.height * 0.35) - 1));
  const chartHeight = bars > 0 ? bars + 1 : 0;
  const tableHeight = Math.max(4, p.height - 1 - chartHeight);
  const t = useDataTable(records, columns, usageRowId, {
    width: p.width,
    height: detail ? Math.max(4, Math.floor(tableHeight / 2)) : tableHeight,
    isActive: p.active && !detail,
    listen: false,
    initialSort: { columnId: 'total', desc: true },
  });
  const opened = detail ? records.find((r) => usageRowId(r) === detail.id) : undefined;
  const rateKey = opened ? usageRateKey(opened) : undefined;
  useWatch(['dashboard', key, ...(rateKey ? [rateKey] : [])]);
  const rate = useSlice<ResourceRate>(rateKey ?? 'none');
  const detailHeight = tableHeight - Math.max(4, Math.floor(tableHeight / 2)) + chartHeight;
  const lines = useMemo(
    () =>
      opened ? usageDetailLines(opened, rate.data, rate.status === 'loading' || rate.status === 'idle') : [],
    [opened, rate],
  );

  const bindings: Binding[] = [
    ...(detail
      ? [{ keys: ['esc'], command: 'detail:close', label: 'back' }]
      : [{ keys: ['enter'], command: 'detail:open', label: 'rate' }]),
    { keys: ['d'], command: 'deleted', label: deleted ? 'show active' : 'show deleted' },
    { keys: ['e'], command: 'env', label: 'environment' },
    ...p.switchBindings,
  ];
  useScreenKeys(bindings, (name, input, k) => {
    if (detail) {
      const next = scrollReduce(detail.offset, name, lines.length, detailBodyHeight(detailHeight));
      if (next !== undefined) {
        setDetail({ ...detail, offset: next });
        return true;
      }
    } else if (t.handleKey(input, k)) return true;
    return dispatch(bindings, name, p, (command) => {
      if (command === 'detail:open' && t.selected) setDetail({ id: usageRowId(t.selected), offset: 0 });
      else if (command === 'detail:close') setDetail(null);
      else if (command === 'deleted') {
        setDetail(null);
        setDeleted(!deleted);
      } else if (command === 'env') chooseEnvironment(app, env, setEnv);
    });
  });

  // Not on every cursor move: the view's rows keep their identity until the data, filter or sort change.
  const top = useMemo(() => topN(t.view.rows, bars, (u) => u.total_bill), [t.view.rows, bars]);
  const totals = useMemo(() => usageTotals(records), [records]);
  const scope = `${deleted ? 'deleted (terminated) resources' : 'active resources'} · ${env ? `environment ${sanitize(env)}` : 'all environments'}`;
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text wrap="truncate-end">
        {truncate(`Usage of ${scope} · ${slice.data ? totals : 'loading…'}`, p.width)}
      </Text>
      {slice.data === undefined ? (
        <Text color={slice.error ? theme.error : undefined}>
          {slice.error ? `✖ cannot load usage: ${sanitize(slice.error.message)}` : 'loading usage…'}
        </Text>
      ) : (
        <DataTable {...t.tableProps} emptyText={deleted ? 'no deleted resources' : 'no usage records'} />
      )}
      {detail && opened ? (
        <DetailPane
          title={`usage of ${opened.name ?? opened.resource_id}`}
          lines={lines}
          width={p.width}
          height={detailHeight}
          offset={detail.offset}
          hint="esc back · j/k scroll"
          theme={theme}
        />
      ) : bars > 0 && top.length > 0 ? (
        <BarChart
          title={`Top ${top.length} by total bill`}
          items={top.map((u) => ({ label: u.name ?? String(u.resource_id), value: u.total_bill }))}
          format={(v) => money(v)}
          width={p.width}
          theme={theme}
        />
      ) : null}
    </Box>
  );
}
const NO_USAGE: UsageRecord[] = [];

/** Contracts with their discounts, as scrollable lines. */
function ContractsView(p: ViewProps) {
  const { theme } = useApp();
  const [offset, setOffset] = useState(0);
  useWatch(['dashboard', 'contracts']);
  const slice = useSlice<Contract[]>('contracts');
  const contracts = slice.data;
  const now = slice.updatedAt ?? 0;
  const lines = useMemo(
    () => contractLines(contracts, slice.status === 'loading' || slice.status === 'idle', now || Date.now()),
    [contracts, slice.status, now],
  );
  useScreenKeys(p.switchBindings, (name) => {
    const next = scrollReduce(offset, name, lines.length, detailBodyHeight(p.height));
    if (next !== undefined) {
      setOffset(next);
      return true;
    }
    return dispatch(p.switchBindings, name, p, () => {});
  });
  return (
    <DetailPane
      title={`Contracts${contracts ? ` (${contracts.length})` : ''}`}
      lines={
        slice.error && !contracts
          ? [{ kind: 'text', text: `✖ ${slice.error.message}`, tone: 'error' }]
          : lines
      }
      width={p.width}
      height={p.height}
      offset={offset}
      hint="j/k scroll"
      theme={theme}
    />
  );
}

/** Payments, sortable, with the paid total and a sparkline of the amounts paid over time. */
function PaymentsView(p: ViewProps) {
  const { theme } = useApp();
  useWatch(['dashboard', 'payments']);
  const slice = useSlice<Payment[]>('payments');
  const payments = slice.data ?? NO_PAYMENTS;
  const columns = useMemo(() => paymentColumns(theme), [theme]);
  const t = useDataTable(payments, columns, paymentRowId, {
    width: p.width,
    height: p.height - 1,
    isActive: p.active,
    listen: false,
    initialSort: { columnId: 'date', desc: true },
  });
  useScreenKeys(p.switchBindings, (name, input, k) => {
    if (t.handleKey(input, k)) return true;
    return dispatch(p.switchBindings, name, p, () => {});
  });
  const [summary, spark] = useMemo(() => {
    const series = paidSeries(payments);
    return [paymentsSummary(payments), series.length > 1 ? `  paid over time ${sparkline(series, 24)}` : ''];
  }, [payments]);
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text wrap="truncate-end">
        {truncate(slice.data ? `${summary}${spark}` : 'loading payments…', p.width)}
      </Text>
      {slice.data === undefined && slice.error ? (
        <Text color={theme.error}>✖ cannot load payments: {sanitize(slice.error.message)}</Text>
      ) : (
        <DataTable {...t.tableProps} emptyText={slice.data ? 'no payments' : 'loading…'} />
      )}
    </Box>
  );
}
const NO_PAYMENTS: Payment[] = [];
