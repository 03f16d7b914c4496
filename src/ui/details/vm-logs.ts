import type { LogsState } from '../../store/actions/vm-logs.js';
import { type DetailLine, section, text } from '../DetailPane.js';

/** The Logs section of a VM's detail: every line, or those holding the search (case-insensitive), with a count. */
export function logsLines(l: LogsState | undefined): DetailLine[] {
  if (!l) return [];
  const lines = [section('Console log')];
  if (l.state === 'loading') return [...lines, text('◐ requesting the console log…', 'warn')];
  if (l.state === 'failed') return [...lines, text(`✖ no log: ${l.error}`, 'error')];
  const q = l.search?.toLowerCase();
  const shown = q ? l.lines.filter((x) => x.toLowerCase().includes(q)) : l.lines;
  lines.push(
    text(
      q
        ? `${shown.length} of ${l.lines.length} lines hold "${l.search}" · / searches again (empty: all) · l hides`
        : `last ${l.lines.length} lines · j/k PgUp/PgDn scroll · / searches · l hides`,
      'dim',
    ),
  );
  for (const x of shown) lines.push(text(x));
  if (q && shown.length === 0) lines.push(text('no line holds it', 'dim'));
  return lines;
}
