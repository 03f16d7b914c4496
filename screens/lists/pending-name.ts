/** The NAME column of a list whose rows carry a pending action: "tmp-exports ⟳ deleting…" until it lands. */
import { nameColumn } from '../../src/ui/table/name-column.js';
import type { Column } from '../../src/ui/table/types.js';
import { STATUS_SYMBOL, type Theme } from '../../src/ui/theme.js';

export function pendingNameColumn<T extends { pending: string | undefined }>(
  theme: Theme,
  name: (r: T) => string,
  minWidth: number,
  title = 'NAME',
): Column<T> {
  return {
    ...nameColumn(name, minWidth, title),
    text: (r) => (r.pending ? `${name(r)} ${STATUS_SYMBOL.busy} ${r.pending}…` : name(r)),
    color: (r) => (r.pending ? theme.warn : undefined),
  };
}
