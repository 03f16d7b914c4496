/**
 * The detail of a row whose spec declares none (ResourceScreen): one field per declared column, in order, with the
 * cell's text — every column, those the table drops for width too — and the service's object of the row under `y`.
 * A resource gets a detail pane from its list declaration alone; a hand-written `detail` replaces this one.
 */
import { field, section } from '../DetailPane.js';
import { cellText } from '../table/cell.js';
import type { Column } from '../table/types.js';
import { identifyingColumn, type ListSpec } from './list-spec.js';

/** From the screen's columns as built for this refresh (ResourceScreen's, not built again per row or render). */
export function columnsDetail<T>(spec: Pick<ListSpec<T>, 'noun' | 'raw'>, columns: readonly Column<T>[]) {
  const named = identifyingColumn(columns);
  return {
    title: (row: T) => (named ? cellText(named, row) : spec.noun),
    watch: (): readonly [] => [],
    lines: (row: T) => [
      section(spec.noun),
      ...columns.map((c) => field(c.title.trim() || c.id, cellText(c, row))),
    ],
    raw: (row: T): unknown => (spec.raw ? spec.raw(row) : row),
  };
}
