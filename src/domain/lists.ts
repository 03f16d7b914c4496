// Folds over lists, one element at a time. `Math.max(...values)` or `lines.push(...more)` puts every element on the
// stack: a long series from the service (150,000 metric points) overflows it. Spreading a list into a call is
// refused by test/unit/no-spread-calls.test.ts; these are what to call instead.

/** The largest of the values, or `empty` when there are none. NaN is skipped. */
export function maxOf(values: Iterable<number>, empty = Number.NEGATIVE_INFINITY): number {
  let max = empty;
  let any = false;
  for (const v of values) {
    if (Number.isNaN(v) || (any && v <= max)) continue;
    max = v;
    any = true;
  }
  return max;
}

/** The smallest of the values, or `empty` when there are none. NaN is skipped. */
export function minOf(values: Iterable<number>, empty = Number.POSITIVE_INFINITY): number {
  let min = empty;
  let any = false;
  for (const v of values) {
    if (Number.isNaN(v) || (any && v >= min)) continue;
    min = v;
    any = true;
  }
  return min;
}

/** The sum of the values. */
export function sumOf(values: Iterable<number>): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

/** Appends every item to `target` (in place), and returns it. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
