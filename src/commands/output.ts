/** How `get` prints rows: the formats of -o, and whether colour is allowed. */
import { fileText, jsonSafe } from '../domain/file-text.js';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, padTo } from '../domain/text.js';

/** Colour only on a terminal, and never with NO_COLOR (any non-empty value) or --no-color. */
export function wantsColor(
  stdout: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  noColorFlag: boolean,
): boolean {
  return stdout.isTTY === true && !noColorFlag && !env.NO_COLOR;
}

export interface Grid {
  titles: readonly string[];
  /** Cells already sanitised: one line each, inert. */
  rows: readonly (readonly string[])[];
  aligns: readonly ('left' | 'right')[];
}

/** A cell of service text made printable on one line. */
export const cellText = (value: string): string => sanitize(value);

/** Columns aligned with two spaces between, titles first: what `awk`, `grep` and `column` read well. */
export function alignedText({ titles, rows, aligns }: Grid): string {
  const widths = titles.map((t, i) => rows.reduce((w, r) => Math.max(w, displayWidth(r[i] ?? '')), t.length));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) =>
        i === cells.length - 1 && aligns[i] !== 'right' ? c : padTo(c, widths[i] ?? 0, aligns[i]),
      )
      .join('  ');
  return [titles, ...rows].map(line).join('\n');
}

/**
 * Up to this many rows, `-o table` is drawn by ink-table through Ink. Ink lays a table out at some 3 ms a row and
 * holds every cell as an object: 10,000 rows would take half a minute and 700 MB. A longer list gets the same box
 * drawn as strings by `boxText` (test/unit/get-output.test.ts checks the two draw the same).
 */
export const INK_TABLE_MAX_ROWS = 2000;

const SGR = { bold: ['\x1b[1m', '\x1b[22m'], blueBold: ['\x1b[34m\x1b[1m', '\x1b[22m\x1b[39m'] } as const;

/** ink-table's box (a rule under the titles only, one space of padding), drawn without Ink. */
export function boxText({ titles, rows, aligns }: Grid, color: boolean): string {
  const widths = titles.map(
    (t, i) => rows.reduce((w, r) => Math.max(w, displayWidth(r[i] ?? '')), t.length) + 2,
  );
  const paint = (text: string, [on, off]: readonly [string, string]) => (color ? `${on}${text}${off}` : text);
  const rule = (left: string, cross: string, right: string) =>
    paint(`${left}${widths.map((w) => '─'.repeat(w)).join(cross)}${right}`, SGR.bold);
  const bar = paint('│', SGR.bold);
  const line = (cells: readonly string[], title: boolean) =>
    `${bar}${cells
      .map((c, i) => {
        const text = ` ${padTo(c, (widths[i] ?? 2) - 2, aligns[i])} `;
        return title ? paint(text, SGR.blueBold) : text;
      })
      .join(bar)}${bar}`;
  return [
    rule('┌', '┬', '┐'),
    line(titles, true),
    rule('├', '┼', '┤'),
    ...rows.map((r) => line(r, false)),
    rule('└', '┴', '┘'),
  ].join('\n');
}

/** The service's objects as JSON, inert (domain/file-text.ts: DEL, C1 and bidi controls escaped). */
export function jsonText(objects: unknown): string {
  return jsonSafe(objects, 2);
}

/**
 * Writes and waits until the text is handed over, so a large list is not cut short by the exit. A reader that
 * stopped early (`| head`) is not an error. Every secret is masked (domain/file-text.ts): this is where what a
 * command prints leaves.
 */
export async function write(stdout: NodeJS.WritableStream, text: Promise<string> | string): Promise<void> {
  const t = fileText(await text);
  if (!t) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error | null) => {
      stdout.off('error', done);
      if (err && (err as NodeJS.ErrnoException).code !== 'EPIPE') reject(err);
      else resolve();
    };
    stdout.on('error', done);
    stdout.write(t, done);
  });
}
