// The help overlay, generated from the same binding lists the dispatcher uses, so it cannot drift from the
// behaviour. The caller passes visible(bindings, readOnly) per layer: in read-only mode mutations are not listed.

import { Box, Text } from 'ink';
import { maxOf } from '../domain/lists.js';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, padTo, truncate, wrapWords } from '../domain/text.js';
import type { Binding } from './bindings.js';
import { CHANGE_MARK, keyLabel } from './Footer.js';
import { PLAIN_THEME, type Theme } from './theme.js';

export interface HelpSection {
  /** "Global", "Table", "VMs". */
  title: string;
  bindings: readonly Binding[];
}

export interface HelpLine {
  kind: 'title' | 'binding' | 'blank';
  text: string;
  mutation?: boolean;
  /** The key is refused now; its line says why. */
  disabled?: boolean;
}

/** After the label of a key that changes something in the cloud (as in the footer). */
export const MUTATION_NOTE = CHANGE_MARK;
/** Before the reason of a key refused now. */
export const DISABLED_NOTE = '— not now:';
/** Before the reason of a key with nothing to do for the selected row. */
export const UNAVAILABLE_NOTE = '— not here:';
const KEY_COLUMN_MAX = 10;
/** The help's columns are at least this wide (fewer columns below it), with this gap between them. */
export const HELP_COLUMN_MIN = 36;
const COLUMN_GAP = 2;

/** All keys of a binding as shown: "j ↓", "r ^r". */
export function bindingKeys(b: Binding): string {
  return b.keys.map(keyLabel).join(' ');
}

/** What follows a binding's label: whether it changes things, and why it does nothing now or here. */
function labelOf(b: Binding): string {
  return (
    sanitize(b.label) +
    (b.mutation ? MUTATION_NOTE : '') +
    (b.unavailable ? ` ${UNAVAILABLE_NOTE} ${sanitize(b.unavailable)}` : '') +
    (b.disabled ? ` ${DISABLED_NOTE} ${sanitize(b.disabled)}` : '')
  );
}

/**
 * The help's lines for a column `width` wide: a title per section, a line per binding (a long one wrapped, its
 * next lines under its label), a blank between sections.
 */
export function helpLines(sections: readonly HelpSection[], width: number): HelpLine[] {
  const keyCol = Math.min(
    KEY_COLUMN_MAX,
    Math.max(1, Math.floor(width / 3)),
    maxOf(
      sections.flatMap((s) => s.bindings.map((b) => displayWidth(bindingKeys(b)))),
      0,
    ),
  );
  const out: HelpLine[] = [];
  const indent = ' '.repeat(keyCol + 4);
  sections.forEach((s, i) => {
    if (s.bindings.length === 0) return;
    if (i > 0 && out.length > 0) out.push({ kind: 'blank', text: '' });
    out.push({ kind: 'title', text: truncate(sanitize(s.title), width) });
    for (const b of s.bindings) {
      const marks = {
        ...(b.mutation ? { mutation: true } : {}),
        ...(b.disabled || b.unavailable ? { disabled: true } : {}),
      };
      const wrapped = wrapWords(labelOf(b), Math.max(10, width - indent.length));
      wrapped.forEach((part, at) => {
        const text = at === 0 ? `  ${padTo(bindingKeys(b), keyCol)}  ${part}` : `${indent}${part}`;
        out.push({ kind: 'binding', text: truncate(text, width), ...marks });
      });
    }
  });
  return out;
}

/** How the help is laid out in a box: its columns, how wide each is, and its rows (what scrolls). */
export interface HelpLayout {
  columns: number;
  columnWidth: number;
  /** Each row: one line per column (column by column, top to bottom, then the next column). */
  rows: HelpLine[][];
}

/** The help in as many columns as the content width takes (each at least HELP_COLUMN_MIN wide). */
export function helpLayout(sections: readonly HelpSection[], width: number, pageSize: number): HelpLayout {
  const inner = helpContentWidth(width);
  const most = Math.max(1, Math.floor((inner + COLUMN_GAP) / (HELP_COLUMN_MIN + COLUMN_GAP)));
  // No more columns than needed: when it fits in fewer, each is wider (fewer lines wrap).
  for (let columns = 1; columns <= most; columns++) {
    const columnWidth = Math.floor((inner - COLUMN_GAP * (columns - 1)) / columns);
    const lines = helpLines(sections, columnWidth);
    const height = Math.ceil(lines.length / columns);
    if (height <= pageSize || columns === most) {
      const cols = Array.from({ length: columns }, (_, c) => lines.slice(c * height, (c + 1) * height));
      const rows = Array.from({ length: height }, (_, r) =>
        cols.map((col) => col[r] ?? { kind: 'blank' as const, text: '' }),
      );
      return { columns, columnWidth, rows };
    }
  }
  return { columns: 1, columnWidth: inner, rows: [] };
}

/** Rows of bindings visible at once inside a box `height` rows tall (border, title and hint lines excluded). */
export function helpPageSize(height: number): number {
  return Math.max(1, Math.floor(height) - 4);
}

/** Columns for text inside a box `width` wide (border and padding excluded). */
export function helpContentWidth(width: number): number {
  return Math.max(1, Math.floor(width) - 4);
}

export interface HelpState {
  /** First visible line. */
  offset: number;
}

export const initialHelpState: HelpState = { offset: 0 };

export interface HelpView {
  /** Number of lines (helpLines(...).length). */
  lines: number;
  pageSize: number;
}

/** Scrolls with j/k/↑/↓, PgUp/PgDn (^b/^f, space), g/G/Home/End; Esc, ? and q close. */
export function helpReduce(
  state: HelpState,
  name: string,
  view: HelpView,
): { state: HelpState; close?: true } {
  const max = Math.max(0, view.lines - view.pageSize);
  const to = (offset: number) => {
    const o = Math.max(0, Math.min(max, offset));
    return { state: o === state.offset ? state : { offset: o } };
  };
  switch (name) {
    case 'esc':
    case '?':
    case 'q':
      return { state, close: true };
    case 'j':
    case 'down':
      return to(state.offset + 1);
    case 'k':
    case 'up':
      return to(state.offset - 1);
    case 'pgdn':
    case 'ctrl+f':
    case ' ':
      return to(state.offset + view.pageSize);
    case 'pgup':
    case 'ctrl+b':
      return to(state.offset - view.pageSize);
    case 'g':
    case 'home':
      return to(0);
    case 'G':
    case 'end':
      return to(max);
    default:
      return { state };
  }
}

/** helpReduce for the overlay as rendered with these props: what the App's dispatcher calls. */
export function handleHelpKey(
  state: HelpState,
  name: string,
  props: { sections: readonly HelpSection[]; width: number; height: number },
): { state: HelpState; close?: true } {
  const pageSize = helpPageSize(props.height);
  const lines = helpLayout(props.sections, props.width, pageSize).rows.length;
  return helpReduce(state, name, { lines, pageSize });
}

export interface HelpOverlayProps {
  sections: readonly HelpSection[];
  state: HelpState;
  width: number;
  height: number;
  theme?: Theme;
}

export function HelpOverlay({ sections, state, width, height, theme = PLAIN_THEME }: HelpOverlayProps) {
  const inner = helpContentWidth(width);
  const pageSize = helpPageSize(height);
  const { rows, columnWidth } = helpLayout(sections, width, pageSize);
  const max = Math.max(0, rows.length - pageSize);
  const offset = Math.max(0, Math.min(max, state.offset));
  const shown = rows.slice(offset, offset + pageSize);
  const scrollable = rows.length > pageSize;
  const changes = sections.some((s) => s.bindings.some((b) => b.mutation));
  const position = scrollable
    ? `lines ${offset + 1}–${offset + shown.length} of ${rows.length}${offset < max ? ' ↓' : ''}${offset > 0 ? ' ↑' : ''}  j/k PgUp/PgDn scroll  `
    : '';
  const colour = (l: HelpLine) =>
    l.kind === 'title' ? theme.accent : l.disabled ? undefined : l.mutation ? theme.warn : undefined;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="round"
      borderColor={theme.accent}
      paddingX={1}
    >
      <Text bold wrap="truncate-end">
        {truncate(
          changes
            ? `Keys  (${CHANGE_MARK} changes things; "not now" and "not here" say why a key does nothing)`
            : 'Keys',
          inner,
        )}
      </Text>
      <Box flexDirection="column" height={pageSize}>
        {shown.map((row, i) => (
          <Text key={offset + i} wrap="truncate-end">
            {row.map((l, c) => (
              <Text key={c} bold={l.kind === 'title'} color={colour(l)} dimColor={l.disabled && theme.color}>
                {c > 0 ? ' '.repeat(COLUMN_GAP) : ''}
                {c < row.length - 1 ? padTo(l.text, columnWidth) : l.text || ' '}
              </Text>
            ))}
          </Text>
        ))}
      </Box>
      <Text dimColor={theme.color} wrap="truncate-end">
        {truncate(`${position}Esc or ? closes`, inner)}
      </Text>
    </Box>
  );
}
