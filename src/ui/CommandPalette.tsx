// The ":" command palette: a prompt with completion over a list of commands. Typing filters (prefix matches
// first, then substring), Tab completes, ↑/↓ move the highlight, Enter runs, Esc closes. Keys go through
// paletteReduce (no useInput here); the App maps the returned command name to an action.

import { Box, Text } from 'ink';
import { maxOf } from '../domain/lists.js';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, padTo, truncate } from '../domain/text.js';
import { TextInput, type TextInputState, textInputReduce, textInputState } from './TextInput.js';
import { PLAIN_THEME, type Theme } from './theme.js';

export interface PaletteCommand {
  /** What is typed and what Enter returns: "vms", "region norway-1". */
  name: string;
  /** Other names that find it ("vm" for "vms"); Enter returns `name` for them too. */
  aliases?: readonly string[];
  description: string;
}

export interface PaletteState {
  /** What the user typed. */
  input: TextInputState;
  /** Index of the highlighted match in paletteMatches(commands, input). */
  highlight: number;
  /** The user moved the highlight since typing: Enter then runs the highlighted match. */
  moved?: boolean;
  /** Shown under the prompt after an Enter that ran nothing ("unknown command: foo"). */
  error?: string;
}

export const initialPaletteState: PaletteState = { input: textInputState(''), highlight: 0 };

/** Lower-case, trimmed, inner whitespace collapsed: "  Region   NORWAY-1 " → "region norway-1". */
export function normalizeCommand(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Commands matching the typed text: prefix matches first, then substring matches, each in list order. */
export function paletteMatches(commands: readonly PaletteCommand[], typed: string): PaletteCommand[] {
  const q = normalizeCommand(typed);
  if (q === '') return [...commands];
  const prefix: PaletteCommand[] = [];
  const inner: PaletteCommand[] = [];
  for (const c of commands) {
    const names = [c.name, ...(c.aliases ?? [])].map(normalizeCommand);
    if (names.some((n) => n.startsWith(q))) prefix.push(c);
    else if (names.some((n) => n.includes(q))) inner.push(c);
  }
  return [...prefix, ...inner];
}

export interface PaletteResult {
  state: PaletteState;
  /** A command name from the list, to run (the palette should then close). */
  run?: string;
  close?: true;
}

const fresh = (input: TextInputState): PaletteState => ({ input, highlight: 0 });

/**
 * One key for the palette. `name` is keyName(input, key). Enter runs, in order: the exact command typed; the
 * highlighted match once the user moved the highlight; the only match. Anything else leaves an error to show.
 */
export function paletteReduce(
  state: PaletteState,
  name: string,
  input: string,
  key: { ctrl?: boolean; meta?: boolean } | undefined,
  commands: readonly PaletteCommand[],
): PaletteResult {
  const matches = paletteMatches(commands, state.input.value);
  const highlight = Math.min(state.highlight, Math.max(0, matches.length - 1));
  switch (name) {
    case 'esc':
      return { state, close: true };
    case 'enter': {
      const typed = normalizeCommand(state.input.value);
      if (typed === '' && !state.moved) return { state, close: true };
      const exact =
        typed === ''
          ? undefined
          : commands.find((c) => [c.name, ...(c.aliases ?? [])].some((n) => normalizeCommand(n) === typed));
      const chosen = exact ?? (state.moved || matches.length === 1 ? matches[highlight] : undefined);
      if (chosen) return { state, run: chosen.name };
      const shown = truncate(sanitize(state.input.value.trim()), 40);
      const error =
        matches.length === 0
          ? `unknown command: ${shown}`
          : `ambiguous: ${shown} could be ${matches
              .slice(0, 3)
              .map((c) => c.name)
              .join(', ')}${matches.length > 3 ? ', …' : ''} (Tab completes)`;
      return { state: { ...state, highlight, error } };
    }
    case 'tab': {
      const pick = matches[highlight];
      if (!pick) return { state };
      return { state: fresh(textInputState(pick.name)) };
    }
    case 'up':
    case 'ctrl+p':
    case 'shift+tab':
      if (matches.length === 0) return { state };
      return {
        state: {
          input: state.input,
          moved: true,
          highlight: (highlight - 1 + matches.length) % matches.length,
        },
      };
    case 'down':
    case 'ctrl+n':
      if (matches.length === 0) return { state };
      return { state: { input: state.input, moved: true, highlight: (highlight + 1) % matches.length } };
    case 'backspace':
      // Backspace on an empty prompt leaves it, as in vim.
      if (state.input.value === '') return { state, close: true };
      break;
    default:
      break;
  }
  const next = textInputReduce(state.input, name, input, key);
  if (next === state.input) return { state };
  return { state: fresh(next) };
}

export interface CommandPaletteProps {
  state: PaletteState;
  commands: readonly PaletteCommand[];
  width: number;
  /** Most suggestions shown at once. */
  maxRows?: number;
  theme?: Theme;
}

/** The window of suggestions to show so the highlight stays visible. */
export function suggestionWindow(
  count: number,
  highlight: number,
  rows: number,
): { start: number; end: number } {
  const n = Math.max(1, rows);
  const start = Math.max(0, Math.min(highlight - n + 1, count - n));
  return { start, end: Math.min(count, start + n) };
}

export function CommandPalette({
  state,
  commands,
  width,
  maxRows = 6,
  theme = PLAIN_THEME,
}: CommandPaletteProps) {
  const matches = paletteMatches(commands, state.input.value);
  const highlight = Math.min(state.highlight, Math.max(0, matches.length - 1));
  const { start, end } = suggestionWindow(matches.length, highlight, maxRows);
  // An empty prompt's Enter runs nothing: mark a suggestion only once there is something Enter would run.
  const marked = state.moved || state.input.value.trim() !== '' ? highlight : -1;
  const nameCol = Math.min(
    24,
    maxOf(
      commands.map((c) => displayWidth(sanitize(c.name))),
      0,
    ),
  );
  return (
    <Box flexDirection="column" width={width}>
      <Box>
        <Text bold color={theme.accent}>
          :
        </Text>
        <TextInput state={state.input} width={Math.max(1, width - 1)} />
      </Box>
      {state.error ? (
        <Text color={theme.error} wrap="truncate-end">
          {truncate(`✖ ${state.error}`, width)}
        </Text>
      ) : null}
      {matches.length === 0 ? (
        <Text dimColor={theme.color} wrap="truncate-end">
          {truncate('  no matching command', width)}
        </Text>
      ) : (
        matches.slice(start, end).map((c, i) => {
          const selected = start + i === marked;
          const text = `${selected ? '›' : ' '} ${padTo(sanitize(c.name), nameCol)}  ${sanitize(c.description)}`;
          return (
            <Text
              key={c.name}
              inverse={selected}
              color={selected ? theme.selection : undefined}
              wrap="truncate-end"
            >
              {padTo(text, width)}
            </Text>
          );
        })
      )}
      {matches.length > end - start ? (
        <Text dimColor={theme.color} wrap="truncate-end">
          {truncate(`  ${matches.length - (end - start)} more (↑/↓)`, width)}
        </Text>
      ) : null}
    </Box>
  );
}
