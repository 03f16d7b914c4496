// The one-line result of the last action (or the service's error): a symbol per tone so it reads without colour,
// the text sanitized (it often quotes the service) and cut to the width.
import { Box, Text } from 'ink';
import { sanitize } from '../domain/sanitize.js';
import { truncate } from '../domain/text.js';
import type { StatusMessage } from '../store/state/ui-state.js';
import { PLAIN_THEME, type Theme } from './theme.js';

/** "✓ VM gpu-7 stopped": the visible text of a message, single-line, at most `width` columns. */
export function statusText(message: StatusMessage, width: number, theme: Theme = PLAIN_THEME): string {
  return truncate(`${theme.toneStyle(message.tone).symbol} ${sanitize(message.text)}`, width);
}

export interface StatusLineProps {
  message: StatusMessage | null | undefined;
  width: number;
  theme?: Theme;
}

export function StatusLine({ message, width, theme = PLAIN_THEME }: StatusLineProps) {
  return (
    <Box width={width} height={1}>
      {message ? (
        <Text color={theme.toneStyle(message.tone).color} wrap="truncate-end">
          {statusText(message, width, theme)}
        </Text>
      ) : (
        <Text> </Text>
      )}
    </Box>
  );
}
