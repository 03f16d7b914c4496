import { type DetailLine, field } from '../DetailPane.js';
import { pendingText } from '../theme.js';

/** The callback URL (of a VM, a volume), "◐ removing…" while a change of it is under way, and the keys that change it. */
export function callbackField(
  url: string | null | undefined,
  mark: { label?: string } | undefined,
): DetailLine {
  if (mark)
    return field(
      'callback',
      `${pendingText({ label: (mark.label ?? '').toLowerCase() })} ${url ?? ''}`,
      'warn',
    );
  return field('callback', url ? `${url}  (u changes, U removes)` : '— (u attaches one)');
}
