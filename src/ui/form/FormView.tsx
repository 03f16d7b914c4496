// The open form, drawn in a bordered box: one row per visible field, the open option list of the focused
// select, errors under their fields, the service's error, the submit row and the keys line. Pure rendering of
// (spec, state): the keys go through formReduce in the App's one input dispatcher. Taller than its room, the
// fields scroll inside the border (form-window.ts): the title, the submit row and the keys line always show.

import { Box, Text } from 'ink';
import { maxOf } from '../../domain/lists.js';
import { sanitize } from '../../domain/sanitize.js';
import { displayWidth, truncate } from '../../domain/text.js';
import type { FormSpec } from '../../store/state/form-spec.js';
import { PLAIN_THEME, type Theme } from '../theme.js';
import { FieldBlock, type FieldBlockProps, fieldBlockHeight, type Layout } from './FieldBlock.js';
import { visibleFields } from './fields.js';
import { type FormState, LIST_WINDOW, SUBMIT_ROW } from './form-state.js';
import { type FieldRun, fieldRun, MORE_LINES, wrapLines } from './form-window.js';
import { serviceFieldsSummary } from './service-errors.js';
import { fieldErrors, shownError } from './validation.js';

/** How a failed submit is introduced: never "refused" when the service may have done it. */
const FAILURE_PREFIX = {
  refused: '✖ the service refused: ',
  failed: '✖ the request failed: ',
  unknown: '⚠ outcome unknown: ',
} as const;

export interface FormViewProps {
  spec: FormSpec;
  state: FormState;
  /**
   * Columns available; the box takes them less a margin (at least 76 columns, where they are), at most `maxWidth`
   * (a readable line), centred in them.
   */
  width: number;
  maxWidth?: number;
  /** Lines the form may take (the body under the header): taller, its fields scroll. Unset: no limit. */
  height?: number;
  /** Options shown at once in an open list (fewer when the height leaves less room). */
  listRows?: number;
  theme?: Theme;
}

/** A form's widest box: lines longer than this are hard to read. */
export const FORM_MAX_WIDTH = 110;
/** What a form keeps of a wide terminal on each side, so the screen behind it still shows. */
const FORM_MARGIN = 5;

/** The box's width on a terminal `width` wide: 76 at 80 columns, 90 at 100, 110 from 120 on. */
export function formWidth(width: number, maxWidth = FORM_MAX_WIDTH): number {
  return Math.max(20, Math.min(width, maxWidth, Math.max(76, width - 2 * FORM_MARGIN)));
}

export const FORM_HINTS = 'Tab next · Shift-Tab back · Enter choose · Ctrl-S submit · Esc cancel';
const LIST_HINTS = '↑/↓ move · type to filter · Enter choose · Esc close list';
const MULTI_HINTS = '↑/↓ move · type to filter · Space toggle · Enter done · Esc close list';

/** The keys line for the current state. */
export function formHints(spec: FormSpec, state: FormState): string {
  if (state.confirmDiscard) return 'discard changes? y/n';
  if (state.confirmResend) return 'it may have been done already: send again? y/n';
  if (state.submitting) return 'sending…';
  if (state.list) {
    const f = spec.fields.find((x) => x.id === state.list?.field);
    return f?.kind === 'multi-select' ? MULTI_HINTS : LIST_HINTS;
  }
  return FORM_HINTS;
}

function layoutFor(spec: FormSpec, inner: number): Layout {
  const longest = Math.max(4, maxOf(spec.fields.map((f) => displayWidth(sanitize(f.label)))));
  const labelWidth = Math.min(longest, Math.max(8, Math.floor(inner / 3)));
  const indentWidth = 2 + labelWidth + 2;
  return {
    inner,
    labelWidth,
    valueWidth: Math.max(4, inner - indentWidth),
    indent: Math.min(indentWidth, Math.max(0, inner - 24)),
    listIndent: Math.min(indentWidth, Math.max(0, inner - 30)),
  };
}

/** The form's parts that never scroll, as lines: everything but the notes and the fields. */
function fixedLines(
  inner: number,
  summary: string | undefined,
  refusal: string | undefined,
  service: string | undefined,
): number {
  return (
    2 /* border */ +
    1 /* title */ +
    1 /* the fields' top margin */ +
    (summary ? 1 + wrapLines(summary, inner).length : 0) +
    (refusal ? wrapLines(refusal, inner).length : 0) +
    (service ? 1 + 2 + wrapLines(service, inner - 4).length : 0) +
    2 /* submit row */ +
    1 /* keys line */
  );
}

interface Plan {
  notes: string[];
  blocks: FieldBlockProps[];
  run: FieldRun;
}

/**
 * What of the form fits in `height` lines: the notes (cut short, ending "…", only when even the focused field
 * and the "more" marks would not fit beside them), the fields' blocks and the run of them shown.
 */
function planForm(
  spec: FormSpec,
  state: FormState,
  layout: Layout,
  theme: Theme,
  fixed: number,
  height: number | undefined,
  listRows: number,
): Plan {
  const inner = layout.inner;
  const fields = visibleFields(spec, state.values);
  const errors = fieldErrors(spec, state.values);
  let notes = (spec.notes ?? []).flatMap((note) => wrapLines(sanitize(note, { multiline: true }), inner));
  let room = height === undefined ? Number.POSITIVE_INFINITY : height - fixed - notes.length;
  // An open list takes what the field's row, its filter and "more" marks leave of the room (at least 3 options).
  const rows = Math.max(3, Math.min(listRows, room - MORE_LINES - 4));
  const blocks: FieldBlockProps[] = fields.map((f) => ({
    field: f,
    state,
    error: shownError(state, errors, f.id),
    layout,
    listRows: rows,
    theme,
  }));
  const heights = blocks.map(fieldBlockHeight);
  const focus = state.focus === SUBMIT_ROW ? fields.length : fields.findIndex((f) => f.id === state.focus);
  const total = heights.reduce((a, b) => a + b, 0);
  const least = Math.min(total, (heights[Math.min(focus, fields.length - 1)] ?? 0) + MORE_LINES);
  if (room < least) {
    const keep = Math.max(0, notes.length - (least - room));
    notes = notes.slice(0, keep).map((line, i) => (i === keep - 1 ? truncate(`${line} …`, inner) : line));
    room = height === undefined ? room : height - fixed - notes.length;
  }
  return { notes, blocks, run: fieldRun(heights, focus, room) };
}

export function FormView({
  spec,
  state,
  width,
  height,
  maxWidth = FORM_MAX_WIDTH,
  listRows = LIST_WINDOW,
  theme = PLAIN_THEME,
}: FormViewProps) {
  const boxWidth = formWidth(width, maxWidth);
  const inner = boxWidth - 4;
  const layout = layoutFor(spec, inner);
  const summaryText = spec.summary?.(state.values);
  const summary = summaryText ? sanitize(summaryText, { multiline: true }) : undefined;
  const refusal = state.refusal ? `✖ ${sanitize(state.refusal)}` : undefined;
  // The fields the service refused (their messages are under them), then what it said of nothing on the form.
  const serviceLine = [serviceFieldsSummary(spec, state), state.serviceError].filter(Boolean).join('; ');
  const service = serviceLine
    ? FAILURE_PREFIX[state.serviceFailure ?? 'refused'] + sanitize(serviceLine, { multiline: true })
    : undefined;
  const fixed = fixedLines(inner, summary, refusal, service);
  const { notes, blocks, run } = planForm(spec, state, layout, theme, fixed, height, listRows);
  const count = blocks.length;
  return (
    <Box width={Math.max(width, boxWidth)} justifyContent="center">
      <Box
        flexDirection="column"
        width={boxWidth}
        borderStyle="round"
        borderColor={theme.accent}
        paddingX={1}
      >
        <Text bold wrap="truncate-end">
          {truncate(sanitize(spec.title), inner)}
        </Text>
        {notes.map((line, i) => (
          <Text key={i} color={theme.dim} wrap="truncate-end">
            {line}
          </Text>
        ))}
        <Box flexDirection="column" marginTop={1}>
          {run.start > 0 ? <MoreMark count={run.start} dir="↑" theme={theme} /> : null}
          {blocks.slice(run.start, run.end).map((b) => (
            <FieldBlock key={b.field.id} {...b} />
          ))}
          {run.end < count ? <MoreMark count={count - run.end} dir="↓" theme={theme} /> : null}
        </Box>
        {summary ? (
          <Box marginTop={1}>
            <Lines text={summary} width={inner} />
          </Box>
        ) : null}
        {refusal ? <Lines text={refusal} width={inner} color={theme.error} /> : null}
        {service ? (
          <Box borderStyle="single" borderColor={theme.error} paddingX={1} marginTop={1}>
            <Lines text={service} width={inner - 4} color={theme.error} />
          </Box>
        ) : null}
        <SubmitRow spec={spec} state={state} inner={inner} theme={theme} />
        <Text
          wrap="truncate-end"
          bold={state.confirmDiscard || state.confirmResend}
          color={state.confirmDiscard || state.confirmResend ? theme.warn : theme.dim}
        >
          {truncate(formHints(spec, state), inner)}
        </Text>
      </Box>
    </Box>
  );
}

/** "↑ 3 more fields" above the fields shown, "↓ 2 more fields" below. */
function MoreMark({ count, dir, theme }: { count: number; dir: '↑' | '↓'; theme: Theme }) {
  return (
    <Text color={theme.dim} wrap="truncate-end">
      {`  ${dir} ${count} more field${count === 1 ? '' : 's'}`}
    </Text>
  );
}

/** A text drawn as the lines wrapLines counts. */
function Lines({ text, width, color }: { text: string; width: number; color?: string | undefined }) {
  return (
    <Box flexDirection="column">
      {wrapLines(text, width).map((line, i) => (
        <Text key={i} color={color} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </Box>
  );
}

function SubmitRow({
  spec,
  state,
  inner,
  theme,
}: {
  spec: FormSpec;
  state: FormState;
  inner: number;
  theme: Theme;
}) {
  const focused = state.focus === SUBMIT_ROW;
  const label = state.submitting ? 'sending…' : sanitize(spec.submitLabel);
  return (
    <Box marginTop={1}>
      <Text
        bold={focused}
        inverse={focused}
        color={focused ? theme.selection : undefined}
        wrap="truncate-end"
      >
        {truncate(`${focused ? '›' : ' '} [ ${label} ]`, inner)}
      </Text>
    </Box>
  );
}
