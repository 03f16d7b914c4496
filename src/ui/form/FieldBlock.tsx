// One field of an open form: its row (label and value), the open option list of a focused select, and the line
// under it (an error, a notice, or the focused field's help). Its height is counted (fieldBlockHeight) from the
// same parts it draws, so a form that scrolls (form-window.ts) knows what fits.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { maxOf } from '../../domain/lists.js';
import { sanitize } from '../../domain/sanitize.js';
import { displayWidth, padTo, truncate } from '../../domain/text.js';
import type { FieldOption, FieldSpec, FormValue } from '../../store/state/form-spec.js';
import { TextInput, textInputState } from '../TextInput.js';
import type { Theme } from '../theme.js';
import type { FormState, OptionList } from './form-state.js';
import { wrapLines } from './form-window.js';
import { filterOptions, optionWindow } from './options.js';

export interface Layout {
  inner: number;
  labelWidth: number;
  valueWidth: number;
  /** Columns that put a sub-line (error, help) under the value column (less when the box is narrow). */
  indent: number;
  /** The same for an open option list, which needs more room. */
  listIndent: number;
}

/** What a field's block holds besides its row: the open option list's window, the line under it. */
interface BlockParts {
  list: ListShape | undefined;
  under: { text: string; tone: 'error' | 'dim' } | undefined;
}

interface ListShape {
  list: OptionList;
  filtered: { option: FieldOption; index: number }[];
  total: number;
  highlight: number;
  start: number;
  end: number;
}

function listShape(
  field: FieldSpec,
  state: FormState,
  list: OptionList | undefined,
  rows: number,
): ListShape | undefined {
  if (!list || (field.kind !== 'select' && field.kind !== 'multi-select')) return undefined;
  const options = field.options(state.values);
  const filtered = filterOptions(options, list.query);
  const highlight = Math.max(0, Math.min(filtered.length - 1, list.highlight));
  const { start, end } = optionWindow(filtered.length, highlight, rows);
  return { list, filtered, total: options.length, highlight, start, end };
}

function blockParts(
  field: FieldSpec,
  state: FormState,
  error: string | undefined,
  listRows: number,
): BlockParts {
  const focused = state.focus === field.id;
  const list = state.list?.field === field.id ? state.list : undefined;
  const notice = state.notice?.field === field.id ? state.notice : undefined;
  // A refusal, then the field's error, then a hint of why a key was not taken, then the focused field's help.
  const under =
    notice && !notice.hint
      ? { text: `✖ ${sanitize(notice.text)}`, tone: 'error' as const }
      : error !== undefined
        ? { text: `✖ ${sanitize(error)}`, tone: 'error' as const }
        : notice
          ? { text: sanitize(notice.text), tone: 'dim' as const }
          : focused && field.help && !list
            ? { text: sanitize(field.help), tone: 'dim' as const }
            : undefined;
  return { list: listShape(field, state, list, listRows), under };
}

/** The lines an open option list takes: its filter, the "more" marks, its options or "no option matches". */
function listHeight(shape: ListShape): number {
  const n = shape.filtered.length;
  return (
    1 + (shape.start > 0 ? 1 : 0) + (shape.end - shape.start) + (shape.end < n ? 1 : 0) + (n === 0 ? 1 : 0)
  );
}

export interface FieldBlockProps {
  field: FieldSpec;
  state: FormState;
  error: string | undefined;
  layout: Layout;
  listRows: number;
  theme: Theme;
}

/** The lines FieldBlock draws for these props. */
export function fieldBlockHeight({ field, state, error, layout, listRows }: FieldBlockProps): number {
  const parts = blockParts(field, state, error, listRows);
  return (
    1 +
    (parts.list ? listHeight(parts.list) : 0) +
    (parts.under ? wrapLines(parts.under.text, layout.inner - layout.indent).length : 0)
  );
}

export function FieldBlock({ field, state, error, layout, listRows, theme }: FieldBlockProps) {
  const focused = state.focus === field.id;
  const parts = blockParts(field, state, error, listRows);
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
      {parts.list && (field.kind === 'select' || field.kind === 'multi-select') ? (
        <OptionListView
          field={field}
          state={state}
          shape={parts.list}
          indent={layout.listIndent}
          width={layout.inner - layout.listIndent}
          theme={theme}
        />
      ) : null}
      {parts.under ? (
        <SubLine
          indent={layout.indent}
          width={layout.inner - layout.indent}
          text={parts.under.text}
          color={parts.under.tone === 'error' ? theme.error : theme.dim}
        />
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

/** A text wrapped at `width` (as fieldBlockHeight counts it), `indent` columns in. */
function SubLine({
  indent,
  width,
  text,
  color,
}: {
  indent: number;
  width: number;
  text: string;
  color: string | undefined;
}) {
  return (
    <Indented indent={indent}>
      {wrapLines(text, width).map((line, i) => (
        <Text key={i} color={color} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </Indented>
  );
}

/** One line `indent` columns in, cut at the box's edge. */
function MarkLine({ indent, text, color }: { indent: number; text: string; color: string | undefined }) {
  return (
    <Indented indent={indent}>
      <Text color={color} wrap="truncate-end">
        {text}
      </Text>
    </Indented>
  );
}

/** What an empty text field shows: its suggestion and the key that takes it, or its placeholder. */
function placeholderOf(f: { placeholder?: string; suggestion?: string }): string | undefined {
  if (f.suggestion) return `${sanitize(f.suggestion)}  → takes it`;
  return f.placeholder ? sanitize(f.placeholder) : undefined;
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
  shape,
  indent,
  width,
  theme,
}: {
  field: Extract<FieldSpec, { kind: 'select' | 'multi-select' }>;
  state: FormState;
  shape: ListShape;
  indent: number;
  width: number;
  theme: Theme;
}) {
  const { list, filtered, total, highlight, start, end } = shape;
  const n = filtered.length;
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
  const count = list.query ? `  ${n} of ${total}` : `  ${total} options`;
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
      {start > 0 ? <MarkLine indent={indent} text={`  ↑ ${start} more`} color={theme.dim} /> : null}
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
      {end < n ? <MarkLine indent={indent} text={`  ↓ ${n - end} more`} color={theme.dim} /> : null}
      {n === 0 ? (
        <MarkLine
          indent={indent}
          text={list.query ? `  no option matches “${query}”` : '  nothing to choose from (yet)'}
          color={theme.warn}
        />
      ) : null}
    </Box>
  );
}
