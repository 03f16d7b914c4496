// The STATUS column of a list whose rows may carry a pending action: "◐ STOPPING…" while it is under way, then
// the resource's own status with its symbol and colour.
import type { PendingMark } from '../../store/state/pending.js';
import { pendingText, statusLabel, type Theme } from '../theme.js';
import type { Column } from './types.js';

export function statusColumn<T extends { pending: PendingMark | undefined }>(
  theme: Theme,
  status: (row: T) => string | null | undefined,
  more: Omit<Partial<Column<T>>, 'id' | 'title' | 'value' | 'text' | 'color'> = {},
): Column<T> {
  return {
    id: 'status',
    title: 'STATUS',
    value: (r) => r.pending?.label ?? status(r),
    text: (r) => (r.pending ? pendingText(r.pending) : statusLabel(status(r))),
    color: (r) => theme.statusStyle(r.pending?.label ?? status(r)).color,
    priority: 0,
    ...more,
  };
}
