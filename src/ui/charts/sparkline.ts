/** Sparklines as plain text: "▁▂▅█▃". Missing values are spaces; the series is averaged down to fit the width. */

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
  const min = Math.min(...nums);
  const max = Math.max(...nums);
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
