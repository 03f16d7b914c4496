// The open form, drawn in a bordered box: one row per visible field, the open option list of the focused
// select, errors under their fields, the service's error, the submit row and the keys line. Pure rendering of
// (spec, state): the keys go through formReduce in the App's one input dispatcher.

import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { maxOf } from '../../domain/lists.js';
import { sanitize } from '../../domain/sanitize.js';
import { displayWidth, padTo, truncate } from '../../domain/text.js';
import type { FieldOption, FieldSpec, FormSpec, FormValue } from '../../store/state/form-spec.js';
import { TextInput, textInputState } from '../TextInput.js';
import { PLAIN_THEME, type Theme } from '../theme.js';
import { visibleFields } from './fields.js';
import { type FormState, LIST_WINDOW, type OptionList, SUBMIT_ROW } from './form-state.js';
import { filterOptions, optionWindow } from './options.js';
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
  /** Options shown at once in an open list. */
  listRows?: number;
  theme?: Theme;
}

/** What an empty text field shows: its suggestion and the key that takes it, or its placeholder. */
function placeholderOf(f: { placeholder?: string; suggestion?: string }): string | undefined {
  if (f.suggestion) return `${sanitize(f.suggestion)}  → takes it`;
  return f.placeholder ? sanitize(f.placeholder) : undefined;
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

interface Layout {
  inner: number;
  labelWidth: number;
  valueWidth: number;
  /** Columns that put a sub-line (error, help) under the value column (less when the box is narrow). */
  indent: number;
  /** The same for an open option list, which needs more room. */
  listIndent: number;
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

export function FormView({
  spec,
  state,
  width,
  maxWidth = FORM_MAX_WIDTH,
  listRows = LIST_WINDOW,
  theme = PLAIN_THEME,
}: FormViewProps) {
  const boxWidth = formWidth(width, maxWidth);
  const inner = boxWidth - 4;
  const layout = layoutFor(spec, inner);
  const errors = fieldErrors(spec, state.values);
  const fields = visibleFields(spec, state.values);
  const summary = spec.summary?.(state.values);
  // The fields the service refused (their messages are under them), then what it said of nothing on the form.
  const serviceLine = [serviceFieldsSummary(spec, state), state.serviceError].filter(Boolean).join('; ');
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
        {(spec.notes ?? []).map((note, i) => (
          <Text key={i} color={theme.dim} wrap="wrap">
            {sanitize(note, { multiline: true })}
          </Text>
        ))}
        <Box flexDirection="column" marginTop={1}>
          {fields.map((f) => (
            <FieldBlock
              key={f.id}
              field={f}
              state={state}
              error={shownError(state, errors, f.id)}
              layout={layout}
              listRows={listRows}
              theme={theme}
            />
          ))}
        </Box>
        {summary ? (
          <Box marginTop={1}>
            <Text wrap="wrap">{sanitize(summary, { multiline: true })}</Text>
          </Box>
        ) : null}
        {state.refusal ? (
          <Text color={theme.error} wrap="wrap">
            ✖ {sanitize(state.refusal)}
          </Text>
        ) : null}
        {serviceLine ? (
          <Box borderStyle="single" borderColor={theme.error} paddingX={1} marginTop={1}>
            <Text color={theme.error} wrap="wrap">
              {FAILURE_PREFIX[state.serviceFailure ?? 'refused'] + sanitize(serviceLine, { multiline: true })}
            </Text>
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

interface FieldBlockProps {
  field: FieldSpec;
  state: FormState;
  error: string | undefined;
  layout: Layout;
  listRows: number;
  theme: Theme;
}

function FieldBlock({ field, state, error, layout, listRows, theme }: FieldBlockProps) {
  const focused = state.focus === field.id;
  const list = state.list?.field === field.id ? state.list : undefined;
  const notice = state.notice?.field === field.id ? state.notice.text : undefined;
  return (
    <Box flexDirection="column">
      <Box>
        <Text
          bold={focused}
          inverse={focused}
          color={focused ? theme.selection : undefined}
          wrap="truncate-end"
        >
          {`${focused ? '›' : ' '} ${padTo(sanitize(field.label), layout.labelWidth)}`}
        </Text>
        <Text> </Text>
        <Box width={layout.valueWidth + 1}>
          <Text> </Text>
          <FieldValue field={field} state={state} focused={focused} width={layout.valueWidth} theme={theme} />
        </Box>
      </Box>
      {list && (field.kind === 'select' || field.kind === 'multi-select') ? (
        <OptionListView
          field={field}
          state={state}
          list={list}
          indent={layout.listIndent}
          width={layout.inner - layout.listIndent}
          rows={listRows}
          theme={theme}
        />
      ) : null}
      {notice ? <SubLine indent={layout.indent} text={`✖ ${sanitize(notice)}`} color={theme.error} /> : null}
      {error !== undefined && !notice ? (
        <SubLine indent={layout.indent} text={`✖ ${sanitize(error)}`} color={theme.error} />
      ) : null}
      {focused && field.help && error === undefined && !list && !notice ? (
        <SubLine indent={layout.indent} text={sanitize(field.help)} color={theme.dim} />
      ) : null}
    </Box>
  );
}

/** A line (or lines) starting `indent` columns in, never pushed out of the box. */
function Indented({ indent, children }: { indent: number; children: ReactNode }) {
  return (
    <Box>
      {indent > 0 ? <Box width={indent} flexShrink={0} /> : null}
      <Box flexDirection="column" flexGrow={1} flexShrink={1}>
        {children}
      </Box>
    </Box>
  );
}

function SubLine({ indent, text, color }: { indent: number; text: string; color: string | undefined }) {
  return (
    <Indented indent={indent}>
      <Text color={color} wrap="wrap">
        {text}
      </Text>
    </Indented>
  );
}

function optionText(option: FieldOption): string {
  return sanitize(option.label) + (option.hint ? `  ${sanitize(option.hint)}` : '');
}

function FieldValue({
  field,
  state,
  focused,
  width,
  theme,
}: {
  field: FieldSpec;
  state: FormState;
  focused: boolean;
  width: number;
  theme: Theme;
}) {
  const value = state.values[field.id];
  const caret = focused && !state.submitting && !state.confirmDiscard && !state.confirmResend;
  switch (field.kind) {
    case 'text': {
      const input = state.inputs[field.id] ?? textInputState(typeof value === 'string' ? value : '');
      const count = [...input.value].length;
      const counter = field.counter && field.maxLength !== undefined ? ` ${count}/${field.maxLength}` : '';
      const over = field.maxLength !== undefined && count > field.maxLength;
      return (
        <Box>
          <Box width={Math.max(1, width - counter.length)}>
            <TextInput
              state={input}
              width={Math.max(1, width - counter.length)}
              focus={caret}
              placeholder={placeholderOf(field)}
            />
          </Box>
          {counter ? <Text color={over ? theme.error : theme.dim}>{counter}</Text> : null}
        </Box>
      );
    }
    case 'number': {
      const input = state.inputs[field.id] ?? textInputState(typeof value === 'number' ? String(value) : '');
      const range =
        field.min !== undefined || field.max !== undefined
          ? ` ${field.min ?? ''}–${field.max ?? ''}${focused ? ' (←/→ ±1)' : ''}`
          : focused
            ? ' (←/→ ±1)'
            : '';
      const shown = Math.max(1, Math.min(width - range.length, displayWidth(input.value) + 1));
      return (
        <Box>
          <Box width={shown}>
            <TextInput state={input} width={shown} focus={caret} />
          </Box>
          <Text color={theme.dim} wrap="truncate-end">
            {range}
          </Text>
        </Box>
      );
    }
    case 'toggle':
      return <Text>{value === true ? '[x] yes' : '[ ] no'}</Text>;
    case 'select': {
      const option = field.options(state.values).find((o) => o.value === value);
      const open = state.list?.field === field.id;
      const arrow = focused ? (open ? ' ▴' : ' ▾') : '';
      if (value === undefined) {
        return (
          <Text color={theme.dim} wrap="truncate-end">
            {truncate(`— choose —${arrow}`, width)}
          </Text>
        );
      }
      const text = option ? optionText(option) : sanitize(value);
      return <Text wrap="truncate-end">{truncate(text, width - arrow.length) + arrow}</Text>;
    }
    case 'multi-select': {
      const selected = Array.isArray(value) ? (value as readonly string[]) : [];
      const options = field.options(state.values);
      const open = state.list?.field === field.id;
      const arrow = focused ? (open ? ' ▴' : ' ▾') : '';
      if (selected.length === 0) {
        return (
          <Text color={theme.dim} wrap="truncate-end">
            {truncate(`none selected${arrow}`, width)}
          </Text>
        );
      }
      const labels = selected.map((v) => sanitize(options.find((o) => o.value === v)?.label ?? v));
      return (
        <Text wrap="truncate-end">
          {truncate(`${selected.length} selected: ${labels.join(', ')}`, width - arrow.length) + arrow}
        </Text>
      );
    }
  }
}

function selectedValues(value: FormValue): readonly string[] {
  if (Array.isArray(value)) return value as readonly string[];
  return typeof value === 'string' ? [value] : [];
}

function OptionListView({
  field,
  state,
  list,
  indent,
  width,
  rows,
  theme,
}: {
  field: Extract<FieldSpec, { kind: 'select' | 'multi-select' }>;
  state: FormState;
  list: OptionList;
  indent: number;
  width: number;
  rows: number;
  theme: Theme;
}) {
  const options = field.options(state.values);
  const filtered = filterOptions(options, list.query);
  const n = filtered.length;
  const highlight = Math.max(0, Math.min(n - 1, list.highlight));
  const { start, end } = optionWindow(n, highlight, rows);
  const shown = filtered.slice(start, end);
  const chosen = selectedValues(state.values[field.id]);
  const multi = field.kind === 'multi-select';
  const labelWidth = Math.min(
    maxOf(
      shown.map((x) => displayWidth(sanitize(x.option.label))),
      0,
    ),
    Math.max(8, Math.floor(width / 2)),
  );
  const query = sanitize(list.query);
  const count = list.query ? `  ${n} of ${options.length}` : `  ${options.length} options`;
  return (
    <Box flexDirection="column">
      <Indented indent={indent}>
        <Text wrap="truncate-end">
          {truncate(`filter: ${query}`, width - 1)}
          <Text inverse> </Text>
          <Text color={theme.dim}>
            {truncate(
              list.query ? count : `  type to filter${count}`,
              Math.max(0, width - 9 - displayWidth(query)),
            )}
          </Text>
        </Text>
      </Indented>
      {start > 0 ? <SubLine indent={indent} text={`  ↑ ${start} more`} color={theme.dim} /> : null}
      {shown.map(({ option }, i) => {
        const at = start + i;
        const lit = at === highlight;
        const on = chosen.includes(option.value);
        const mark = multi ? (on ? '[x]' : '[ ]') : on ? '●' : '○';
        let text = `${lit ? '›' : ' '} ${mark} ${padTo(sanitize(option.label), labelWidth)}`;
        if (option.disabled) text += `  ✖ ${sanitize(option.disabled)}`;
        if (option.hint) text += `  ${sanitize(option.hint)}`;
        return (
          <Indented key={`${at}:${option.value}`} indent={indent}>
            <Text
              inverse={lit}
              bold={lit}
              color={option.disabled ? theme.dim : lit ? theme.selection : undefined}
              wrap="truncate-end"
            >
              {truncate(text.trimEnd(), width)}
            </Text>
          </Indented>
        );
      })}
      {end < n ? <SubLine indent={indent} text={`  ↓ ${n - end} more`} color={theme.dim} /> : null}
      {n === 0 ? (
        <SubLine
          indent={indent}
          text={list.query ? `  no option matches “${query}”` : '  nothing to choose from (yet)'}
          color={theme.warn}
        />
      ) : null}
    </Box>
  );
}
