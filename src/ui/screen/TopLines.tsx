/** The few lines a screen of several panes or views shows on top (a summary of the whole: plain, bold or dim). */
import { Text } from 'ink';
import { truncate } from '../../domain/text.js';
import { useApp } from './context.js';

/** A line on top: the screen's summary of the whole (plain, bold or dim). */
export interface TopLine {
  text: string;
  tone?: 'bold' | 'dim';
}

export function TopLines({ lines, width }: { lines: readonly TopLine[]; width: number }) {
  const { theme } = useApp();
  return lines.map((line, i) => (
    <Text
      key={i}
      bold={line.tone === 'bold'}
      color={line.tone === 'dim' ? theme.dim : undefined}
      wrap="truncate-end"
    >
      {truncate(line.text || ' ', width)}
    </Text>
  ));
}
