import { Box, Text } from 'ink';
import { sanitize } from '../domain/sanitize.js';
import { padTo, truncate } from '../domain/text.js';
import { PLAIN_THEME, type Theme } from './theme.js';

/** One line of a detail pane: a section title, a label/value pair, or free text (already formatted). */
export type DetailLine =
  | { kind: 'section'; title: string }
  | { kind: 'field'; label: string; value: string; tone?: 'error' | 'warn' }
  | { kind: 'text'; text: string; tone?: 'error' | 'warn' | 'dim' };

export const section = (title: string): DetailLine => ({ kind: 'section', title });
export const field = (label: string, value: unknown, tone?: 'error' | 'warn'): DetailLine => ({
  kind: 'field',
  label,
  value: value === null || value === undefined || value === '' ? '—' : String(value),
  ...(tone ? { tone } : {}),
});
export const text = (t: string, tone?: 'error' | 'warn' | 'dim'): DetailLine => ({
  kind: 'text',
  text: t,
  ...(tone ? { tone } : {}),
});

/** Lines of pretty JSON, for the raw view (`y`). */
export function jsonLines(value: unknown): DetailLine[] {
  return JSON.stringify(value, null, 2)
    .split('\n')
    .map((l) => text(l));
}

/** Scrolling for any pane: returns the new first line, or undefined when the key is not a scroll key. */
export function scrollReduce(offset: number, name: string, total: number, page: number): number | undefined {
  const max = Math.max(0, total - page);
  const clamp = (n: number) => Math.max(0, Math.min(max, n));
  switch (name) {
    case 'j':
    case 'down':
      return clamp(offset + 1);
    case 'k':
    case 'up':
      return clamp(offset - 1);
    case 'pgdn':
    case 'ctrl+f':
    case ' ':
      return clamp(offset + page);
    case 'pgup':
    case 'ctrl+b':
      return clamp(offset - page);
    case 'g':
    case 'home':
      return 0;
    case 'G':
    case 'end':
      return max;
    default:
      return undefined;
  }
}

export interface DetailPaneProps {
  title: string;
  lines: readonly DetailLine[];
  width: number;
  /** Lines for the whole pane: title + body + hint. */
  height: number;
  offset: number;
  hint: string;
  theme?: Theme;
}

const LABEL_WIDTH = 18;

/** Columns of a field's label in a pane this wide. */
const labelWidth = (width: number) => Math.min(LABEL_WIDTH, Math.max(8, Math.floor(width / 3)));

/** Columns left for a field's value in a pane this wide (a long value is wrapped to it by its lines' maker). */
export const fieldValueWidth = (width: number) => Math.max(1, width - labelWidth(width) - 1);

export function detailBodyHeight(height: number): number {
  return Math.max(1, height - 2);
}

/** A scrollable pane of details; every string is sanitized (it may come from the service). */
export function DetailPane({
  title,
  lines,
  width,
  height,
  offset,
  hint,
  theme = PLAIN_THEME,
}: DetailPaneProps) {
  const body = detailBodyHeight(height);
  const shown = lines.slice(offset, offset + body);
  const pos =
    lines.length > body ? ` ${offset + 1}-${Math.min(lines.length, offset + body)}/${lines.length}` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent}>
        {truncate(`${sanitize(title)}${pos}`, width)}
      </Text>
      <Box flexDirection="column" height={body}>
        {shown.map((l, i) => (
          <DetailRow key={offset + i} line={l} width={width} theme={theme} />
        ))}
      </Box>
      <Text color={theme.dim}>{truncate(hint, width)}</Text>
    </Box>
  );
}

function DetailRow({ line, width, theme }: { line: DetailLine; width: number; theme: Theme }) {
  if (line.kind === 'section') {
    return (
      <Text bold underline>
        {truncate(sanitize(line.title), width)}
      </Text>
    );
  }
  const color =
    line.tone === 'error'
      ? theme.error
      : line.tone === 'warn'
        ? theme.warn
        : line.kind === 'text' && line.tone === 'dim'
          ? theme.dim
          : undefined;
  if (line.kind === 'text') return <Text color={color}>{truncate(sanitize(line.text), width) || ' '}</Text>;
  const label = padTo(`${sanitize(line.label)}`, labelWidth(width));
  return (
    <Text>
      <Text color={theme.dim}>{label} </Text>
      <Text color={color}>{truncate(sanitize(line.value), fieldValueWidth(width))}</Text>
    </Text>
  );
}
