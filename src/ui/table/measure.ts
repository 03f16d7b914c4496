// Natural column widths from a bounded sample, so a 10,000-row refresh costs the same as a 256-row one.
import { displayWidth } from '../../domain/text.js';
import { cellText } from './cell.js';
import type { Column } from './types.js';

export const SAMPLE_SIZE = 256;

export interface ColumnMeasure {
  /** Widest sampled cell text, in columns. */
  width: number;
  /** First non-null sampled value is a number: the column aligns right by default. */
  numeric: boolean;
}

/** Evenly spaced rows (first and last included) so long values deep in the list are seen too. */
export function sampleRows<T>(rows: readonly T[], size = SAMPLE_SIZE): readonly T[] {
  if (rows.length <= size) return rows;
  const out: T[] = [];
  const step = (rows.length - 1) / (size - 1);
  for (let i = 0; i < size; i++) out.push(rows[Math.round(i * step)] as T);
  return out;
}

export function measureColumns<T>(
  columns: readonly Column<T>[],
  rows: readonly T[],
  size = SAMPLE_SIZE,
): Map<string, ColumnMeasure> {
  const sample = sampleRows(rows, size);
  const out = new Map<string, ColumnMeasure>();
  for (const column of columns) {
    let width = 0;
    let numeric: boolean | undefined;
    for (const row of sample) {
      width = Math.max(width, displayWidth(cellText(column, row)));
      if (numeric === undefined) {
        const v = column.value(row);
        if (v !== null && v !== undefined) numeric = typeof v === 'number';
      }
    }
    out.set(column.id, { width, numeric: numeric ?? false });
  }
  return out;
}

/**
 * Widths that stay while data refreshes: each column keeps the widest it has measured (`seen`, the table's memory
 * of it), so an age going from "9s" to "10s" or a row coming and going does not move every column after it.
 */
export function steadyMeasures(
  seen: Map<string, number>,
  measures: ReadonlyMap<string, ColumnMeasure>,
): Map<string, ColumnMeasure> {
  const out = new Map<string, ColumnMeasure>();
  for (const [id, m] of measures) {
    const width = Math.max(seen.get(id) ?? 0, m.width);
    seen.set(id, width);
    out.set(id, width === m.width ? m : { ...m, width });
  }
  return out;
}
