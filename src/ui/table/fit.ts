// Column layout for a given terminal width: drop low-priority columns, then share the spare width.
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
  // A column read or copied whole (an IP, an ID) never shrinks: lower-priority columns drop out first.
  const min = column.whole ? natural : column.minWidth !== undefined ? lo : Math.min(natural, DEFAULT_MIN);
  return { column, min, natural, width: min, numeric: m?.numeric ?? false };
}

const used = <T>(slots: Slot<T>[], key: 'min' | 'width') =>
  slots.reduce((sum, s) => sum + s[key], 0) + Math.max(0, slots.length - 1) * GAP;

/** Index of the column to drop next: highest priority number, rightmost on ties; -1 when all are required. */
function dropCandidate<T>(slots: Slot<T>[]): number {
  let best = -1;
  let bestPriority = 0;
  slots.forEach((s, i) => {
    const p = s.column.priority ?? DEFAULT_PRIORITY;
    if (p > 0 && p >= bestPriority) {
      best = i;
      bestPriority = p;
    }
  });
  return best;
}

/** Hands out `spare` columns in proportion to `weight`, never beyond `room`; returns what is left. */
function share<T>(
  slots: Slot<T>[],
  room: (s: Slot<T>) => number,
  weight: (s: Slot<T>) => number,
  spare: number,
) {
  let left = spare;
  while (left > 0) {
    const open = slots.filter((s) => room(s) > 0 && weight(s) > 0);
    if (open.length === 0) break;
    const total = open.reduce((sum, s) => sum + weight(s), 0);
    let given = 0;
    for (const s of open) {
      const add = Math.min(room(s), Math.floor((left * weight(s)) / total));
      s.width += add;
      given += add;
    }
    // Rounding gave nothing (remainder below the open count): one column each, left to right.
    if (given === 0) {
      for (const s of open) {
        if (given === left) break;
        s.width += 1;
        given += 1;
      }
    }
    left -= given;
  }
  return left;
}

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

  for (
    let drop = dropCandidate(slots);
    used(slots, 'min') > total && drop >= 0;
    drop = dropCandidate(slots)
  ) {
    slots.splice(drop, 1);
  }
  // Only required columns left and still too wide: squeeze the widest (a whole one last), then give up on trailing
  // ones. The wide view (W) still shows everything.
  while (slots.length > 0 && used(slots, 'width') > total) {
    const cut = slots.filter((s) => !s.column.whole && s.width > 1);
    const widest = (cut.length > 0 ? cut : slots).reduce((a, b) => (b.width > a.width ? b : a));
    if (widest.width > 1) widest.width -= 1;
    else slots.pop();
  }

  let spare = total - used(slots, 'width');
  spare = share(
    slots,
    (s) => s.natural - s.width,
    (s) => s.natural - s.width,
    spare,
  );
  share(
    slots,
    (s) => (s.column.maxWidth ?? Number.POSITIVE_INFINITY) - s.width,
    (s) => s.column.grow ?? 0,
    spare,
  );

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
