import { pushAll } from '../../domain/lists.js';
import { wrapWords } from '../../domain/text.js';
import type { ConsoleState } from '../../store/actions/vm-console.js';
import { type DetailLine, section, text } from '../DetailPane.js';

/** Cuts a long text into lines of `width` (a URL is shown whole, so it can be read off the screen). */
function chunks(s: string, width: number): string[] {
  const w = Math.max(10, width);
  const out: string[] = [];
  for (let i = 0; i < s.length; i += w) out.push(s.slice(i, i + w));
  return out;
}

/** The Console section of a VM's detail, once a console was asked for (nothing before). */
export function consoleLines(c: ConsoleState | undefined, width: number): DetailLine[] {
  if (!c) return [];
  const lines = [section('Console')];
  if (c.state === 'requesting') lines.push(text('◐ requesting a console…', 'warn'));
  else if (c.state === 'failed')
    pushAll(
      lines,
      wrapWords(`✖ no console: ${c.error}`, width).map((l) => text(l, 'error')),
    );
  else {
    pushAll(
      lines,
      chunks(c.url, width).map((l) => text(l)),
    );
    lines.push(
      text(
        'V copies it. It opens the VM’s screen to whoever has it: it is kept here only, never logged.',
        'dim',
      ),
    );
  }
  return lines;
}
