/** Small helpers for the benchmarks: medians and ratio lines (figures are always ratios from one run). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export function timeIt(fn: () => void, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

export function report(name: string, ratio: number, target: number | undefined, detail: string): string {
  const verdict =
    target === undefined
      ? ''
      : ratio <= target
        ? `  (target ≤ ${target}×: met)`
        : `  (target ≤ ${target}×: MISSED)`;
  return `${name}: ${ratio.toFixed(2)}×${verdict}\n    ${detail}`;
}
