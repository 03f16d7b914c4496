/** Sparklines as plain text: "▁▂▅█▃". Missing values are spaces; the series is averaged down to fit the width. */
import { maxOf, minOf } from '../../domain/lists.js';

export const SPARK_LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** Averages consecutive values into at most `width` buckets (missing values are skipped; an empty bucket is null). */
export function resample(values: readonly (number | null | undefined)[], width: number): (number | null)[] {
  const n = values.length;
  const w = Math.max(0, Math.floor(width));
  if (n <= w) return values.map((v) => (isNum(v) ? v : null));
  const out: (number | null)[] = [];
  for (let b = 0; b < w; b++) {
    const from = Math.floor((b * n) / w);
    const to = Math.floor(((b + 1) * n) / w);
    const bucket = values.slice(from, to).filter(isNum);
    out.push(bucket.length ? bucket.reduce((a, c) => a + c, 0) / bucket.length : null);
  }
  return out;
}

/** The sparkline of a series in at most `width` columns; a flat series sits on the middle level. */
export function sparkline(values: readonly (number | null | undefined)[], width: number): string {
  const points = resample(values, width);
  const nums = points.filter(isNum);
  if (nums.length === 0) return ' '.repeat(points.length);
  const min = minOf(nums);
  const max = maxOf(nums);
  const top = SPARK_LEVELS.length - 1;
  return points
    .map((v) => {
      if (v === null) return ' ';
      if (max === min) return SPARK_LEVELS[v === 0 ? 0 : 3];
      return SPARK_LEVELS[Math.round(((v - min) / (max - min)) * top)];
    })
    .join('');
}

function isNum(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * A sparkline `rows` lines high (top line first), each column filled to its value in eighths of a line, on a
 * scale from `range.min` (default 0) to `range.max` (default the largest value): a chart of a series that reads
 * without colour. A missing value is a blank column; a value above zero always shows at least an eighth.
 */
export function sparkRows(
  values: readonly (number | null | undefined)[],
  width: number,
  rows: number,
  range: { min?: number; max?: number } = {},
): string[] {
  const points = resample(values, width);
  const nums = points.filter(isNum);
  const min = range.min ?? 0;
  const max = Math.max(range.max ?? Math.max(min, maxOf(nums)), min);
  const h = Math.max(1, Math.floor(rows));
  const eighths = points.map((v) => {
    if (v === null || max === min) return v === null ? -1 : 0;
    const e = Math.round(((Math.min(max, Math.max(min, v)) - min) / (max - min)) * h * 8);
    return v > min ? Math.max(1, e) : 0;
  });
  const out: string[] = [];
  for (let row = h - 1; row >= 0; row--) {
    out.push(
      eighths
        .map((e) => {
          if (e < 0) return ' ';
          const inRow = e - row * 8;
          if (inRow >= 8) return '█';
          if (inRow <= 0) return row === 0 ? SPARK_LEVELS[0] : ' ';
          return SPARK_LEVELS[inRow - 1];
        })
        .join(''),
    );
  }
  return out;
}
