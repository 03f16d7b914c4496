import { Text } from 'ink';
import { PLAIN_THEME, type Theme } from '../theme.js';
import { sparkline } from './sparkline.js';

export interface SparklineProps {
  values: readonly (number | null | undefined)[];
  width: number;
  theme?: Theme;
}

/** A one-line sparkline, at most `width` columns. */
export function Sparkline({ values, width, theme = PLAIN_THEME }: SparklineProps) {
  return <Text color={theme.accent}>{sparkline(values, width)}</Text>;
}
