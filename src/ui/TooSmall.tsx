// Below the minimum size the app says so plainly instead of drawing a broken layout.
import { Text } from 'ink';

export const MIN_WIDTH = 80;
export const MIN_HEIGHT = 24;

export interface TooSmallProps {
  width: number;
  height: number;
  minWidth?: number;
  minHeight?: number;
}

export function isTooSmall(
  width: number,
  height: number,
  minWidth = MIN_WIDTH,
  minHeight = MIN_HEIGHT,
): boolean {
  return width < minWidth || height < minHeight;
}

/** "terminal too small: need 80×24, have 60×20". */
export function tooSmallText(
  width: number,
  height: number,
  minWidth = MIN_WIDTH,
  minHeight = MIN_HEIGHT,
): string {
  return `terminal too small: need ${minWidth}×${minHeight}, have ${Math.floor(width)}×${Math.floor(height)}`;
}

export function TooSmall({ width, height, minWidth = MIN_WIDTH, minHeight = MIN_HEIGHT }: TooSmallProps) {
  return <Text wrap="wrap">{tooSmallText(width, height, minWidth, minHeight)}</Text>;
}
