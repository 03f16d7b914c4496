// A form taller than the room it has scrolls inside its border: the title, the submit row and the keys line stay,
// and the fields show as a run that holds the focused one. Pure line counting, no React: the view draws every
// wrapped text as the lines counted here, so the count is the height drawn.
import { displayWidth, wrapWords } from '../../domain/text.js';

/**
 * `text` wrapped at `width` columns, its own line breaks kept (an empty line stays one line); a line that fits is
 * kept as it is, its spaces too ("+ prod  − staging").
 */
export function wrapLines(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => {
    if (line.trim() === '') return [''];
    return displayWidth(line) <= width ? [line] : wrapWords(line, width);
  });
}

/** The lines the "↑ n more" and "↓ n more" marks take when the fields scroll. */
export const MORE_LINES = 2;

export interface FieldRun {
  /** The first field shown (an index into the visible fields). */
  start: number;
  /** One past the last field shown. */
  end: number;
}

/**
 * The fields to show in `room` lines, each field `heights[i]` lines tall: all of them when they fit; else the
 * focused one (the submit row's focus, `focus` ≥ the count, counts as the last field), then the one Tab goes to,
 * then one above and one below in turn while they fit in what the two "more" marks leave.
 */
export function fieldRun(heights: readonly number[], focus: number, room: number): FieldRun {
  const n = heights.length;
  const total = heights.reduce((a, b) => a + b, 0);
  if (total <= room || n === 0) return { start: 0, end: n };
  const fits = room - MORE_LINES;
  const f = Math.max(0, Math.min(n - 1, focus));
  let start = f;
  let end = f + 1;
  let used = heights[f] ?? 0;
  let below = true;
  for (;;) {
    const after = end < n && used + (heights[end] ?? 0) <= fits;
    const before = start > 0 && used + (heights[start - 1] ?? 0) <= fits;
    if (!after && !before) break;
    if ((below && after) || !before) used += heights[end++] ?? 0;
    else used += heights[--start] ?? 0;
    below = !below;
  }
  return { start, end };
}
