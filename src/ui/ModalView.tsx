// The four dialog kinds of the store's Modal union, drawn in a bordered box, and their key reducer. The dialog
// owns the keyboard while open: the App passes every key to modalReduce and, on done, calls the modal's
// onConfirm / onSubmit(value) / onChoose(value) itself (or just closes on 'cancel').
import { Box, Text } from 'ink';
import { duration } from '../domain/format.js';
import { sanitize } from '../domain/sanitize.js';
import { truncate } from '../domain/text.js';
import type { Modal as AnyModal } from '../store/state/ui-state.js';

/** The simple dialogs drawn here; forms have their own view (src/ui/form/FormView). */
export type Modal = Exclude<AnyModal, { kind: 'form' }>;

import {
  TEXT_INPUT_MAX,
  TextInput,
  type TextInputState,
  textInputReduce,
  textInputState,
} from './TextInput.js';
import { PLAIN_THEME, type Theme } from './theme.js';

export interface ModalLocalState {
  /** The typed text (type-to-confirm, prompt). */
  text: TextInputState;
  /** The highlighted option (choose). */
  index: number;
  /** The user typed or pressed Enter: the prompt's validation shows from then on. */
  touched: boolean;
  /** Why the last Enter did nothing ("the name does not match"); cleared by the next edit. */
  refusal?: string;
  /** What the last key could not do ("at most 4096 characters here: 120 left out"); cleared by the next key. */
  notice?: string;
}

export interface ModalResult {
  local: ModalLocalState;
  /** The dialog is over: the caller closes it and, on 'confirm' (or a confirm's 'alternative'), calls its callback. */
  done?: 'confirm' | 'cancel' | 'alternative';
  /** The prompt's text or the chosen option's value (with done: 'confirm'). */
  value?: string;
}

/** The local state a modal starts with. */
export function initModalState(modal: Modal): ModalLocalState {
  return {
    text: textInputState(modal.kind === 'prompt' ? modal.initial : ''),
    index: 0,
    touched: false,
  };
}

/** The prompt's validation error for the current text, if any. */
export function promptError(modal: Extract<Modal, { kind: 'prompt' }>, value: string): string | undefined {
  return modal.validate?.(value);
}

function edit(local: ModalLocalState, name: string, input: string, key: KeyLike | undefined): ModalResult {
  const text = textInputReduce(local.text, name, input, key, TEXT_INPUT_MAX);
  if (text === local.text) return local.notice ? { local: { ...local, notice: undefined } } : { local };
  const next: ModalLocalState = { text, index: local.index, touched: true };
  if (text.clipped) next.notice = `at most ${TEXT_INPUT_MAX} characters here: ${text.clipped} left out`;
  return { local: next };
}

/** "loading key pairs, images… 12s". */
export function loadingText(modal: Extract<Modal, { kind: 'loading' }>, now: number): string {
  return `loading ${modal.what}… ${duration(Math.max(0, now - modal.startedAt))}`;
}

type KeyLike = { ctrl?: boolean; meta?: boolean };

/**
 * One key for the open modal. `name` is keyName(input, key). Enter is refused (with `refusal` set) when the typed
 * name does not equal `expected` exactly or the prompt's text is invalid.
 */
export function modalReduce(
  modal: Modal,
  local: ModalLocalState,
  name: string,
  input: string,
  key?: KeyLike,
): ModalResult {
  if (name === 'esc') return { local, done: 'cancel' };
  switch (modal.kind) {
    case 'loading':
      return { local };
    case 'confirm':
      if (name === 'y' || name === 'Y') return { local, done: 'confirm' };
      if (modal.alternative && name === modal.alternative.key) return { local, done: 'alternative' };
      if (name === 'n' || name === 'N' || name === 'q') return { local, done: 'cancel' };
      if (name === 'enter') {
        return { local: { ...local, refusal: `press y to ${sanitize(modal.confirmLabel)}, or n to cancel` } };
      }
      return { local };
    case 'type-to-confirm':
      if (name === 'enter') {
        if (local.text.value === modal.expected) return { local, done: 'confirm' };
        return {
          local: { ...local, touched: true, refusal: 'that is not the exact name: nothing was done' },
        };
      }
      return edit(local, name, input, key);
    case 'prompt': {
      if (name === 'enter') {
        const error = promptError(modal, local.text.value);
        if (error === undefined) return { local, done: 'confirm', value: local.text.value };
        return { local: { ...local, touched: true } };
      }
      return edit(local, name, input, key);
    }
    case 'choose': {
      const n = modal.options.length;
      const move = (index: number) => ({ local: { ...local, index: Math.max(0, Math.min(n - 1, index)) } });
      switch (name) {
        case 'up':
        case 'k':
          return move(local.index - 1);
        case 'down':
        case 'j':
          return move(local.index + 1);
        case 'home':
        case 'g':
          return move(0);
        case 'end':
        case 'G':
          return move(n - 1);
        case 'q':
          return { local, done: 'cancel' };
        case 'enter': {
          const option = modal.options[local.index];
          return option ? { local, done: 'confirm', value: option.value } : { local };
        }
        default:
          return { local };
      }
    }
  }
}

export interface ModalViewProps {
  modal: Modal;
  local: ModalLocalState;
  /** Columns available; the box is at most `maxWidth` wide and centred in them. */
  width: number;
  maxWidth?: number;
  /** Most options of a choose dialog shown at once. */
  maxRows?: number;
  theme?: Theme;
  /** The time now (Date.now()), for a loading dialog's elapsed time. */
  now?: number;
}

/** Danger dialogs (danger confirms, type-to-confirm) carry ⚠ and the word, and are red when colour is on. */
export function isDanger(modal: Modal): boolean {
  return (modal.kind === 'confirm' && modal.danger === true) || modal.kind === 'type-to-confirm';
}

export function ModalView({
  modal,
  local,
  width,
  maxWidth = 64,
  maxRows = 10,
  theme = PLAIN_THEME,
  now = Date.now(),
}: ModalViewProps) {
  const boxWidth = Math.max(10, Math.min(width, maxWidth));
  const inner = boxWidth - 4;
  const danger = isDanger(modal);
  const title = `${danger ? '⚠ ' : ''}${sanitize(modal.title)}`;
  const message =
    modal.kind === 'loading' ? loadingText(modal, now) : sanitize(modal.message, { multiline: true });
  return (
    <Box width={width} justifyContent="center">
      <Box
        flexDirection="column"
        width={boxWidth}
        borderStyle={danger ? 'double' : 'round'}
        borderColor={danger ? theme.error : theme.accent}
        paddingX={1}
      >
        <Text bold color={danger ? theme.error : undefined} wrap="truncate-end">
          {truncate(title, inner)}
        </Text>
        {message ? <Text wrap="wrap">{message}</Text> : null}
        <Body modal={modal} local={local} inner={inner} maxRows={maxRows} theme={theme} />
        {local.refusal ? (
          <Text color={theme.error} wrap="wrap">
            ✖ {local.refusal}
          </Text>
        ) : null}
        {local.notice ? (
          <Text color={theme.warn} wrap="wrap">
            {local.notice}
          </Text>
        ) : null}
        <Box marginTop={1}>
          <Text wrap="truncate-end">{truncate(hints(modal), inner)}</Text>
        </Box>
      </Box>
    </Box>
  );
}

/** The keys line: "[y] ⚠ stop   [n] cancel". */
export function hints(modal: Modal): string {
  switch (modal.kind) {
    case 'confirm': {
      const alt = modal.alternative;
      const also = alt ? `   [${sanitize(alt.key)}] ${sanitize(alt.label)}` : '';
      return `[y] ${modal.danger ? '⚠ ' : ''}${sanitize(modal.confirmLabel)}${also}   [n] cancel`;
    }
    case 'type-to-confirm':
      return '[Enter] ⚠ confirm   [Esc] cancel';
    case 'prompt':
      return '[Enter] submit   [Esc] cancel';
    case 'choose':
      return '[↑/↓] move   [Enter] choose   [Esc] cancel';
    case 'loading':
      return '[Esc] cancel';
  }
}

interface BodyProps {
  modal: Modal;
  local: ModalLocalState;
  inner: number;
  maxRows: number;
  theme: Theme;
}

function InputLine({ state, inner }: { state: TextInputState; inner: number }) {
  return (
    <Box>
      <Text>{'> '}</Text>
      <TextInput state={state} width={Math.max(1, inner - 2)} />
    </Box>
  );
}

function Body({ modal, local, inner, maxRows, theme }: BodyProps) {
  switch (modal.kind) {
    case 'confirm':
    case 'loading':
      return null;
    case 'type-to-confirm': {
      const expected = sanitize(modal.expected);
      const typed = local.text.value;
      const matches = typed === modal.expected;
      return (
        <Box flexDirection="column">
          <InputLine state={local.text} inner={inner} />
          {matches ? (
            <Text color={theme.ok} wrap="truncate-end">
              {truncate('✓ matches: Enter confirms', inner)}
            </Text>
          ) : typed !== '' && !local.refusal ? (
            <Text color={theme.warn} wrap="truncate-end">
              {truncate(`does not match: type ${expected} exactly`, inner)}
            </Text>
          ) : null}
        </Box>
      );
    }
    case 'prompt': {
      const error = local.touched ? promptError(modal, local.text.value) : undefined;
      return (
        <Box flexDirection="column">
          <InputLine state={local.text} inner={inner} />
          {error ? (
            <Text color={theme.error} wrap="wrap">
              ✖ {sanitize(error)}
            </Text>
          ) : null}
        </Box>
      );
    }
    case 'choose': {
      const n = modal.options.length;
      const rows = Math.max(1, maxRows);
      const index = Math.max(0, Math.min(n - 1, local.index));
      const start = Math.max(0, Math.min(index - rows + 1, n - rows));
      const shown = modal.options.slice(start, start + rows);
      return (
        <Box flexDirection="column">
          {shown.map((o, i) => {
            const selected = start + i === index;
            return (
              <Text
                key={start + i}
                inverse={selected}
                color={selected ? theme.selection : undefined}
                wrap="truncate-end"
              >
                {truncate(`${selected ? '›' : ' '} ${sanitize(o.label)}`, inner)}
              </Text>
            );
          })}
          {n > rows ? (
            <Text dimColor={theme.color} wrap="truncate-end">
              {truncate(`${index + 1} of ${n}`, inner)}
            </Text>
          ) : null}
        </Box>
      );
    }
  }
}
