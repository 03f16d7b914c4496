import { Box, Text } from 'ink';
import { truncate } from '../../domain/text.js';
import { PLAIN_THEME, type Theme } from '../theme.js';
import { type BarItem, type BarOptions, barLines } from './bar.js';

export interface BarChartProps extends BarOptions {
  title?: string;
  items: readonly BarItem[];
  width: number;
  theme?: Theme;
}

/** A titled horizontal bar chart, one item per line, values printed (readable without colour). */
export function BarChart({ title, items, width, theme = PLAIN_THEME, ...opts }: BarChartProps) {
  const lines = barLines(items, width, opts);
  return (
    <Box flexDirection="column" width={width}>
      {title ? <Text bold>{truncate(title, width)}</Text> : null}
      {lines.map((l, i) => (
        <Text key={i} color={theme.accent}>
          {l}
        </Text>
      ))}
    </Box>
  );
}
