// Column layout for a given terminal width: each column as wide as its content, the least important giving way.
import { maxOf } from '../../domain/lists.js';
import { displayWidth } from '../../domain/text.js';
import { type ColumnMeasure, measureColumns } from './measure.js';
import type { Column, FittedColumn } from './types.js';

export const GAP = 1;
/** Room kept after each title for the ▲/▼ sort mark, so sorting never shifts the layout. */
const SORT_MARK = 1;
/** A column without minWidth may shrink to this before columns are dropped. */
const DEFAULT_MIN = 6;
const DEFAULT_PRIORITY = 1;

interface Slot<T> {
  column: Column<T>;
  min: number;
  natural: number;
  width: number;
  numeric: boolean;
}

function slotFor<T>(column: Column<T>, m: ColumnMeasure | undefined): Slot<T> {
  const lo = Math.max(1, column.minWidth ?? 1);
  const hi = Math.max(lo, column.maxWidth ?? Number.POSITIVE_INFINITY);
  const wanted = Math.max(displayWidth(column.title) + SORT_MARK, m?.width ?? 0);
  const natural = Math.min(hi, Math.max(lo, wanted));
  // A column read or copied whole (an IP, an ID) or a number (cut, it would lie) is not cut while any other can
  // give way.
  const whole = column.whole || m?.numeric === true;
  const min = whole ? natural : Math.min(natural, column.minWidth !== undefined ? lo : DEFAULT_MIN);
  return { column, min, natural, width: natural, numeric: m?.numeric ?? false };
}

const priorityOf = <T>(s: Slot<T>) => s.column.priority ?? DEFAULT_PRIORITY;

const used = <T>(slots: Slot<T>[]) =>
  slots.reduce((sum, s) => sum + s.width, 0) + Math.max(0, slots.length - 1) * GAP;

/** The rightmost column of the least important level shown (`level`), to drop next. */
function rightmostOf<T>(slots: Slot<T>[], level: number): number {
  for (let i = slots.length - 1; i >= 0; i--) if (priorityOf(slots[i] as Slot<T>) === level) return i;
  return -1;
}

/** Cuts `excess` cells off these columns, the widest first, none below its min; returns what is left. */
function cut<T>(slots: Slot<T>[], excess: number): number {
  let left = excess;
  while (left > 0) {
    const open = slots.filter((s) => s.width > s.min);
    if (open.length === 0) break;
    const widest = open.reduce((a, b) => (b.width > a.width ? b : a));
    widest.width -= 1;
    left -= 1;
  }
  return left;
}

/**
 * The columns that fit in `totalWidth`, each at the width its content needs (a name takes what it needs, not the
 * rest of the line). Too wide: only the least important level shown (the highest priority number) gives way: its
 * columns are cut (never below their min, a `whole` one not at all) when that is enough, else its rightmost column
 * is dropped, and so on. So a more important column (a name, a flavor, a status) is never cut while a less
 * important one is shown. Priority 0 columns are never dropped: cut the widest (a whole one last) when they
 * alone do not fit; the wide view (W) still shows everything.
 */
export function fitColumns<T>(
  columns: readonly Column<T>[],
  sample: readonly T[] | ReadonlyMap<string, ColumnMeasure>,
  totalWidth: number,
): FittedColumn<T>[] {
  const measures = Array.isArray(sample)
    ? measureColumns(columns, sample as readonly T[])
    : (sample as ReadonlyMap<string, ColumnMeasure>);
  const total = Math.max(0, Math.floor(totalWidth));
  const slots = columns.map((c) => slotFor(c, measures.get(c.id)));

  while (used(slots) > total) {
    const level = maxOf(slots.map(priorityOf));
    const excess = used(slots) - total;
    const mine = slots.filter((s) => priorityOf(s) === level);
    const room = mine.reduce((sum, s) => sum + s.width - s.min, 0);
    if (level > 0 && room < excess) {
      slots.splice(rightmostOf(slots, level), 1);
      continue;
    }
    if (cut(mine, excess) === 0) break;
    // priority 0 alone, still too wide: cut whole columns too, then give up on trailing ones
    for (const s of slots) s.min = 1;
    const left = cut(slots, used(slots) - total);
    if (left > 0) slots.pop();
  }

  return slots.map((s) => ({
    column: s.column,
    width: s.width,
    align: s.column.align ?? (s.numeric ? 'right' : 'left'),
  }));
}

/**
 * The wide view: every column at its natural width, nothing cut, scrolled sideways. The first column stays (it
 * names the row); after it come the columns from `scroll` on, as many as fit whole (at least one, cut if alone).
 */
export function wideColumns<T>(
  columns: readonly Column<T>[],
  measures: ReadonlyMap<string, ColumnMeasure>,
  totalWidth: number,
  scroll: number,
): FittedColumn<T>[] {
  const slots = columns.map((c) => slotFor(c, measures.get(c.id)));
  const [first, ...rest] = slots;
  if (!first) return [];
  const from = Math.max(0, Math.min(scroll, rest.length - 1));
  const shown = [first];
  let room = Math.max(0, Math.floor(totalWidth)) - first.natural;
  for (const s of rest.slice(from)) {
    if (shown.length > 1 && s.natural + GAP > room) break;
    shown.push(s);
    room -= s.natural + GAP;
  }
  const total = Math.max(0, Math.floor(totalWidth));
  let left = total;
  return shown
    .map((s, i) => {
      const width = Math.max(0, Math.min(s.natural, left - (i > 0 ? GAP : 0)));
      left -= width + (i > 0 ? GAP : 0);
      return { column: s.column, width, align: s.column.align ?? (s.numeric ? 'right' : 'left') };
    })
    .filter((f) => f.width > 0);
}

/** Same columns, widths and alignment: lets callers keep the previous array so memoized rows skip a render. */
export function sameLayout<T>(a: readonly FittedColumn<T>[], b: readonly FittedColumn<T>[]): boolean {
  return (
    a.length === b.length &&
    a.every((f, i) => f.column === b[i]?.column && f.width === b[i]?.width && f.align === b[i]?.align)
  );
}
