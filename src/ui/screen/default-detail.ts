/**
 * The detail of a row whose spec declares none (ResourceScreen): one field per declared column, in order, with the
 * cell's text — every column, those the table drops for width too — and the service's object of the row under `y`.
 * A resource gets a detail pane from its list declaration alone; a hand-written `detail` replaces this one.
 */
import { field, section } from '../DetailPane.js';
import { cellText } from '../table/cell.js';
import type { Theme } from '../theme.js';
import { identifyingColumn, type ListSpec } from './list-spec.js';

export function columnsDetail<T>(spec: Pick<ListSpec<T>, 'columns' | 'noun' | 'raw'>, theme: Theme) {
  return {
    title: (row: T) => {
      const named = identifyingColumn(spec.columns(theme, Date.now()));
      return named ? cellText(named, row) : spec.noun;
    },
    watch: (): readonly [] => [],
    lines: (row: T, _slice: unknown, now: number) => [
      section(spec.noun),
      ...spec.columns(theme, now).map((c) => field(c.title.trim() || c.id, cellText(c, row))),
    ],
    raw: (row: T): unknown => (spec.raw ? spec.raw(row) : row),
  };
}
