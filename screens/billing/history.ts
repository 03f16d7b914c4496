/** The billing history chart of one VM or volume: hourly cost over the period, its total, and cost per day. */

import type { BillingGraph } from '../../src/api/schemas/credit.js';
import { periodText } from '../../src/domain/billing-period.js';
import { money } from '../../src/domain/format.js';
import { maxOf } from '../../src/domain/lists.js';
import { barLines } from '../../src/ui/charts/bar.js';
import { sparkRows } from '../../src/ui/charts/sparkline.js';
import { type DetailLine, field, section, text } from '../../src/ui/DetailPane.js';
import type { HistoryState } from './history-target.js';

export interface HistoryInput {
  state: HistoryState | undefined;
  graph: BillingGraph | undefined;
  loading: boolean;
  error: string | undefined;
  width: number;
  chartRows: number;
}

/** Sums the hourly points per UTC day: "2026-07-01" → dollars. */
export function perDay(points: BillingGraph['points']): Array<{ label: string; value: number }> {
  const days = new Map<string, number>();
  for (const p of points)
    days.set(p.datetime.slice(0, 10), (days.get(p.datetime.slice(0, 10)) ?? 0) + (p.value ?? 0));
  return [...days].map(([label, value]) => ({ label, value }));
}

export function historyLines(p: HistoryInput): DetailLine[] {
  if (!p.state) {
    return [
      text('No resource chosen.', 'dim'),
      text('Pick a VM or volume in the usage view (u) and press H, or press B in a VM’s detail.', 'dim'),
    ];
  }
  const { target, period, preset } = p.state;
  if (target.kind === 'account') return accountLines(p, p.state);
  const lines: DetailLine[] = [
    field(target.kind === 'vm' ? 'VM' : 'volume', `${target.name} (id ${target.id})`),
    field(
      'period',
      `${preset === 'custom' ? 'custom' : `last ${preset}`} · ${periodText(period)}  (t: change)`,
    ),
  ];
  if (!p.graph) {
    if (p.error) lines.push(text(`✖ cannot load the billing history: ${p.error}`, 'error'));
    else lines.push(text(p.loading ? 'loading the billing history…' : 'not available', 'dim'));
    return lines;
  }
  const values = p.graph.points.map((x) => x.value);
  const peak = Math.max(0, maxOf(values.filter((v): v is number => typeof v === 'number')));
  lines.push(
    field(
      'billed',
      `${money(p.graph.total ?? values.reduce<number>((a, v) => a + (v ?? 0), 0))} in the period`,
    ),
    field('points', `${p.graph.points.length}, one per hour · peak ${money(peak)} in an hour`),
  );
  if (p.error) lines.push(text(`refresh failed: ${p.error}`, 'warn'));
  if (p.graph.points.length === 0) {
    lines.push(text('no cost in this period', 'dim'));
    return lines;
  }
  const width = Math.max(10, p.width);
  lines.push(section(`Cost per hour (0 – ${money(peak)})`));
  for (const row of sparkRows(values, width, p.chartRows, { min: 0 })) lines.push(text(row));
  const first = p.graph.points[0]!.datetime.slice(0, 16).replace('T', ' ');
  const last = p.graph.points.at(-1)!.datetime.slice(0, 16).replace('T', ' ');
  lines.push(text(`${first}${' '.repeat(Math.max(1, width - first.length - last.length))}${last}`, 'dim'));
  const days = perDay(p.graph.points);
  if (days.length > 1) {
    lines.push(section('Cost per day (UTC)'));
    for (const l of barLines(days, width, { format: (v) => money(v) })) lines.push(text(l));
  }
  return lines;
}

/** The whole account's history: what each kind of resource cost over the period, then the cost of each day. */
function accountLines(p: HistoryInput, state: HistoryState): DetailLine[] {
  const { period, preset } = state;
  const lines: DetailLine[] = [
    field('account', 'every resource (H on a usage row: one VM or volume)'),
    field(
      'period',
      `${preset === 'custom' ? 'custom' : `last ${preset}`} · ${periodText(period)}  (t: change)`,
    ),
  ];
  if (!p.graph) {
    if (p.error) lines.push(text(`✖ cannot load the billing history: ${p.error}`, 'error'));
    else
      lines.push(
        text(p.loading ? 'loading the billing history (one request a day)…' : 'not available', 'dim'),
      );
    return lines;
  }
  const parts = p.graph.parts ?? {};
  lines.push(
    field('billed', `${money(p.graph.total)} in the period`),
    field('VMs', money(parts.vm_cost)),
    field('volumes', money(parts.volume_cost)),
    field('snapshots', money(parts.snapshot_cost)),
    field('under contract', money(parts.contract_cost)),
  );
  if (p.error) lines.push(text(`refresh failed: ${p.error}`, 'warn'));
  const days = p.graph.points.map((x) => ({ label: x.datetime.slice(0, 10), value: x.value ?? 0 }));
  if (days.length > 0) {
    lines.push(section('Cost per day (UTC)'));
    for (const l of barLines(days, Math.max(10, p.width), { format: (v) => money(v) })) lines.push(text(l));
  }
  return lines;
}
