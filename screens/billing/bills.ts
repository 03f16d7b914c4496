/**
 * Bills by resource: what each VM, volume, snapshot, cluster or bucket billed over a period (the service's billing
 * history of each kind), and one resource's bill in its detail with what the service keeps besides: a VM's
 * billing events and cost by sub-resource, a volume's events, a cluster's or a snapshot's hourly cost.
 * Units: incurred_bill and price_per_hour are dollars, usage_time hours (the API reference pages say so); an
 * event's duration has no documented unit, so it is shown as the service sent it and said to be so.
 */
import { HISTORY_KINDS, type HistoryKind, type HistoryRow } from '../../src/api/endpoints/billing-history.js';
import type { BillingEvent } from '../../src/api/schemas/billing-history.js';
import { type Period, type PeriodPreset, periodText, presetPeriod } from '../../src/domain/billing-period.js';
import { money, NONE, perHour } from '../../src/domain/format.js';
import { maxOf, pushAll } from '../../src/domain/lists.js';
import type { BillDetail } from '../../src/store/state/bill-detail.js';
import { type BillsQuery, storeKey } from '../../src/store/state/resources.js';
import { sparkline, sparkRows } from '../../src/ui/charts/sparkline.js';
import { type DetailLine, field, section, text } from '../../src/ui/DetailPane.js';
import type { ResourceSpec } from '../../src/ui/screen/ResourceScreen.js';
import { nameColumn } from '../../src/ui/table/name-column.js';
import { numberColumn } from '../../src/ui/table/number-column.js';

/** What the view shows: one kind over a period. */
export interface BillsState {
  kind: HistoryKind;
  preset: PeriodPreset;
  period: Period;
}

export const KIND_NAMES: Readonly<Record<HistoryKind, string>> = {
  'virtual-machine': 'VMs',
  volume: 'volumes',
  snapshot: 'snapshots',
  cluster: 'clusters',
  bucket: 'buckets',
};

const ONE_NAME: Readonly<Record<HistoryKind, string>> = {
  'virtual-machine': 'VM',
  volume: 'volume',
  snapshot: 'snapshot',
  cluster: 'cluster',
  bucket: 'bucket',
};

/** The VMs of the last 7 days, ending `now`. */
export function billsOf(kind: HistoryKind = HISTORY_KINDS[0], now = Date.now()): BillsState {
  return { kind, preset: '7d', period: presetPeriod('7d', now) };
}

export const billsKey = (s: BillsState) =>
  storeKey('bills', { kind: s.kind, ...s.period } satisfies BillsQuery);
const billKey = (s: BillsState, id: number) => storeKey('bill', { kind: s.kind, id, ...s.period });

type BillsKey = ReturnType<typeof billsKey>;
/** A chart's widest: a wider one says no more. */
const CHART_MAX = 96;

const hours = (h: number | null) => (h === null ? NONE : `${Math.round(h * 10) / 10} h`);

/** The table of one kind's bills, the dearest first; Enter reads one resource's bill. */
export function billsSpec(s: BillsState): ResourceSpec<HistoryRow, BillsKey> {
  return {
    resource: billsKey(s),
    noun: `${ONE_NAME[s.kind]} bills`,
    title: `Bills of ${KIND_NAMES[s.kind]} · last ${s.preset} · ${periodText(s.period)}`,
    note: (rows) =>
      `${rows.length} ${KIND_NAMES[s.kind]}, ${money(rows.reduce((a, r) => a + (r.bill ?? 0), 0))} billed in the period (K: another kind, t: period)`,
    columns: (theme) => [
      nameColumn((r) => r.name, 10),
      {
        id: 'status',
        title: 'STATUS',
        value: (r) => r.status ?? '',
        color: (r) => (/deleted|terminated/i.test(r.status ?? '') ? theme.dim : undefined),
        priority: 2,
      },
      numberColumn('bill', 'BILLED', (r: HistoryRow) => r.bill, money, { priority: 0 }),
      numberColumn('pph', '$/HOUR', (r: HistoryRow) => r.pricePerHour, money, { priority: 1 }),
      numberColumn('hours', 'HOURS', (r: HistoryRow) => r.hours, hours, { priority: 1 }),
      {
        id: 'contract',
        title: 'CONTRACT',
        value: (r) => r.contractId ?? '',
        text: (r) => (r.contractId === null ? '' : `#${r.contractId}`),
        priority: 3,
      },
    ],
    rowId: (r) => String(r.id),
    rows: (ctx) => ctx.data.rows,
    initialSort: { columnId: 'bill', desc: true },
    emptyText: `no ${KIND_NAMES[s.kind]} billed in this period`,
    detail: {
      title: (r) => `bill of ${ONE_NAME[s.kind]} ${r.name}`,
      watch: (r) => [billKey(s, r.id)],
      lines: (r, slice, _now, width) => {
        const d = slice(billKey(s, r.id));
        return billLines(
          s,
          r,
          d.data,
          d.status === 'loading' || d.status === 'idle',
          d.error?.message,
          width,
        );
      },
      raw: (r) => r,
    },
  };
}

/** One resource's bill: what it billed (before discounts too), then its events, sub-resources or hourly cost. */
export function billLines(
  s: BillsState,
  r: HistoryRow,
  d: BillDetail | undefined,
  loading: boolean,
  error: string | undefined,
  width: number,
): DetailLine[] {
  const row = d?.row ?? r;
  const contract = row.contractId ?? r.contractId;
  const lines: DetailLine[] = [
    field(ONE_NAME[s.kind], `${row.name} (id ${row.id})`),
    field('period', `last ${s.preset} · ${periodText(s.period)}`),
    field('status', row.status ?? r.status ?? NONE),
    field('contract', contract === null ? 'none: market rate' : `#${contract}`),
    field('billed', money(row.bill)),
    field('before discounts', d?.row ? money(d.row.listBill) : loading ? 'loading…' : NONE),
    field('price', perHour(row.pricePerHour)),
    field('time billed', hours(row.hours)),
  ];
  if (error) lines.push(text(`✖ cannot load the bill's detail: ${error}`, 'error'));
  else if (!d) lines.push(text(loading ? 'loading the bill’s detail…' : 'detail not available', 'dim'));
  for (const e of d?.errors ?? []) lines.push(text(`✖ ${e}`, 'warn'));
  if (!d) return lines;
  const chart = Math.max(10, Math.min(CHART_MAX, width - 2));
  if (d.parts) pushAll(lines, partLines(d.parts, chart));
  if (d.graph) pushAll(lines, graphLines(d.graph.points, chart));
  if (d.events) pushAll(lines, eventLines(d.events));
  return lines;
}

function partLines(parts: NonNullable<BillDetail['parts']>, width: number): DetailLine[] {
  const names = [...new Set([...Object.keys(parts.totals), ...Object.keys(parts.graphs)])];
  if (names.length === 0) return [section('Cost by sub-resource'), text('none reported', 'dim')];
  const out: DetailLine[] = [section('Cost by sub-resource (hourly over the period)')];
  const label = maxOf(names.map((n) => n.length));
  for (const n of names) {
    const graph = (parts.graphs[n] ?? []).map((p) => p.value);
    const line = `${n.padEnd(label)}  ${money(parts.totals[n]).padStart(10)}`;
    const room = width - line.length - 2;
    out.push(text(graph.length > 0 && room >= 8 ? `${line}  ${sparkline(graph, room)}` : line));
  }
  return out;
}

function graphLines(points: ReadonlyArray<{ datetime: string; value: number | null }>, width: number) {
  if (points.length === 0) return [section('Cost per hour'), text('no cost in this period', 'dim')];
  const values = points.map((p) => p.value);
  const peak = Math.max(0, maxOf(values.filter((v): v is number => typeof v === 'number')));
  return [
    section(`Cost per hour (0 – ${money(peak)}, ${points.length} points)`),
    ...sparkRows(values, width, 3, { min: 0 }).map((l) => text(l)),
  ];
}

/** The spans at one rate, newest first; the duration as the service sends it (its unit is not documented). */
export function eventLines(events: readonly BillingEvent[]): DetailLine[] {
  if (events.length === 0) return [section('Billing events'), text('none in this period', 'dim')];
  const sorted = [...events].sort((a, b) => String(b.start ?? '').localeCompare(String(a.start ?? '')));
  return [
    section(`Billing events (${events.length})`),
    text('  START               EVENT        DURATION*       $/HOUR       COST', 'dim'),
    ...sorted.map((e) =>
      text(
        `  ${(e.start ?? NONE).slice(0, 19).replace('T', ' ').padEnd(19)} ${(e.event ?? NONE).padEnd(12)} ${String(e.event_duration ?? NONE).padStart(9)} ${money(e.price_per_hour).padStart(12)} ${money(e.total_cost).padStart(10)}`,
      ),
    ),
    text('  * event_duration as the service sends it: the API reference gives no unit', 'dim'),
  ];
}
