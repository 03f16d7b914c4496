// The help overlay, generated from the same binding lists the dispatcher uses, so it cannot drift from the
// behaviour. The caller passes visible(bindings, readOnly) per layer: in read-only mode mutations are not listed.

import { Box, Text } from 'ink';
import { maxOf } from '../domain/lists.js';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, padTo, truncate } from '../domain/text.js';
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

export const MUTATION_NOTE = '(changes things)';
/** Before the reason of a key refused now. */
export const DISABLED_NOTE = '— not now:';
const KEY_COLUMN_MAX = 18;

/** All keys of a binding as shown: "j ↓", "r ^r". */
export function bindingKeys(b: Binding): string {
  return b.keys.map(keyLabel).join(' ');
}

/** The help's lines for a content width: a title per section, one line per binding, a blank between sections. */
export function helpLines(sections: readonly HelpSection[], width: number): HelpLine[] {
  const keyCol = Math.min(
    KEY_COLUMN_MAX,
    maxOf(
      sections.flatMap((s) => s.bindings.map((b) => displayWidth(bindingKeys(b)))),
      0,
    ),
  );
  const out: HelpLine[] = [];
  sections.forEach((s, i) => {
    if (s.bindings.length === 0) return;
    if (i > 0 && out.length > 0) out.push({ kind: 'blank', text: '' });
    out.push({ kind: 'title', text: truncate(sanitize(s.title), width) });
    for (const b of s.bindings) {
      const label =
        sanitize(b.label) +
        (b.mutation ? ` ${MUTATION_NOTE}` : '') +
        (b.disabled ? ` ${DISABLED_NOTE} ${sanitize(b.disabled)}` : '');
      const text = `  ${padTo(bindingKeys(b), keyCol)}  ${label}`;
      out.push({
        kind: 'binding',
        text: truncate(text, width),
        ...(b.mutation ? { mutation: true } : {}),
        ...(b.disabled ? { disabled: true } : {}),
      });
    }
  });
  return out;
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
  const lines = helpLines(props.sections, helpContentWidth(props.width)).length;
  return helpReduce(state, name, { lines, pageSize: helpPageSize(props.height) });
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
  const lines = helpLines(sections, inner);
  const pageSize = helpPageSize(height);
  const max = Math.max(0, lines.length - pageSize);
  const offset = Math.max(0, Math.min(max, state.offset));
  const shown = lines.slice(offset, offset + pageSize);
  const scrollable = lines.length > pageSize;
  const changes = sections.some((s) => s.bindings.some((b) => b.mutation));
  const position = scrollable
    ? `lines ${offset + 1}–${offset + shown.length} of ${lines.length}${offset < max ? ' ↓' : ''}${offset > 0 ? ' ↑' : ''}  j/k PgUp/PgDn scroll  `
    : '';
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
        {truncate(changes ? `Keys  (${CHANGE_MARK} in the footer: changes things)` : 'Keys', inner)}
      </Text>
      <Box flexDirection="column" height={pageSize}>
        {shown.map((l, i) => (
          <Text
            key={offset + i}
            bold={l.kind === 'title'}
            color={
              l.kind === 'title' ? theme.accent : l.disabled ? undefined : l.mutation ? theme.warn : undefined
            }
            dimColor={l.disabled && theme.color}
            wrap="truncate-end"
          >
            {l.text || ' '}
          </Text>
        ))}
      </Box>
      <Text dimColor={theme.color} wrap="truncate-end">
        {truncate(`${position}Esc or ? closes`, inner)}
      </Text>
    </Box>
  );
}
