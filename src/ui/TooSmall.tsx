// Below the minimum size the app says so plainly instead of drawing a broken layout.
import { Text } from 'ink';

export interface Size {
  width: number;
  height: number;
}

/** The smallest terminal the app draws in. */
export const MIN_SIZE: Size = { width: 80, height: 24 };

export function isTooSmall(have: Size, need: Size = MIN_SIZE): boolean {
  return have.width < need.width || have.height < need.height;
}

/** "terminal too small: need 80×24, have 60×20". */
export function tooSmallText(have: Size, need: Size = MIN_SIZE): string {
  return `terminal too small: need ${need.width}×${need.height}, have ${Math.floor(have.width)}×${Math.floor(have.height)}`;
}

export function TooSmall(have: Size) {
  return <Text wrap="wrap">{tooSmallText(have)}</Text>;
}
