import { useMemo, useState } from 'react';
import type { Payment, UsageRecord } from '../src/api/schemas/billing.js';
import { costNow, paidSeries, topN } from '../src/domain/billing.js';
import { PERIOD_PRESETS, type PeriodPreset, presetPeriod } from '../src/domain/billing-period.js';
import { money } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { ensureLoaded } from '../src/store/actions/ensure-loaded.js';
import { ui } from '../src/store/state/app-store.js';
import { readData, type UsageKey } from '../src/store/state/resources.js';
import type { Binding } from '../src/ui/bindings.js';
import { BarChart } from '../src/ui/charts/BarChart.js';
import { sparkline } from '../src/ui/charts/sparkline.js';
import { type AppContextValue, type ScreenProps, useApp, useWatch } from '../src/ui/screen/context.js';
import { useSlice } from '../src/ui/screen/hooks.js';
import { LinesScreen } from '../src/ui/screen/LinesScreen.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { useViews, type ViewKey, viewBindings } from '../src/ui/screen/useViews.js';
import { ViewsScreen } from '../src/ui/screen/ViewsScreen.js';
import { ALERTS_SPEC } from './billing/alerts.js';
import { type BillsState, billsOf, billsSpec, KIND_NAMES } from './billing/bills.js';
import { Contracts } from './billing/ContractsView.js';
import { creditLine } from './billing/credit.js';
import { historyLines } from './billing/history.js';
import {
  ACCOUNT,
  graphKey,
  type HistoryState,
  type HistoryTarget,
  historyOf,
  historyTargetOf,
  takeHistoryWish,
} from './billing/history-target.js';
import { nowLines } from './billing/now.js';
import { paymentColumns, paymentRowId, paymentsSummary } from './billing/payments.js';
import { DISABLE_TOPUP, SET_TOPUP, TopUp, VOUCHER } from './billing/TopUp.js';
import { usageDetailLines, usageRateKey, usageTotals } from './billing/usage.js';
import { billingPeriodForm } from './forms/billing-period.js';
import { usageList } from './lists/usage.js';

type View = 'usage' | 'bills' | 'contracts' | 'payments' | 'alerts' | 'history' | 'top-up';
const VIEWS: readonly ViewKey<View>[] = [
  { key: 'u', view: 'usage' },
  { key: 'b', view: 'bills' },
  { key: 'c', view: 'contracts' },
  { key: 'p', view: 'payments' },
  { key: 'a', view: 'alerts' },
  { key: 'h', view: 'history' },
  { key: 'f', view: 'top-up' },
];
const CHART_MAX_BARS = 8;

/** Usage records of the active (or deleted) resources of one environment (or all): a declared table. */
export function usageSpec(
  deleted: boolean,
  env: string | undefined,
  onHistory: (t: HistoryTarget) => void,
): ResourceSpec<UsageRecord, UsageKey> {
  const scope = `${deleted ? 'deleted (terminated) resources' : 'active resources'} · ${env ? `environment ${sanitize(env)}` : 'all environments'}`;
  return {
    ...usageList(deleted, env),
    title: `Usage of ${scope}`,
    note: (rows) => usageTotals(rows),
    // what burns now first (a stopped VM billed in full among them); o orders by another column
    initialSort: { columnId: 'pph', desc: true },
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
    actions: [
      {
        key: 'H',
        label: 'cost history',
        when: (u) => historyTargetOf(u) !== undefined,
        run: (u) => {
          const t = historyTargetOf(u);
          if (t) onHistory(t);
        },
      },
    ],
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

export const PAYMENTS_SPEC: ResourceSpec<Payment, 'payments'> = {
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
const PERIOD = { keys: ['t'], label: 'period' } as const satisfies Binding;
/** The bills view's kind of resource (VMs, volumes, snapshots, clusters, buckets). */
const KIND = { keys: ['K'], label: 'resource kind', action: 'bills-kind' } as const satisfies Binding;
/** To the waste view (:waste): what costs money doing nothing. */
const WASTE = { keys: ['w'], label: 'waste', action: 'waste-view' } as const satisfies Binding;

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings(
  [usageSpec(false, undefined, () => {}), PAYMENTS_SPEC, ALERTS_SPEC, billsSpec(billsOf())],
  [SHOW_DELETED, ENVIRONMENT, PERIOD, KIND, WASTE, SET_TOPUP, DISABLE_TOPUP, VOUCHER, ...viewBindings(VIEWS)],
);

/**
 * Billing: the "Now" block (cost per hour, projected day and month) always on top, and one of three views below,
 * switched by keys: usage (u), contracts (c), payments (p).
 */
export function BillingScreen({ width, height, active }: ScreenProps) {
  const app = useApp();
  // opened from a VM's detail (B): straight on its cost history
  const [wish] = useState(() => takeHistoryWish(app.deps.store));
  const shown = useViews(VIEWS, wish ? 'history' : 'usage');
  const { setView } = shown;
  // the whole account's until a VM or volume is chosen (H on a usage row, B in a VM's detail)
  const [history, setHistory] = useState<HistoryState | undefined>(() => historyOf(wish ?? ACCOUNT));
  const [bills, setBills] = useState<BillsState>(() => billsOf());
  const [deleted, setDeleted] = useState(false);
  const [env, setEnv] = useState<string | undefined>();
  useWatch(['dashboard', 'credit', 'last-day-cost']);
  const dash = useSlice('dashboard');
  const credit = useSlice('credit');
  const lastDay = useSlice('last-day-cost');
  const [line1, line2] = nowLines(dash.data, dash.status === 'loading' || dash.status === 'idle');
  const line3 = creditLine(
    {
      credit: credit.data,
      creditError: credit.error?.message,
      lastDay: lastDay.data,
      perHour: costNow(dash.data).perHour,
    },
    width,
  );
  const usage = useMemo(
    () =>
      usageSpec(deleted, env, (t) => {
        setHistory(historyOf(t));
        setView('history');
      }),
    [deleted, env, setView],
  );
  return (
    <ViewsScreen
      heading="Billing"
      views={VIEWS}
      shown={shown}
      top={[{ text: line1, tone: 'bold' }, { text: line2, tone: 'dim' }, { text: line3 }]}
      extraBindings={[{ ...WASTE, run: () => ui.setScreen(app.deps.store, 'waste') }]}
      width={width}
      height={height}
      active={active}
      panes={{
        usage: (body) => (
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
              ...body.extraBindings,
            ]}
          />
        ),
        'top-up': (body) => <TopUp {...body} />,
        bills: (body) => <Bills {...body} state={bills} setState={setBills} />,
        contracts: (body) => <Contracts {...body} />,
        alerts: ALERTS_SPEC,
        history: (body) => <History {...body} state={history} setState={setHistory} />,
        payments: PAYMENTS_SPEC,
      }}
    />
  );
}

/** Bills of one kind of resource over a period: K another kind, t another period. */
function Bills(p: {
  width: number;
  height: number;
  active: boolean;
  state: BillsState;
  setState: (s: BillsState) => void;
  extraBindings: readonly Binding[];
}) {
  const app = useApp();
  const { state, setState } = p;
  const spec = useMemo(() => billsSpec(state), [state]);
  const bindings: Binding[] = [
    { ...KIND, run: () => chooseKind(app, state, setState) },
    {
      ...PERIOD,
      run: () =>
        choosePreset(app, state.preset, (preset) =>
          setState({ ...state, preset, period: presetPeriod(preset, Date.now()) }),
        ),
    },
    ...p.extraBindings,
  ];
  return (
    <ResourceScreen
      width={p.width}
      height={p.height}
      active={p.active}
      title="Bills"
      spec={spec}
      extraBindings={bindings}
    />
  );
}

function chooseKind(app: AppContextValue, state: BillsState, set: (s: BillsState) => void): void {
  ui.openModal(app.deps.store, {
    kind: 'choose',
    title: 'Bills of which kind of resource?',
    message: `Now: ${KIND_NAMES[state.kind]}`,
    options: Object.entries(KIND_NAMES).map(([value, label]) => ({ label, value })),
    onChoose: (v) => {
      const kind = (Object.keys(KIND_NAMES) as Array<BillsState['kind']>).find((k) => k === v);
      if (kind) set({ ...state, kind });
    },
  });
}

/** The bills' period: one of the presets (what the service bills is read for each). */
function choosePreset(app: AppContextValue, now: PeriodPreset, set: (p: PeriodPreset) => void): void {
  ui.openModal(app.deps.store, {
    kind: 'choose',
    title: 'Bills over which period?',
    message: `Now: last ${now}`,
    options: PERIOD_PRESETS.map((x) => ({ label: x.label, value: x.id })),
    onChoose: (v) => {
      const preset = PERIOD_PRESETS.find((x) => x.id === v)?.id;
      if (preset) set(preset);
    },
  });
}

/** The cost history chart of one VM or volume, with its period picker (t). */
function History(p: {
  width: number;
  height: number;
  state: HistoryState | undefined;
  setState: (s: HistoryState) => void;
  extraBindings: readonly Binding[];
}) {
  const app = useApp();
  const key = p.state ? graphKey(p.state) : undefined;
  useWatch(key ? [key] : []);
  const slice = useSlice(key);
  const lines = historyLines({
    state: p.state,
    graph: key ? slice.data : undefined,
    loading: slice.status === 'loading' || slice.status === 'idle',
    error: slice.error?.message,
    width: p.width - 2,
    chartRows: Math.max(3, Math.min(6, Math.floor((p.height - 10) / 3))),
  });
  const { state, setState } = p;
  const bindings: Binding[] = state
    ? [{ ...PERIOD, run: () => choosePeriod(app, state, setState) }, ...p.extraBindings]
    : [...p.extraBindings];
  return (
    <LinesScreen
      width={p.width}
      height={p.height}
      title={
        state
          ? state.target.kind === 'account'
            ? 'Cost history of the account'
            : `Cost history of ${state.target.kind === 'vm' ? 'VM' : 'volume'} ${sanitize(state.target.name)}`
          : 'Cost history'
      }
      lines={lines}
      extraBindings={bindings}
    />
  );
}

/** The period picker: three presets, or a custom period in a form. */
function choosePeriod(app: AppContextValue, state: HistoryState, set: (s: HistoryState) => void): void {
  ui.openModal(app.deps.store, {
    kind: 'choose',
    title: 'Cost history over which period?',
    message: `Now: ${state.preset === 'custom' ? 'custom' : `last ${state.preset}`}`,
    options: [
      ...PERIOD_PRESETS.map((x) => ({ label: x.label, value: x.id })),
      { label: 'custom…', value: 'custom' },
    ],
    onChoose: (v) => {
      if (v === 'custom') {
        ui.openForm(app.deps.store, billingPeriodForm(app.deps, state, set));
        return;
      }
      const preset = PERIOD_PRESETS.find((x) => x.id === v)?.id;
      if (preset) set({ ...state, preset, period: presetPeriod(preset, Date.now()) });
    },
  });
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
